import ConfettiCore
import Glibc

/// The resident overlay's side of its socket: the listener and every connected client, served
/// without ever blocking. One `poll` waits on all of them (and on the desktop's descriptor, when
/// given); each client's bytes are gathered until a whole line, which becomes a request, and its
/// replies are written as the client takes them.
///
/// Every client is bounded, so no one of them can hold up another or the overlay (`Limits`):
/// - what it has sent and not yet had read as a request: one line (`ResidentRequest.maxLineBytes`);
///   its socket is not read again until that line is taken, so a flood waits in the kernel;
/// - requests in flight: one; its next line is taken once the last is answered;
/// - lines taken per turn (`next`, round the clients in turn): `linesPerTurn`, so the overlay
///   draws a frame between turns whatever a client sends;
/// - replies queued that it has not read: `queuedReplyBytes`, past which it is dropped;
/// - clients at once: `clients`; a client past them takes the place of the oldest idle one,
///   or is refused in one line when none is idle;
/// - silence: a client the overlay waits on (nothing owed, no whole line waiting to be taken)
///   that sends no whole line for `silence` seconds is dropped with a one-line reason, however
///   many bytes it trickles. A line waiting its turn is not silence: however long the overlay
///   takes to reach it (a flood ahead of it, a busy machine), it is taken and answered.
/// A line that is not JSON, or holds no request at all (empty, only whitespace), is answered
/// and then ends the connection; so does a line over the limit. When `accept` fails for want
/// of descriptors (EMFILE and friends), the oldest idle client is dropped to make room, and
/// with none the listener rests for a moment (`acceptRest`) instead of waking `poll` at once.
package final class ResidentServer {
    /// A request that came in, from the client `client` (its pid, from SO_PEERCRED).
    package struct Incoming {
        package var client: Int
        package var pid: pid_t
        package var request: Result<ResidentRequest, ResidentError>
        /// When its line was complete, `monotonicSeconds()`.
        package var received: Double
    }

    /// What each client may hold of the overlay (see the type's comment).
    package struct Limits: Sendable {
        package var clients = 32
        package var queuedReplyBytes = 64 << 10
        package var linesPerTurn = 4
        /// Seconds a client with nothing owed may go without sending a whole line.
        package var silence = 5.0
        package init() {}
    }

    private final class Client {
        let descriptor: Int32
        let pid: pid_t
        var input: [UInt8] = []
        var output: [UInt8] = []
        /// When it connected, last sent a whole line or was last answered.
        var lastHeard: Double
        /// Requests taken and not yet answered.
        var owed = 0
        /// Lines taken this turn, and since it connected.
        var taken = 0
        var served = 0
        /// Closed once what is in `output` has gone: after a refusal that ends the connection.
        var closing = false

        init(descriptor: Int32, pid: pid_t, now: Double) {
            self.descriptor = descriptor
            self.pid = pid
            lastHeard = now
        }

        /// Whether `input` holds a whole line.
        var hasLine: Bool { input.contains(UInt8(ascii: "\n")) }
        /// Nothing owed, nothing waiting either way: the one to drop when room is needed.
        var isIdle: Bool { owed == 0 && output.isEmpty && !hasLine }
        /// Nothing owed and no whole line waiting: the overlay waits on it, so its silence counts.
        var isAwaited: Bool { owed == 0 && !hasLine }
    }

    package let listener: ResidentListener
    package let limits: Limits
    private var clients: [Int: Client] = [:]
    private var nextClient = 0
    /// Until when the listener rests after `accept` ran out of descriptors, and how long the
    /// next rest is (doubling up to a second, reset by an accept that works).
    private var acceptRestsUntil = -Double.infinity
    private var acceptRest = ResidentServer.firstAcceptRest
    private static let firstAcceptRest = 0.05

    package init(listener: ResidentListener, limits: Limits = Limits()) {
        self.listener = listener
        self.limits = limits
    }

    package convenience init(listener: ResidentListener, silence: Double) {
        var limits = Limits()
        limits.silence = silence
        self.init(listener: listener, limits: limits)
    }

    /// Clients connected now.
    package var clientCount: Int { clients.count }

    /// Whether a whole line waits that `next` would take now or after the next `serve`.
    package var hasWaitingLine: Bool { clients.values.contains { !$0.closing && $0.owed == 0 && $0.hasLine } }

    /// Whether client `key` is still connected (a reply to it would be read).
    package func isConnected(_ key: Int) -> Bool { clients[key].map { !$0.closing } ?? false }

    /// Waits up to `timeout` seconds (nil: until something happens, or a silent client's time
    /// runs out) for clients and for any of `others` (the desktop's connection, the stop
    /// signals' descriptor) to be readable, and serves what came: accepts, reads, writes. Its
    /// requests are then taken one by one with `next`; a line already waiting makes the wait 0.
    /// A signal ends the wait early. Starts a new turn (`Limits.linesPerTurn`).
    package func serve(waitingUpTo timeout: Double?, also others: [Int32] = []) {
        let now = monotonicSeconds()
        var deadline = hasWaitingLine ? now : timeout.map { now + max(0, $0) }
        for client in clients.values where client.isAwaited {
            let due = client.lastHeard + limits.silence
            deadline = min(deadline ?? due, due)
        }
        let listening = now >= acceptRestsUntil
        if !listening { deadline = min(deadline ?? acceptRestsUntil, acceptRestsUntil) }
        // The listener is polled only when it is not resting: a pending connection that cannot
        // be accepted would wake poll at once, again and again.
        var descriptors = [pollfd(fd: listening ? listener.descriptor : -1, events: Int16(POLLIN), revents: 0)]
        let order = clients.keys.sorted()
        for key in order {
            let client = clients[key]!
            // A client whose line waits to be taken is not read: the rest of its flood stays in the kernel.
            let reading = client.hasLine && !client.closing ? 0 : Int16(POLLIN)
            descriptors.append(pollfd(fd: client.descriptor, events: reading | (client.output.isEmpty ? 0 : Int16(POLLOUT)), revents: 0))
        }
        for other in others { descriptors.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
        let wait = deadline.map { Int32(max(0, min(($0 - now) * 1000, 3_600_000)).rounded(.up)) } ?? -1
        _ = poll(&descriptors, nfds_t(descriptors.count), wait)
        for (index, key) in order.enumerated() {
            guard let client = clients[key] else { continue }
            let events = descriptors[index + 1].revents
            if events & Int16(POLLOUT) != 0 { flush(key) }
            if events & (Int16(POLLIN) | Int16(POLLHUP) | Int16(POLLERR)) != 0, clients[key] != nil {
                read(key, client)
            }
        }
        if descriptors[0].revents & Int16(POLLIN) != 0 { acceptWaiting() }
        let after = monotonicSeconds()
        for (key, client) in clients where client.isAwaited && after - client.lastHeard >= limits.silence {
            // Its reason, unless a reply it left unread would be cut into.
            if client.output.isEmpty && !client.closing {
                let line = Array((ResidentReply.refused("no whole request line came within \(limits.silence.compactText) s: the connection is closed") + "\n").utf8)
                _ = Glibc.send(client.descriptor, line, line.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            drop(key, client)
        }
        for client in clients.values { client.taken = 0 }
    }

    /// The next request waiting, from the client served least so far, the newest first among
    /// equals (so one that has just connected, as `confetti fire` does, goes before a client
    /// that floods, even one not yet served): at most
    /// `linesPerTurn` lines of one client between two `serve`s, and none from a client still
    /// owed a reply. nil when none waits.
    package func next() -> Incoming? {
        let ready = clients.filter { !$0.value.closing && $0.value.owed == 0 && $0.value.taken < limits.linesPerTurn && $0.value.hasLine }
        guard let (key, client) = ready.min(by: { ($0.value.served, -$0.key) < ($1.value.served, -$1.key) }),
              let newline = client.input.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        do {
            let line = Array(client.input[..<newline])
            client.input.removeSubrange(...newline)
            client.taken += 1
            client.served += 1
            client.owed += 1
            let request = Result { try ResidentRequest.decode(line) }.mapError { $0 as? ResidentError ?? ResidentError("\($0)") }
            if case .failure = request, (try? JSON.parse(line, maxBytes: ResidentRequest.maxLineBytes)) == nil {
                // Not JSON, or no request at all: no telling where its next line starts, or
                // what it wants. Closed after the reply.
                client.closing = true
                client.input = []
            }
            return Incoming(client: key, pid: client.pid, request: request, received: client.lastHeard)
        }
    }

    /// Reads what `client` sent, until it holds a whole line (taken by `next`). End of input
    /// or an error ends the connection; a line over the limit too, after a reply.
    private func read(_ key: Int, _ client: Client) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while client.closing || !client.hasLine {
            let count = Glibc.read(client.descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { return }
            guard count > 0 else {
                drop(key, client)
                return
            }
            guard !client.closing else { continue }
            let part = buffer[..<count]
            if let newline = part.firstIndex(of: UInt8(ascii: "\n")) {
                guard client.input.count + (newline - part.startIndex) <= ResidentRequest.maxLineBytes else { return refuseOversized(key, client) }
                client.lastHeard = monotonicSeconds()
            }
            client.input += part
            if !client.hasLine, client.input.count > ResidentRequest.maxLineBytes { return refuseOversized(key, client) }
        }
    }

    private func refuseOversized(_ key: Int, _ client: Client) {
        client.input = []
        client.closing = true
        client.owed += 1
        send(ResidentReply.refused("a request line is at most \(Budget.format(ResidentRequest.maxLineBytes)) bytes (an effect file's \(JSON.sizeText(EffectFile.maxBytes)) and the request around it)"), to: key)
    }

    /// Accepts the clients waiting, reading what each has sent. Past `Limits.clients`, or out of descriptors, the oldest idle
    /// client makes room; with none idle, a client past the limit is refused in one line, and
    /// the listener rests while descriptors are short.
    private func acceptWaiting() {
        // A client accepted now has not been read yet: it is not the one to make room.
        let turn = monotonicSeconds()
        while true {
            switch listener.accept() {
            case .none:
                acceptRest = Self.firstAcceptRest
                return
            case .short(let code):
                if let (key, oldest) = oldestIdle(before: turn) {
                    drop(key, oldest)
                    continue
                }
                acceptRestsUntil = monotonicSeconds() + acceptRest
                acceptRest = min(1, acceptRest * 2)
                lastAcceptFailure = code
                return
            case .client(let descriptor, let pid):
                acceptRest = Self.firstAcceptRest
                if clients.count >= limits.clients {
                    if let (key, oldest) = oldestIdle(before: turn) {
                        drop(key, oldest)
                    } else {
                        let line = Array((ResidentReply.refused("the resident overlay serves \(limits.clients) clients at once and each is waiting for an answer: try again in a moment") + "\n").utf8)
                        _ = Glibc.send(descriptor, line, line.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                        Glibc.close(descriptor)
                        continue
                    }
                }
                let client = Client(descriptor: descriptor, pid: pid, now: monotonicSeconds())
                clients[nextClient] = client
                nextClient += 1
                // Read at once: a line sent with the connection (as `confetti fire` sends it)
                // is taken this turn, not after another frame and another client's request.
                read(nextClient - 1, client)
            }
        }
    }

    /// The errno of the last `accept` that ran out of descriptors (0: none yet).
    package private(set) var lastAcceptFailure: Int32 = 0

    /// The idle client (or one closing) heard from least recently, before `time`.
    private func oldestIdle(before time: Double) -> (Int, Client)? {
        clients.filter { ($0.value.isIdle || $0.value.closing) && $0.value.lastHeard < time }.min { $0.value.lastHeard < $1.value.lastHeard }.map { ($0.key, $0.value) }
    }

    /// Sends `line` and a newline to `client`, as fast as it takes it: its answer to the request
    /// it is owed. A client that has gone is dropped; so is one that leaves more than
    /// `Limits.queuedReplyBytes` unread. A client marked closing is closed once the line has gone.
    package func send(_ line: String, to key: Int) {
        guard let client = clients[key] else { return }
        client.owed = max(0, client.owed - 1)
        // Its silence counts from its answer: a request that took long does not use it up.
        client.lastHeard = max(client.lastHeard, monotonicSeconds())
        client.output += Array(line.utf8) + [UInt8(ascii: "\n")]
        flush(key)
        if let client = clients[key], client.output.count > limits.queuedReplyBytes { drop(key, client) }
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
        if client.closing && client.owed == 0 { drop(key, client) }
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
