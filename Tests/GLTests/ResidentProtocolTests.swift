import ConfettiApp
import ConfettiCore
import Foundation
import Glibc
import Testing
import TestSupport

/// The resident overlay's socket in this process, with no display: where it listens and who
/// may connect, a socket left by a killed overlay taken over, the JSON line protocol, and
/// hostile clients (an oversized line, invalid JSON, a silent client) served beside a good one
/// without holding it up.
@Suite struct ResidentProtocolTests {
    /// A private XDG_RUNTIME_DIR for one test.
    final class RuntimeFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-runtime-\(UUID().uuidString.prefix(8))")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        var path: ResidentSocketPath { try! ResidentSocketPath(environment: ["XDG_RUNTIME_DIR": url.path]) }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// A server answering on its own thread as the overlay does: each fire accepted, a status
    /// with the launches so far, and a stop that ends it.
    final class Answering: @unchecked Sendable {
        let server: ResidentServer
        private let done = Atomic()
        private var thread: Thread?

        convenience init(_ listener: ResidentListener, silence: Double = 5) {
            var limits = ResidentServer.Limits()
            limits.silence = silence
            self.init(listener, limits: limits)
        }

        init(_ listener: ResidentListener, limits: ResidentServer.Limits) {
            server = ResidentServer(listener: listener, limits: limits)
            nonisolated(unsafe) let server = server
            let done = done
            let thread = Thread {
                var fired = 0
                while !done.value {
                    server.serve(waitingUpTo: 0.05)
                    while let incoming = server.next() {
                        switch incoming.request {
                        case .failure(let error): server.send(ResidentReply.refused(error.description), to: incoming.client)
                        case .success(.fire):
                            fired += 1
                            server.send(ResidentReply.accepted([("launch", .number(Double(fired - 1)))]), to: incoming.client)
                        case .success(.status): server.send(ResidentReply.accepted([("alive", .number(0)), ("launches", .number(Double(fired)))]), to: incoming.client)
                        case .success(.stop):
                            server.send(ResidentReply.accepted(), to: incoming.client)
                            done.value = true
                        }
                    }
                }
                server.close()
            }
            self.thread = thread
            thread.start()
        }

        var hasEnded: Bool { done.value }
        func stop() { done.value = true }
    }

    final class Atomic: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = false
        var value: Bool {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    @Test func withoutXDGRuntimeDirItSaysSoInOneLine() {
        #expect {
            try ResidentSocketPath(environment: [:])
        } throws: { error in
            "\(error)".contains("XDG_RUNTIME_DIR") && !"\(error)".contains("\n")
        }
    }

    @Test func theFolderIsMadePrivateAndAFileInItsPlaceIsRefusedAndKept() throws {
        let runtime = try RuntimeFolder()
        let path = runtime.path
        #expect(path.socket == runtime.url.path + "/confetti/overlay.socket")
        try path.prepareFolder()
        var info = stat()
        #expect(lstat(path.folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
        // A folder of this user left wider is narrowed.
        chmod(path.folder, 0o755)
        try path.prepareFolder()
        #expect(lstat(path.folder, &info) == 0 && info.st_mode & 0o777 == 0o700)
        // A file where the folder goes is refused and left as it was.
        try FileManager.default.removeItem(atPath: path.folder)
        try "mine".write(toFile: path.folder, atomically: false, encoding: .utf8)
        #expect(throws: ResidentError.self) { try ResidentListener.bind(path) }
        #expect(try String(contentsOfFile: path.folder, encoding: .utf8) == "mine")
    }

    @Test func aSocketLeftByAKilledOverlayIsTakenOverAndALiveOneIsNot() throws {
        let runtime = try RuntimeFolder()
        let path = runtime.path
        try path.prepareFolder()
        // What a killed overlay leaves: a socket file that nothing listens on.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.socket.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(stale, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        try #require(bound == 0)
        close(stale)
        #expect(try ResidentClient.connect(path) == nil, "nothing answers on the stale socket")

        let listener = try ResidentListener.bind(path)
        defer { listener.close() }
        #expect(try ResidentClient.connect(path) != nil, "the new listener answers at the same path")
        // A second overlay finds this one answering and leaves it be.
        #expect {
            try ResidentListener.bind(path)
        } throws: { error in
            "\(error)".contains("already running")
        }
        #expect(try ResidentClient.connect(path) != nil, "the first still answers")
    }

    @Test func requestsAreReadAndRefusedInOneLine() throws {
        func decode(_ text: String) throws -> ResidentRequest { try ResidentRequest.decode(Array(text.utf8)) }
        guard case .fire(let fire) = try decode(#"{"fire": {"preset": "confetti", "at": [10, 20.5], "output": "DUMMY0", "seed": 7, "mute": true, "reducedMotion": false}}"#),
              case .preset("confetti") = fire.source else {
            Issue.record("a fire of a preset")
            return
        }
        #expect(fire.at?.0 == 10 && fire.at?.1 == 20.5 && fire.output == "DUMMY0" && fire.seed == 7 && fire.mute && fire.reducedMotion == false)
        guard case .fire(let document) = try decode(ResidentRequest.fireLine(effectDocument: JSONText(try JSON.parse(Array(EffectFile.encode(.rain).utf8))), seed: 3)),
              case .effect(let value) = document.source else {
            Issue.record("a fire of an effect document")
            return
        }
        #expect(EffectFile.encode(try EffectFile.read(value, directory: nil)) == EffectFile.encode(.rain))
        #expect(document.seed == 3)
        guard case .stop = try decode(ResidentRequest.stopLine), case .status = try decode(ResidentRequest.statusLine) else {
            Issue.record("stop and status")
            return
        }
        for (line, words) in [
            ("{\"fire\": ", "not valid JSON"),
            ("[1, 2]", "one member"),
            (#"{"launch": {}}"#, "unknown request"),
            (#"{"fire": {"preset": "confetti", "colour": 1}}"#, "no field colour"),
            (#"{"fire": {}}"#, "one of preset"),
            (#"{"fire": {"preset": "confetti", "at": [1]}}"#, "two numbers"),
            (#"{"fire": {"preset": "confetti", "seed": -1}}"#, "whole number"),
            (#"{"fire": {"preset": "confetti", "mute": 1}}"#, "true or false"),
            (#"{"stop": {"now": true}}"#, "takes no fields"),
        ] {
            #expect {
                try decode(line)
            } throws: { error in
                "\(error)".contains(words) && !"\(error)".contains("\n")
            }
        }
    }

    @Test func hostileClientsAreDroppedWhileAGoodOneIsServed() async throws {
        let runtime = try RuntimeFolder()
        let answering = Answering(try ResidentListener.bind(runtime.path), silence: 1)
        defer { answering.stop() }

        // A silent client and one that sends half a line: neither holds up the good one.
        let silent = try #require(try ResidentClient.connect(runtime.path))
        let halfLine = try #require(try ResidentClient.connect(runtime.path))
        _ = send(halfLine.descriptor, "{\"fire\": {\"pre", 14, Int32(MSG_NOSIGNAL))
        let good = try #require(try ResidentClient.connect(runtime.path))
        let reply = try good.exchange(ResidentRequest.fireLine(preset: "confetti"), timeout: 30)
        #expect(reply.ok && reply.integer("launch") == 0, "\(reply)")

        // Invalid JSON: a reply saying so, then the connection is closed.
        let garbage = try #require(try ResidentClient.connect(runtime.path))
        let refused = try garbage.exchange("{not json", timeout: 30)
        #expect(!refused.ok && refused.error?.contains("not valid JSON") == true, "\(refused)")
        #expect(await closedByServer(garbage), "a client that sent invalid JSON is dropped")

        // An oversized line: refused and dropped before its end arrives.
        let flood = try #require(try ResidentClient.connect(runtime.path))
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        var sent = 0
        while sent <= ResidentRequest.maxLineBytes + chunk.count {
            let count = send(flood.descriptor, chunk, chunk.count, Int32(MSG_NOSIGNAL))
            guard count > 0 else { break }
            sent += count
        }
        #expect(await closedByServer(flood, expecting: "at most"), "a client over the line limit is dropped")

        // The silent ones are dropped once their time is up, told why; the good one is answered again.
        #expect(await closedByServer(silent, expecting: "no whole request line came within 1 s"), "a silent client is dropped")
        #expect(await closedByServer(halfLine, expecting: "no whole request line came within 1 s"), "a client that stops mid-line is dropped")
        let status = try #require(try ResidentClient.connect(runtime.path)).exchange(ResidentRequest.statusLine, timeout: 30)
        #expect(status.integer("launches") == 1, "\(status)")
        let stopped = try #require(try ResidentClient.connect(runtime.path)).exchange(ResidentRequest.stopLine, timeout: 30)
        #expect(stopped.ok)
        #expect(await eventually(within: 30) { answering.hasEnded })
    }

    /// Everything `client` is sent until the server closes its connection; nil when it is
    /// still open after the stall guard (the desktop tests' own: the server's thread may get
    /// little of a machine busy with the whole suite).
    func receivedUntilClosed(_ client: ResidentClient) async -> String? {
        var received = ""
        var closed = false
        _ = await eventually(within: 300) {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            var ready = pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)
            while poll(&ready, 1, 0) > 0 {
                let count = recv(client.descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
                if count > 0 { received += String(decoding: buffer[..<count], as: UTF8.self); continue }
                closed = count == 0 || errno == ECONNRESET
                break
            }
            return closed
        }
        return closed ? received : nil
    }

    /// A flood of empty lines from a client that reads nothing was answered line by line and
    /// held open: 1.1 GB of replies queued. The first line with no request is answered once
    /// and ends the connection.
    @Test func aLineWithNoRequestIsAnsweredOnceAndEndsTheConnection() async throws {
        let runtime = try RuntimeFolder()
        let answering = Answering(try ResidentListener.bind(runtime.path), silence: 60)
        defer { answering.stop() }
        for flood in ["\n", "  \t\r\n"] {
            let client = try #require(try ResidentClient.connect(runtime.path))
            let bytes = Array(String(repeating: flood, count: 16_384).utf8)
            _ = send(client.descriptor, bytes, bytes.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            let received = try #require(await receivedUntilClosed(client), "the connection of a client sending \(flood.debugDescription) ends")
            let lines = received.split(separator: "\n")
            #expect(lines.count == 1 && lines[0].contains("no request"), "one refusal: \(received.prefix(300))")
        }
        let good = try #require(try ResidentClient.connect(runtime.path)).exchange(ResidentRequest.statusLine, timeout: 30)
        #expect(good.ok, "\(good)")
    }

    /// A client that sends valid requests and reads none of the replies is dropped once its
    /// unread replies pass `queuedReplyBytes`, instead of holding them all.
    @Test func aClientThatReadsNoRepliesIsDroppedPastItsQueue() async throws {
        let runtime = try RuntimeFolder()
        let answering = Answering(try ResidentListener.bind(runtime.path), silence: 60)
        defer { answering.stop() }
        let client = try #require(try ResidentClient.connect(runtime.path))
        // Status requests, sent as fast as the socket takes them; never a reply read. The
        // replies the server queues outgrow its bound long before the socket's buffers fill.
        // The server answers four lines a turn, and fills the socket's buffers (hundreds of
        // kilobytes) before its own queue: about a tenth of a second alone, but a thousand turns
        // of a thread that gets little of a machine busy with the whole suite starting, which
        // took more than 30 s once; the stall guard is the desktop tests' own.
        let lines = Array(String(repeating: ResidentRequest.statusLine + "\n", count: 1_000).utf8)
        let dropped = await eventually(within: 300) {
            let sent = send(client.descriptor, lines, lines.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            return sent < 0 && (errno == EPIPE || errno == ECONNRESET)
        }
        #expect(dropped, "a client that reads nothing is dropped")
        let good = try #require(try ResidentClient.connect(runtime.path)).exchange(ResidentRequest.statusLine, timeout: 30)
        #expect(good.ok, "\(good)")
    }

    /// Past the clients it serves at once, a new client takes the place of the oldest idle one
    /// (never one accepted in the same turn, which has not been read yet).
    @Test func pastTheClientLimitTheOldestIdleClientMakesRoom() async throws {
        let runtime = try RuntimeFolder()
        var limits = ResidentServer.Limits()
        limits.clients = 4
        limits.silence = 60
        let answering = Answering(try ResidentListener.bind(runtime.path), limits: limits)
        defer { answering.stop() }
        // Each served once, then idle: accepted in turns of their own, so each may make room.
        var idle: [ResidentClient] = []
        for _ in 0..<6 {
            let client = try #require(try ResidentClient.connect(runtime.path))
            #expect(try client.exchange(ResidentRequest.statusLine, timeout: 30).ok)
            idle.append(client)
        }
        let good = try #require(try ResidentClient.connect(runtime.path)).exchange(ResidentRequest.statusLine, timeout: 30)
        #expect(good.ok, "\(good)")
        #expect(await receivedUntilClosed(idle[0]) != nil, "the oldest idle client made room")
        #expect(await receivedUntilClosed(idle[1]) != nil)
    }

    /// A socket another user put in the folder before it was made private: the overlay does not
    /// take it for one of its own ("already running") and a client sends it nothing.
    @Test func aSocketOfAnotherUserIsRefusedAndNeverSentARequest() async throws {
        let runtime = try RuntimeFolder()
        let path = runtime.path
        try FileManager.default.createDirectory(atPath: path.folder, withIntermediateDirectories: true)
        chmod(path.folder, 0o777)
        let script = """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.bind(sys.argv[1]); s.listen(8); print("listening", flush=True)
            while True:
                c, _ = s.accept(); c.settimeout(30)
                try: data = c.recv(65536)
                except Exception: data = b""
                print("received", len(data), flush=True); c.close()
            """
        let planter = try ChildProcess([try Tool.locate("setpriv"), "--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, path.socket],
                                       environment: ChildProcess.environment([:]))
        defer { planter.stop() }
        try #require(await eventually(within: 30) { planter.output.contains("listening") || planter.hasEnded }, "the other user listens: \(planter.errorOutput)")

        #expect {
            try ResidentListener.bind(path)
        } throws: { error in
            "\(error)".contains("socket of user 65534") && !"\(error)".contains("already running") && !"\(error)".contains("\n")
        }
        #expect {
            try ResidentClient.connect(path)
        } throws: { error in
            "\(error)".contains("user 65534") && "\(error)".contains("nothing was sent") && !"\(error)".contains("\n")
        }
        let fired = try await ConfettiBinary.run(["fire", "confetti", "--mute"], environment: ["XDG_RUNTIME_DIR": runtime.url.path], timeout: 60)
        #expect(fired.status == 2 && fired.stderr.contains("user 65534") && fired.stderr.split(separator: "\n").count == 1, "\(fired.status): \(fired.stderr)")
        let stopped = try await ConfettiBinary.run(["overlay", "--stop"], environment: ["XDG_RUNTIME_DIR": runtime.url.path], timeout: 60)
        #expect(stopped.status == 2 && stopped.stderr.contains("user 65534"), "\(stopped.status): \(stopped.stderr)")
        // Each client hung up unheard: every connection the other user saw brought no byte.
        try #require(await eventually(within: 30) { planter.output.components(separatedBy: "received").count - 1 >= 3 }, "\(planter.output)")
        #expect(!planter.output.split(separator: "\n").contains { $0.hasPrefix("received") && $0 != "received 0" }, "\(planter.output)")
    }

    /// A busy overlay (a flood of finales, each taking a second to launch on a loaded machine)
    /// reached a `confetti status` or `fire` whose line had waited longer than the silence, and
    /// had dropped it unanswered, its line taken for silence. A line waiting its turn is answered
    /// however late, and of clients served as often, the newest goes first. The server is
    /// served here on this thread, so the turn is taken only once the silence has passed.
    @Test func aLineWaitingItsTurnPastTheSilenceIsAnsweredNewestFirst() throws {
        let runtime = try RuntimeFolder()
        let server = ResidentServer(listener: try ResidentListener.bind(runtime.path), silence: 0.2)
        defer { server.close() }
        let flooder = try #require(try ResidentClient.connect(runtime.path))
        let flood = Array(String(repeating: ResidentRequest.fireLine(preset: "finale", mute: true) + "\n", count: 20).utf8)
        #expect(send(flooder.descriptor, flood, flood.count, Int32(MSG_NOSIGNAL)) == flood.count)
        let asking = try #require(try ResidentClient.connect(runtime.path))
        let line = Array((ResidentRequest.statusLine + "\n").utf8)
        #expect(send(asking.descriptor, line, line.count, Int32(MSG_NOSIGNAL)) == line.count)
        // Both connected and sent before the first serve: one serve accepts them, the next
        // reads both lines (each serve waits for what comes, under a stall guard).
        let giveUp = monotonicSeconds() + 300
        while !server.hasWaitingLine && monotonicSeconds() < giveUp { server.serve(waitingUpTo: 1) }
        try #require(server.hasWaitingLine, "the lines were read")
        // The overlay busy with other work until both lines have waited past the silence.
        let read = monotonicSeconds()
        while monotonicSeconds() - read < 2 * server.limits.silence { usleep(10_000) }
        server.serve(waitingUpTo: 0)
        #expect(server.clientCount == 2, "neither client with a line waiting was dropped")
        let first = try #require(server.next(), "the waiting lines are taken")
        let second = try #require(server.next())
        #expect(first.client > second.client, "the newer client goes first")
        guard case .success(.status) = first.request, case .success(.fire) = second.request else {
            Issue.record("the status line first, then the flood's first fire")
            return
        }
        server.send(ResidentReply.accepted([("launches", .number(0))]), to: first.client)
        server.send(ResidentReply.accepted([("launch", .number(0))]), to: second.client)
        #expect(try asking.reply(timeout: 300).integer("launches") == 0)
        #expect(try flooder.reply(timeout: 300).integer("launch") == 0)
    }

    /// Whether the server closes `client`'s connection (within a stall guard), after a reply
    /// holding `expecting` when given.
    func closedByServer(_ client: ResidentClient, expecting: String? = nil) async -> Bool {
        guard let received = await receivedUntilClosed(client) else { return false }
        return expecting.map { received.contains($0) } ?? true
    }
}
