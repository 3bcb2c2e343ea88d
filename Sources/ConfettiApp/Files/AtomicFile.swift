import ConfettiCore
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

// Writing output so that no file is ever half-written: every file goes to a temporary name in
// its own directory and is renamed into place once complete. rename(2) within one directory is
// atomic, so a reader (or a crash, a full disk, a signal) sees the old file or the new one,
// never a prefix of it.
//
// Links: a path the user names (--out, --json, --plot) is theirs, and symbolic links in it are
// followed. Names confetti makes up inside a directory (frames, temporary files, the lock) are
// never followed: they are opened with O_NOFOLLOW, and rename(2) replaces a link that stands
// under a final name instead of writing through it.

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
        case .directory: throw FileFailure("write", path, reason: FileFailure.isDirectory)
        case .other: return Destination(directory: "", name: resolved, direct: true)
        default:
            if path.hasSuffix("/") { throw FileFailure("write", path, reason: "a file name cannot end in /") }
            let (directory, name) = (FilePath(resolved).directoryText, FilePath(resolved).nameText)
            return Destination(directory: directory, name: name, direct: false)
        }
    }

    /// Writes `bytes` to `path`: to a temporary file beside it, renamed over it when complete.
    /// Creates missing parent directories. Nothing is left under `path` if it fails.
    package static func write(_ bytes: some ContiguousBytes, to path: String) throws {
        try write(to: path) { write in try bytes.withUnsafeBytes { try write($0) } }
    }

    /// Writes what `body` hands its writer, piece by piece, to `path` as `write(_:to:)` does: a
    /// file of any length without holding it whole. If `body` throws, nothing is left under a
    /// temporary name.
    package static func write(to path: String, _ body: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let place = try destination(path)
        if place.direct {
            // A pipe with no reader would block the open with nothing said: say what it waits for.
            var fd = open(place.name, O_WRONLY | O_CLOEXEC | O_NONBLOCK)
            if fd < 0 && errno == ENXIO {
                StandardStream.error("confetti: waiting for a program to read \(InputFile.display(path)) (a pipe with no reader yet)\n")
                fd = open(place.name, O_WRONLY | O_CLOEXEC)
            } else if fd >= 0 {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            }
            guard fd >= 0 else { throw FileFailure("write", path, errno: errno) }
            defer { close(fd) }
            do {
                try body { _ = try FileDescriptor(rawValue: fd).writeAll($0) }
            } catch let error as Errno {
                throw FileFailure("write", path, error)
            }
            return
        }
        let directory = try OutputDirectory(place.directory)
        let file = try directory.temporaryFile(for: place.name, display: path)
        do {
            try body { try file.write($0) }
            try file.commit()
        } catch {
            file.discard()
            throw error
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
