import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

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
        do {
            _ = try FileDescriptor(rawValue: fd).writeAll(bytes)
        } catch let error as Errno {
            throw FileFailure("write", display, error)
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
