import FoundationEssentials
import Glibc

/// The resident overlay's listening socket: the one systemd passed (`LISTEN_FDS`/`LISTEN_PID`,
/// socket activation), or one bound at `ResidentSocketPath.socket`, taking over a socket an
/// overlay that was killed left behind. Non-blocking; accepted clients are too.
package final class ResidentListener {
    package let descriptor: Int32
    /// The path bound here, removed on `close` (nil: passed by systemd, which owns it).
    package let boundPath: String?

    private init(descriptor: Int32, boundPath: String?) {
        self.descriptor = descriptor
        self.boundPath = boundPath
    }

    /// A listening socket this process already has: one an overlay kept open across its own
    /// exec (`ResidentSleep`), removed from `boundPath` on `close` as before.
    package convenience init(adopting descriptor: Int32, boundPath: String?) {
        self.init(descriptor: descriptor, boundPath: boundPath)
    }

    /// The first descriptor socket activation passes (SD_LISTEN_FDS_START).
    static let firstActivatedDescriptor: Int32 = 3

    /// The socket systemd passed this process, when `LISTEN_PID` names it and `LISTEN_FDS` is
    /// at least 1; the variables are then removed, so nothing this process starts takes them
    /// as its own. A passed descriptor that is not a listening Unix stream socket is refused.
    package static func activated(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ResidentListener? {
        guard let pid = environment["LISTEN_PID"].flatMap({ Int32($0) }), pid == getpid(),
              let count = environment["LISTEN_FDS"].flatMap({ Int($0) }), count >= 1 else { return nil }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        let descriptor = firstActivatedDescriptor
        var type: Int32 = 0, listening: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        var domain = sockaddr_storage()
        var domainSize = socklen_t(MemoryLayout<sockaddr_storage>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &type, &size) == 0,
              getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) == 0,
              withUnsafeMutablePointer(to: &domain, { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &domainSize) } }) == 0,
              domain.ss_family == sa_family_t(AF_UNIX), type == Int32(SOCK_STREAM.rawValue), listening == 1 else {
            throw ResidentError("socket activation passed descriptor 3, which is not a listening Unix stream socket: give the socket unit ListenStream=%t/confetti/overlay.socket")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        UnixSocket.setNonBlocking(descriptor)
        return ResidentListener(descriptor: descriptor, boundPath: nil)
    }

    /// Binds and listens at `path.socket`, in its folder made private first. A socket there that
    /// nothing answers on (left by an overlay that was killed) is removed and bound again; one
    /// that answers is another resident overlay, and refused; anything else there is left alone
    /// and refused, and so is a socket of another user (planted while the folder was open to
    /// others): it is never connected to.
    package static func bind(_ path: ResidentSocketPath) throws -> ResidentListener {
        try path.prepareFolder()
        let socketPath = path.socket
        var info = stat()
        if lstat(socketPath, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw ResidentError("\(socketPath) is there and is not a socket: remove it, and the resident overlay listens there")
            }
            guard info.st_uid == getuid() else {
                throw ResidentError("\(socketPath) is a socket of user \(info.st_uid), not yours (\(getuid())), left while its folder was open to others: remove it (rm \(socketPath)), and the resident overlay listens there")
            }
            switch try UnixSocket.connect(to: socketPath) {
            case .success(let other):
                Glibc.close(other)
                throw ResidentError("a resident overlay is already running (it answers at \(socketPath)): fire at it with confetti fire, or end it with confetti overlay --stop")
            case .failure:
                // Nothing listens: the socket of an overlay that ended without removing it.
                unlink(socketPath)
            }
        }
        let descriptor = try UnixSocket.make(nonBlocking: true)
        let bound = try UnixSocket.withAddress(socketPath) { Glibc.bind(descriptor, $0, $1) }
        guard bound == 0 else {
            let reason = UnixSocket.reason()
            Glibc.close(descriptor)
            throw ResidentError("cannot listen at \(socketPath): \(reason)")
        }
        chmod(socketPath, 0o600)
        guard listen(descriptor, 64) == 0 else {
            let reason = UnixSocket.reason()
            Glibc.close(descriptor)
            unlink(socketPath)
            throw ResidentError("cannot listen at \(socketPath): \(reason)")
        }
        return ResidentListener(descriptor: descriptor, boundPath: socketPath)
    }

    /// What `accept` found.
    enum Accepted {
        /// A client of this user, non-blocking and close-on-exec, with its pid.
        case client(Int32, pid: pid_t)
        /// None waits.
        case none
        /// One waits that cannot be taken for want of descriptors or memory (EMFILE, ENFILE,
        /// ENOBUFS, ENOMEM): it stays waiting, and the listener stays readable.
        case short(Int32)
    }

    /// The next waiting client of this user. A client of another user is closed unanswered.
    func accept() -> Accepted {
        while true {
            let client = Glibc.accept(descriptor, nil, nil)
            guard client >= 0 else {
                let code = errno
                if code == EINTR || code == ECONNABORTED || code == EPROTO { continue }
                if [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code) { return .short(code) }
                return .none
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            UnixSocket.setNonBlocking(client)
            guard let peer = UnixSocket.peer(of: client), peer.uid == getuid() else {
                Glibc.close(client)
                continue
            }
            return .client(client, pid: peer.pid)
        }
    }

    /// Stops listening and removes the socket it bound.
    package func close() {
        Glibc.close(descriptor)
        if let boundPath { unlink(boundPath) }
    }
}
