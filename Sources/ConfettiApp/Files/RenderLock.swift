import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Another running render holds the output.
package struct RenderLockHeld: Error, CustomStringConvertible, Sendable {
    package var output: String
    package var pid: Int32?
    /// The lock file.
    package var lock: String

    package var description: String {
        "\(output) is being written by another render (pid \(pid.map(String.init) ?? "unknown"), lock \(lock)); wait for it to finish or choose another --out"
    }
}

/// One render at a time per output: an exclusive flock(2) on a lock file in the output's
/// directory (`.confetti-render.lock` in a frame directory, `.NAME.confetti-render.lock` beside a
/// video), holding the owner's PID for the message a second render gives.
///
/// The kernel drops the flock when its owner exits, however it exits, so a lock file left by a
/// render that was killed is simply taken over. The owner removes the file when it releases it;
/// a render that was waiting on the removed file notices and tries again on the new one.
package final class RenderLock {
    package let directory: OutputDirectory
    package let name: String
    private var fd: Int32 = -1

    /// Takes the lock or throws `RenderLockHeld`; `output` names what it guards, for messages.
    package init(in directory: OutputDirectory, name: String, guarding output: String) throws {
        self.directory = directory
        self.name = name
        for _ in 0..<50 {
            let fd = openat(directory.fd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                let code = errno
                if code == ELOOP {
                    throw FileFailure("lock", directory.display(name), reason: "it is a symbolic link; confetti does not follow it (remove it)")
                }
                throw FileFailure("write", output, errno: code)
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                if code == EWOULDBLOCK || code == EINTR {
                    let owner = Self.pid(in: fd)
                    close(fd)
                    throw RenderLockHeld(output: output, pid: owner, lock: directory.display(name))
                }
                // A file system without flock: go by the PID in the file.
                if let owner = Self.pid(in: fd), owner != getpid(), kill(owner, 0) == 0 || errno == EPERM {
                    close(fd)
                    throw RenderLockHeld(output: output, pid: owner, lock: directory.display(name))
                }
            } else {
                // Still the file under that name? Its last owner may have removed it meanwhile.
                var held = stat(), named = stat()
                guard fstat(fd, &held) == 0, fstatat(directory.fd, name, &named, AT_SYMLINK_NOFOLLOW) == 0,
                      held.st_dev == named.st_dev, held.st_ino == named.st_ino
                else {
                    close(fd)
                    continue
                }
            }
            let text = Array("\(getpid())\n".utf8)
            guard ftruncate(fd, 0) == 0, pwrite(fd, text, text.count, 0) == text.count else {
                // A full disk, say: the lock file is ours, and goes.
                let code = errno
                unlinkat(directory.fd, name, 0)
                close(fd)
                throw FileFailure("write", output, errno: code)
            }
            self.fd = fd
            return
        }
        throw OutputRefusal("could not take the lock \(directory.display(name)): it keeps being replaced")
    }

    deinit { release() }

    /// Removes the lock file and drops the lock. Safe to call more than once.
    package func release() {
        guard fd >= 0 else { return }
        unlinkat(directory.fd, name, 0)
        close(fd)
        fd = -1
    }

    static func pid(in fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = pread(fd, &buffer, buffer.count, 0)
        guard n > 0 else { return nil }
        return Int32(String(decoding: buffer[..<n], as: UTF8.self).trimmed)
    }
}
