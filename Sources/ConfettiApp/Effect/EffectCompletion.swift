import ConfettiCore
import FoundationEssentials
import Glibc

/// What a shell completes an effect argument with, asked of the binary as it completes: the
/// built-in presets and the named effects of the effect folders that start with what is typed,
/// and once it holds a `/`, the effect files and folders at that path.
package enum EffectCompletion {
    /// Candidates for `prefix`, sorted, each once.
    package static func candidates(_ prefix: String, folders: EffectFolders = .standard) -> [String] {
        if prefix.contains("/") { return paths(prefix) }
        let names = Effect.presets.map(\.name) + folders.names()
        var seen = Set<String>()
        return names.filter { $0.hasPrefix(prefix) && seen.insert($0).inserted }.sorted()
    }

    /// Effect files (`.json`) and folders in the folder `prefix` names, that start as it does.
    static func paths(_ prefix: String) -> [String] {
        let slash = prefix.lastIndex(of: "/")!
        let folder = String(prefix[...slash])
        let start = String(prefix[prefix.index(after: slash)...])
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        return entries.prefix(EffectFolders.maxEntries).compactMap { entry -> String? in
            guard entry.hasPrefix(start), !entry.hasPrefix(".") || start.hasPrefix(".") else { return nil }
            var info = stat()
            guard stat(folder + entry, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT == S_IFDIR { return folder + entry + "/" }
            return entry.hasSuffix(EffectFolders.fileExtension) ? folder + entry : nil
        }.sorted()
    }
}
