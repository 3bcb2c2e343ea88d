import CPosix
import Foundation
import Glibc

/// The few calls on Unix stream sockets the resident overlay and its clients make, with errno
/// in words. Every descriptor is close-on-exec, so a program the overlay starts inherits none.
package enum UnixSocket {
    /// A `sockaddr_un` for `path`, refused when the path is too long for one (108 bytes).
    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) throws -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let room = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < room else {
            throw ResidentError("the socket path \(path) is \(bytes.count) bytes long; a Unix socket's path holds at most \(room - 1): give XDG_RUNTIME_DIR a shorter folder")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    /// A new stream socket, close-on-exec, non-blocking when asked.
    static func make(nonBlocking: Bool) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | (nonBlocking ? Int32(SOCK_NONBLOCK.rawValue) : 0), 0)
        guard descriptor >= 0 else { throw ResidentError("cannot make a Unix socket: \(reason())") }
        return descriptor
    }

    /// Connects to the socket at `path`: the descriptor (blocking), or the errno that refused it.
    package static func connect(to path: String) throws -> Result<Int32, Errno> {
        let descriptor = try make(nonBlocking: false)
        let result = try withAddress(path) { Glibc.connect(descriptor, $0, $1) }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            return .failure(Errno(code))
        }
        return .success(descriptor)
    }

    /// The uid and pid of the process at the other end of `descriptor` (SO_PEERCRED).
    static func peer(of descriptor: Int32) -> (uid: uid_t, pid: pid_t)? {
        var uid: UInt32 = 0, pid: Int32 = 0
        guard confetti_peer_credentials(descriptor, &uid, &pid) == 0 else { return nil }
        return (uid_t(uid), pid_t(pid))
    }

    /// Sets or clears O_NONBLOCK.
    static func setNonBlocking(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
    }

    /// errno now, in words.
    static func reason(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// An errno value that a `Result` can carry.
    package struct Errno: Error, Equatable, Sendable {
        package var code: Int32
        package init(_ code: Int32) { self.code = code }
        package var description: String { UnixSocket.reason(code) }
    }
}
