import ConfettiCore
import Glibc

/// A connection to the resident overlay: one request line out, one reply line back, each
/// wait bounded by a stall guard.
package final class ResidentClient {
    package let descriptor: Int32

    /// Connects to the overlay at `path`; nil when nothing answers there (no socket, or one
    /// that nothing listens on). What listens must be a process of this user (SO_PEERCRED):
    /// one of another user, at a socket planted before the folder was made private, is refused
    /// in one line before anything is sent to it.
    package static func connect(_ path: ResidentSocketPath) throws -> ResidentClient? {
        switch try UnixSocket.connect(to: path.socket) {
        case .success(let descriptor):
            let client = ResidentClient(descriptor: descriptor)
            guard let peer = UnixSocket.peer(of: descriptor) else {
                throw ResidentError("cannot tell who listens at \(path.socket) (\(UnixSocket.reason())): nothing was sent to it")
            }
            guard peer.uid == getuid() else {
                throw ResidentError("\(path.socket) is answered by a process of user \(peer.uid), not by yours (\(getuid())): nothing was sent to it; remove the socket (rm \(path.socket)) and fire again")
            }
            return client
        case .failure(let error) where [ENOENT, ECONNREFUSED, ENOTDIR].contains(error.code): return nil
        case .failure(let error):
            throw ResidentError("cannot connect to the resident overlay at \(path.socket): \(error.description)")
        }
    }

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Sends `line` and returns the reply, waiting up to `timeout` seconds for it.
    package func exchange(_ line: String, timeout: Double) throws -> ResidentReply {
        let bytes = Array((line + "\n").utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ResidentError("the resident overlay closed the connection before taking the request: \(UnixSocket.reason())") }
            sent += count
        }
        return try reply(timeout: timeout)
    }

    /// The next reply, waiting up to `timeout` seconds for it.
    package func reply(timeout: Double) throws -> ResidentReply {
        let reply = try readLine(timeout: timeout)
        guard let members = ResidentReply(reply) else {
            throw ResidentError("the resident overlay answered something that is no reply: \(printable(reply, limit: 200))")
        }
        return members
    }

    /// The next line from the overlay, without its newline.
    private func readLine(timeout: Double) throws -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let giveUp = monotonicSeconds() + timeout
        while true {
            if let newline = received.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: received[..<newline], as: UTF8.self)
            }
            let left = giveUp - monotonicSeconds()
            guard left > 0 else { throw ResidentError("the resident overlay did not answer within \(Int(timeout)) s") }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, Int32((left * 1000).rounded(.up))) <= 0 { continue }
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw ResidentError("the resident overlay closed the connection without answering") }
            received += buffer[..<count]
        }
    }
}
