import ConfettiCore
import FoundationEssentials
import Glibc

/// `confetti presets`: the built-in effects, then the named effects of the effect folders
/// (`EffectFolders`), listed, printed as effect files, or saved into the user's folder.
package enum PresetList {
    /// `confetti presets [NAME] [--save NEW [--force]]`: the listing (its notes on stderr), the
    /// effect as a file, or the copy saved and its path printed.
    package static func runInForeground(name: String?, save: String?, force: Bool) throws {
        if save != nil, name == nil { throw OptionRefusal("--save copies an effect: name one first (confetti presets confetti --save party)") }
        if force, save == nil { throw OptionRefusal("--force replaces the file --save writes: give --save NEW too") }
        guard let name else {
            let listing = listing()
            for note in listing.notes { StandardStream.error("confetti: warning: \(note)\n") }
            for line in listing.lines { print(line) }
            return
        }
        print(try save.map { try Self.save(name, as: $0, force: force) } ?? effectFile(name))
    }

    /// One named effect as the listing found it.
    package struct Entry: Sendable {
        package var name: String
        package var path: String
        package var place: EffectFolders.Place
        /// What it is ("a confetti effect"), or why it is not played: broken, or hidden by a
        /// built-in preset or an earlier folder's file of the same name.
        package var summary: String
        package var playable: Bool
    }

    /// What `confetti presets` prints: `lines` on standard output, `notes` (files skipped, a
    /// folder that cannot be looked in) on standard error.
    package struct Listing: Sendable {
        package var lines: [String]
        package var notes: [String]
        package var entries: [Entry]
    }

    /// The built-ins, one line each (the name padded to a column, then what it is), then each
    /// folder's effects under a heading that names the folder. Every file listed is read and
    /// checked, so a broken one is marked with its reason; at most `EffectFolders.maxListed`
    /// a folder, the rest counted.
    package static func listing(folders: EffectFolders = .standard) -> Listing {
        let builtIn = Set(Effect.presets.map(\.name))
        var taken: [String: String] = [:]
        var entries: [Entry] = []
        var notes: [String] = []
        var sections: [(heading: String, entries: [Entry], more: Int)] = []
        for folder in folders.folders {
            let (names, skipped) = EffectFolders.entries(of: folder.path)
            notes += skipped
            var listed: [Entry] = []
            for name in names.prefix(EffectFolders.maxListed) {
                let path = EffectFolders.joined(folder.path, name + EffectFolders.fileExtension)
                var entry = Entry(name: name, path: path, place: folder.place, summary: "", playable: false)
                if builtIn.contains(name) {
                    entry.summary = "not played: the built-in preset '\(name)' has this name"
                } else if let earlier = taken[name] {
                    entry.summary = "not played: \(InputFile.display(earlier)) has this name first"
                } else {
                    taken[name] = path
                    do {
                        let effect = try EffectReference.file(path).resolve(among: .none).effect
                        entry.summary = "a \(effect.kind.rawValue) effect"
                        entry.playable = true
                    } catch {
                        entry.summary = "broken: " + oneLine("\(error)")
                    }
                }
                listed.append(entry)
            }
            entries += listed
            let heading = "\(folder.place == .user ? "Your effects" : "Shared effects") (\(InputFile.display(folder.path))):"
            sections.append((heading, listed, max(0, names.count - EffectFolders.maxListed)))
        }
        let width = (Effect.presets.map(\.name.count) + entries.map(\.name.count)).max()! + 1
        func padded(_ name: String) -> String { name + String(repeating: " ", count: max(0, width - name.count)) }
        var lines = Effect.presets.map { "\(padded($0.name)) \($0.summary)" }
        for section in sections where !section.entries.isEmpty {
            lines.append("")
            lines.append(section.heading)
            lines += section.entries.map { "\(padded($0.name)) \($0.summary)" }
            if section.more > 0 { lines.append("… and \(section.more) more, not listed (at most \(EffectFolders.maxListed) a folder)") }
        }
        return Listing(lines: lines, notes: notes, entries: entries)
    }

    /// The effect `name` names (a preset, a named effect, a path or `-`) as an effect file to
    /// start from; one read from a file has its pictures' paths made absolute, so that the
    /// copy finds them wherever it is saved. Refused as `EffectReference` refuses it.
    package static func effectFile(_ name: String, folders: EffectFolders = .standard) throws -> String {
        let resolved = try EffectSource.resolve(name, folders: folders)
        return text(of: resolved)
    }

    /// The effect file's text of `resolved`.
    static func text(of resolved: ResolvedEffect) -> String {
        guard resolved.file != nil else { return EffectFile.encode(resolved.effect) }
        return EffectFile.encode(resolved.absoluteImagePaths(directory: ResidentFire.currentDirectory()))
    }

    /// `confetti presets NAME --save NEW`: the effect `name` names written as `NEW.json` into
    /// the user's folder (made when missing), whole or not at all; an existing file is kept
    /// unless `force`. Returns the path written.
    package static func save(_ name: String, as new: String, force: Bool, folders: EffectFolders = .standard) throws -> String {
        guard EffectReference.isName(new) else {
            throw OptionRefusal("--save \(printable(new, limit: 80)): \(EffectReference.nameRule)")
        }
        guard let folder = folders.userFolder else {
            throw OptionRefusal("--save writes into $XDG_CONFIG_HOME/confetti/effects, but neither XDG_CONFIG_HOME nor HOME is an absolute path: set one")
        }
        if Effect.preset(new) != nil {
            throw OptionRefusal("--save \(new): '\(new)' is a built-in preset's name, which would win over the file: choose another name")
        }
        let resolved = try EffectSource.resolve(name, folders: folders)
        let path = EffectFolders.joined(folder, new + EffectFolders.fileExtension)
        var info = stat()
        if !force, lstat(path, &info) == 0 {
            throw OptionRefusal("\(InputFile.display(path)) is already there: give --force to replace it")
        }
        try AtomicFile.write(Array((text(of: resolved) + "\n").utf8), to: path)
        return path
    }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
