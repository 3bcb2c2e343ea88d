import ConfettiCore
import Glibc

/// The resident overlay's side of its socket: the listener and every connected client, served
/// without ever blocking. One `poll` waits on all of them (and on the desktop's descriptor, when
/// given); each client's bytes are gathered until a whole line, which becomes a request, and its
/// replies are written as the client takes them. A client is dropped when it sends a line over
/// `ResidentRequest.maxLineBytes`, sends a line that is not JSON (after the reply saying so),
/// or stays silent `silence` seconds; none of them can hold up another or the overlay.
package final class ResidentServer {
    /// A request that came in, from the client `client` (its pid, from SO_PEERCRED).
    package struct Incoming {
        package var client: Int
        package var pid: pid_t
        package var request: Result<ResidentRequest, ResidentError>
        /// When its line was complete, CLOCK_MONOTONIC seconds.
        package var received: Double
    }

    private final class Client {
        let descriptor: Int32
        let pid: pid_t
        var input: [UInt8] = []
        var output: [UInt8] = []
        var lastHeard: Double
        /// Closed once what is in `output` has gone: after a refusal that ends the connection.
        var closing = false

        init(descriptor: Int32, pid: pid_t, now: Double) {
            self.descriptor = descriptor
            self.pid = pid
            lastHeard = now
        }
    }

    package let listener: ResidentListener
    /// A client silent this long (seconds) is dropped.
    package let silence: Double
    private var clients: [Int: Client] = [:]
    private var nextClient = 0

    package init(listener: ResidentListener, silence: Double = 5) {
        self.listener = listener
        self.silence = silence
    }

    /// Clients connected now.
    package var clientCount: Int { clients.count }

    /// Seconds on CLOCK_MONOTONIC.
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Waits up to `timeout` seconds (nil: until something happens, or a silent client's time
    /// runs out) for clients and for any of `others` (the desktop's connection, the stop
    /// signals' descriptor) to be readable, serves what came, and returns the requests whose
    /// lines are complete, in order. A signal ends the wait early.
    package func serve(waitingUpTo timeout: Double?, also others: [Int32] = []) -> [Incoming] {
        let now = Self.now()
        var deadline = timeout.map { now + max(0, $0) }
        for client in clients.values {
            let due = client.lastHeard + silence
            deadline = min(deadline ?? due, due)
        }
        var descriptors = [pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0)]
        let order = clients.keys.sorted()
        for key in order {
            let client = clients[key]!
            descriptors.append(pollfd(fd: client.descriptor, events: Int16(POLLIN) | (client.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0))
        }
        for other in others { descriptors.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
        let wait = deadline.map { Int32(max(0, min(($0 - now) * 1000, 3_600_000)).rounded(.up)) } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), wait)
        var incoming: [Incoming] = []
        for (index, key) in order.enumerated() {
            guard let client = clients[key] else { continue }
            let events = descriptors[index + 1].revents
            if events & Int16(POLLOUT) != 0 { flush(key) }
            if events & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0 {
                incoming += read(key, client)
            }
        }
        if descriptors[0].revents & Int16(POLLIN) != 0 {
            while let (descriptor, pid) = listener.accept() {
                clients[nextClient] = Client(descriptor: descriptor, pid: pid, now: Self.now())
                nextClient += 1
            }
        }
        let after = Self.now()
        for (key, client) in clients where after - client.lastHeard >= silence {
            drop(key, client)
        }
        return incoming
    }

    /// Reads what `client` sent: its complete lines as requests. End of input, an error, an
    /// oversized line or a line that is not JSON ends the connection (the last two after a reply).
    private func read(_ key: Int, _ client: Client) -> [Incoming] {
        var incoming: [Incoming] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = Glibc.read(client.descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
            guard count > 0 else {
                drop(key, client)
                return incoming
            }
            client.lastHeard = Self.now()
            guard !client.closing else { continue }
            client.input += buffer[..<count]
            while let newline = client.input.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(client.input[..<newline])
                client.input.removeSubrange(...newline)
                guard line.count <= ResidentRequest.maxLineBytes else { return incoming + refuseOversized(key, client) }
                let request = Result { try ResidentRequest.decode(line) }.mapError { $0 as? ResidentError ?? ResidentError("\($0)") }
                incoming.append(Incoming(client: key, pid: client.pid, request: request, received: client.lastHeard))
                if case .failure = request, !line.isEmpty, (try? JSON.parse(line, maxBytes: ResidentRequest.maxLineBytes)) == nil {
                    // Not JSON: no telling where its next line starts. Closed after the reply.
                    client.closing = true
                    client.input = []
                    break
                }
            }
            if client.input.count > ResidentRequest.maxLineBytes { return incoming + refuseOversized(key, client) }
        }
        return incoming
    }

    private func refuseOversized(_ key: Int, _ client: Client) -> [Incoming] {
        client.input = []
        client.closing = true
        send(ResidentReply.refused("a request line is at most \(ResidentRequest.maxLineBytes) bytes"), to: key)
        return []
    }

    /// Sends `line` and a newline to `client`, as fast as it takes it; a client that has gone
    /// is dropped. A client marked closing is closed once the line has gone.
    package func send(_ line: String, to key: Int) {
        guard let client = clients[key] else { return }
        client.output += Array(line.utf8) + [UInt8(ascii: "\n")]
        flush(key)
    }

    /// Ends the connection of `client` once what it was sent has gone.
    package func close(_ key: Int) {
        guard let client = clients[key] else { return }
        client.closing = true
        if client.output.isEmpty { drop(key, client) }
    }

    private func flush(_ key: Int) {
        guard let client = clients[key] else { return }
        while !client.output.isEmpty {
            let sent = client.output.withUnsafeBytes { Glibc.send(client.descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            if sent < 0, errno == EINTR { continue }
            if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            guard sent > 0 else {
                drop(key, client)
                return
            }
            client.output.removeFirst(sent)
        }
        if client.closing { drop(key, client) }
    }

    private func drop(_ key: Int, _ client: Client) {
        Glibc.close(client.descriptor)
        clients[key] = nil
    }

    /// Closes every client and the listener (removing the socket it bound).
    package func close() {
        for (key, client) in clients { drop(key, client) }
        listener.close()
    }
}
