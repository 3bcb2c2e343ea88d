import FoundationEssentials
import Glibc

/// Notices when files change, by polling their modification times (cheap for a handful of
/// files, and it works on every file system).
package struct FileWatcher {
    package let paths: [String]
    private var stamps: [String: Date?]

    package init(paths: [String]) {
        self.paths = paths
        stamps = Dictionary(uniqueKeysWithValues: paths.map { ($0, Self.stamp($0)) })
    }

    static func stamp(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }

    /// True once for each batch of changes since the last call.
    package mutating func changed() -> Bool {
        var any = false
        for path in paths {
            let now = Self.stamp(path)
            if now != stamps[path] ?? nil {
                stamps[path] = now
                any = true
            }
        }
        return any
    }
}
