import FoundationEssentials
#if canImport(Glibc)
import Glibc
import SystemPackage
#endif

/// An open directory that output is written into. Names inside it are resolved against the open
/// descriptor (openat, renameat, unlinkat), so every file lands in this one directory even if
/// its path is renamed meanwhile, and no link inside it is followed.
package final class OutputDirectory {
    /// The directory as the user wrote it, for messages.
    package let path: String
    let fd: Int32

    /// Opens `path`, first creating it and its parents if `create`. Links in `path` are followed:
    /// it is the user's path.
    package init(_ path: String, create: Bool = true) throws {
        guard !path.isEmpty else { throw OutputRefusal("an empty path is not a directory") }
        if create { try Self.createDirectories(path) }
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw FileFailure("write into", path, reason: code == ENOTDIR ? "it is not a directory" : FileFailure.reason(code))
        }
        self.path = path
        self.fd = fd
    }

    deinit { close(fd) }

    /// `mkdir -p`, with errors in words.
    package static func createDirectories(_ path: String) throws {
        switch EntryKind.following(path) {
        case .directory: return
        case .missing:
            if EntryKind.of(path) == .symlink {
                throw FileFailure("create directory", path, reason: "it is a symbolic link to something missing")
            }
        default:
            throw FileFailure("create directory", path, reason: "it exists and is not a directory")
        }
        let parent = FilePath(path).directoryText
        if parent != path && parent != "." && parent != "/" {
            try createDirectories(parent)
        }
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw FileFailure("create directory", path, errno: errno)
        }
    }

    /// `path/name` for messages.
    package func display(_ name: String) -> String { FilePath.joined(path, name) }

    /// The names in the directory, `.` and `..` left out.
    package func names() throws -> [String] {
        let copy = dup(fd)
        guard copy >= 0, let stream = fdopendir(copy) else {
            let code = errno
            if copy >= 0 { close(copy) }
            throw FileFailure("list", path, errno: code)
        }
        defer { closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// What stands under `name`; a link is reported as a link.
    package func kind(of name: String) -> EntryKind {
        var info = stat()
        return fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? EntryKind(mode: info.st_mode) : .missing
    }

    /// Removes `name` (a link is removed, not what it points to). A missing name is no error.
    package func remove(_ name: String) throws {
        if unlinkat(fd, name, 0) != 0 && errno != ENOENT {
            throw FileFailure("remove", display(name), errno: errno)
        }
    }

    /// A new temporary file in this directory that will become `name`.
    package func temporaryFile(for name: String, display: String? = nil) throws -> TemporaryFile {
        try TemporaryFile(in: self, for: name, display: display ?? self.display(name))
    }

    /// Writes `bytes` as `name`, whole or not at all.
    package func writeAtomically(_ name: String, _ bytes: UnsafeRawBufferPointer, display: String? = nil) throws {
        let file = try temporaryFile(for: name, display: display)
        do {
            try file.write(bytes)
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }
}
