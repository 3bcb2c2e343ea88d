import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What is at a path, without following a link there.
package enum EntryKind: Equatable, Sendable {
    case missing, file, directory, symlink, other

    init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symlink
        default: self = .other
        }
    }

    /// lstat(2): a link is reported as a link.
    package static func of(_ path: String) -> EntryKind {
        var info = stat()
        return lstat(path, &info) == 0 ? EntryKind(mode: info.st_mode) : .missing
    }

    /// stat(2): a link is reported as what it points to (or missing if it dangles).
    package static func following(_ path: String) -> EntryKind {
        var info = stat()
        return stat(path, &info) == 0 ? EntryKind(mode: info.st_mode) : .missing
    }
}
