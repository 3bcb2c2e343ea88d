import Foundation
#if canImport(Glibc)
import Glibc
#endif

// Writing output so that no file is ever half-written: every file goes to a temporary name in
// its own directory and is renamed into place once complete. rename(2) within one directory is
// atomic, so a reader (or a crash, a full disk, a signal) sees the old file or the new one,
// never a prefix of it.
//
// Links: a path the user names (--out, --json, --plot) is theirs, and symbolic links in it are
// followed. Names confetti makes up inside a directory (frames, temporary files, the lock) are
// never followed: they are opened with O_NOFOLLOW, and rename(2) replaces a link that stands
// under a final name instead of writing through it.

/// A file-system failure as one line: what could not be done to which path, and why, in words.
package struct FileFailure: Error, CustomStringConvertible, Sendable, Equatable {
    package var action: String
    package var path: String
    package var reason: String

    package init(_ action: String, _ path: String, reason: String) {
        self.action = action
        self.path = path
        self.reason = reason
    }

    package init(_ action: String, _ path: String, errno code: Int32) {
        self.init(action, path, reason: Self.reason(code))
    }

    package var description: String { "cannot \(action) \(path): \(reason)" }

    /// errno in words, lower case, as the rest of a one-line message.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case EROFS: return "read-only file system"
        case EACCES, EPERM: return "permission denied"
        case ENOSPC: return "no space left on device"
        case EDQUOT: return "disk quota exceeded"
        case EFBIG: return "file too large"
        case ENOENT: return "no such file or directory"
        case ENOTDIR: return "a part of the path is not a directory"
        case EISDIR: return "it is a directory"
        case ENAMETOOLONG: return "file name too long"
        case EIO: return "input/output error"
        case ELOOP: return "too many levels of symbolic links"
        case EEXIST: return "it already exists"
        case EMFILE, ENFILE: return "too many open files"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}

/// A refusal that is not an errno: one line, said as it is.
package struct OutputRefusal: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

/// Path text as the user wrote it, for messages and for the few calls that take a path.
package enum PathText {
    /// `dir/name`, without doubling a slash or prefixing `./`.
    package static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The directory and the last component: `a/b/c` → (`a/b`, `c`), `c` → (`.`, `c`), `/c` → (`/`, `c`).
    package static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = trimmed[..<slash]
        return (directory.isEmpty ? "/" : String(directory), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// The extension of the last component, lower case, or nil: `show.MP4` → `mp4`; `.frames`,
    /// `out`, `out/` and `a.b/` have none (a trailing slash says "directory").
    package static func fileExtension(_ path: String) -> String? {
        if path.hasSuffix("/") { return nil }
        let name = split(path).name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : ext.lowercased()
    }
}

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
        let parent = PathText.split(path).directory
        if parent != path && parent != "." && parent != "/" {
            try createDirectories(parent)
        }
        if mkdir(path, 0o777) != 0 && errno != EEXIST {
            throw FileFailure("create directory", path, errno: errno)
        }
    }

    /// `path/name` for messages.
    package func display(_ name: String) -> String { PathText.join(path, name) }

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

/// A file being written under a temporary name (`.NAME.tmp-PID`) beside its final name. `commit`
/// renames it into place; `discard`, or dropping it uncommitted, removes it.
package final class TemporaryFile {
    package let directory: OutputDirectory
    /// The final name and the temporary one, in the directory.
    package let name: String
    package let temporaryName: String
    /// The final path for messages.
    package let display: String
    private var fd: Int32 = -1
    private var settled = false

    init(in directory: OutputDirectory, for name: String, display: String) throws {
        self.directory = directory
        self.name = name
        self.display = display
        temporaryName = ".\(name).tmp-\(getpid())"
        for attempt in 0..<2 {
            // O_EXCL and O_NOFOLLOW: a fresh file of ours, never something a link points to.
            fd = openat(directory.fd, temporaryName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
            if fd >= 0 { return }
            let code = errno
            if code == EEXIST && attempt == 0 {
                // Left by an earlier process with this PID (which is not running, as we are).
                unlinkat(directory.fd, temporaryName, 0)
                continue
            }
            settled = true
            throw FileFailure("write", display, errno: code)
        }
    }

    deinit {
        if !settled { discard() }
    }

    /// The temporary file's path, for a program that writes it by name.
    package var temporaryPath: String { directory.display(temporaryName) }

    package func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard var base = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let n = Glibc.write(fd, base, left)
            if n < 0 {
                if errno == EINTR { continue }
                throw FileFailure("write", display, errno: errno)
            }
            base += n
            left -= n
        }
    }

    /// Closes the descriptor so another program can write the file by its temporary path.
    package func closeDescriptor() {
        if fd >= 0 { close(fd) }
        fd = -1
    }

    /// Flushes the data to the disk, then renames the file into place.
    package func commit() throws {
        if fd < 0 {
            fd = openat(directory.fd, temporaryName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { throw FileFailure("write", display, errno: errno) }
        }
        // Some file systems report a full disk only here.
        if fsync(fd) != 0 { throw FileFailure("write", display, errno: errno) }
        let closed = close(fd)
        fd = -1
        if closed != 0 { throw FileFailure("write", display, errno: errno) }
        if renameat(directory.fd, temporaryName, directory.fd, name) != 0 {
            throw FileFailure("write", display, errno: errno)
        }
        settled = true
    }

    /// Removes the temporary file. Safe to call more than once.
    package func discard() {
        if fd >= 0 { close(fd) }
        fd = -1
        if !settled { unlinkat(directory.fd, temporaryName, 0) }
        settled = true
    }
}

/// Writes one file the user named (`--json FILE`, `--plot FILE`) whole or not at all.
package enum AtomicFile {
    /// Where the bytes for `path` go.
    struct Destination {
        var directory: String
        var name: String
        /// An existing device or pipe (`/dev/stdout`): written straight into, there is nothing to rename.
        var direct: Bool
    }

    /// `path`, or what a symbolic link at its end points to: the user's own link is followed
    /// (links inside an output directory never are).
    static func followingLink(_ path: String) throws -> String {
        guard EntryKind.of(path) == .symlink else { return path }
        guard let real = realpath(path, nil) else {
            throw FileFailure("write", path, reason: "it is a symbolic link to something missing")
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// The user's path, with a link at its end followed to what it points to.
    static func destination(_ path: String) throws -> Destination {
        guard !path.isEmpty else { throw OutputRefusal("an empty path is not a file name") }
        let resolved = try followingLink(path)
        switch EntryKind.following(resolved) {
        case .directory: throw FileFailure("write", path, errno: EISDIR)
        case .other: return Destination(directory: "", name: resolved, direct: true)
        default:
            if path.hasSuffix("/") { throw FileFailure("write", path, reason: "a file name cannot end in /") }
            let (directory, name) = PathText.split(resolved)
            return Destination(directory: directory, name: name, direct: false)
        }
    }

    /// Writes `bytes` to `path`: to a temporary file beside it, renamed over it when complete.
    /// Creates missing parent directories. Nothing is left under `path` if it fails.
    package static func write(_ bytes: some ContiguousBytes, to path: String) throws {
        let place = try destination(path)
        if place.direct {
            let fd = open(place.name, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileFailure("write", path, errno: errno) }
            defer { close(fd) }
            try bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                    if n < 0 {
                        if errno == EINTR { continue }
                        throw FileFailure("write", path, errno: errno)
                    }
                    offset += n
                }
            }
            return
        }
        let directory = try OutputDirectory(place.directory)
        try bytes.withUnsafeBytes { raw in
            try directory.writeAtomically(place.name, raw, display: path)
        }
    }

    /// Fails now, with the reason, if `path` could not be written later: creates the parent
    /// directories and a temporary file beside it, and removes that file again.
    package static func checkWritable(_ path: String) throws {
        let place = try destination(path)
        if place.direct {
            let fd = open(place.name, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else {
                if errno == ENXIO { return }  // a pipe with no reader yet: it may have one later
                throw FileFailure("write", path, errno: errno)
            }
            close(fd)
            return
        }
        let file = try OutputDirectory(place.directory).temporaryFile(for: place.name, display: path)
        file.discard()
    }
}
