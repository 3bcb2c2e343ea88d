import ConfettiApp
import ConfettiGL
import Foundation
import Glibc
import Testing
import TestSupport

/// `confetti overlay --resident` and `confetti fire` on a private X desktop (Xvfb with
/// xcompmgr, `Desktop`), each test with its own XDG_RUNTIME_DIR: fired from a shell it
/// celebrates and goes idle (hidden, no frames, no CPU), launches overlap within the budget, a
/// killed overlay's socket is taken over by the next fire, hostile clients do not stop a fire,
/// and --stop ends it. Every wait is for an event (a reply, a line, a pixel) under a stall guard.
@Suite(.serialized) struct ResidentOverlayTests {
    /// A desktop and a private runtime folder for the socket.
    final class Session {
        let desktop: Desktop
        let runtime: URL
        var environment: [String: String?]

        init() async throws {
            desktop = try await Desktop(compositing: true)
            runtime = desktop.logs.appendingPathComponent("runtime")
            try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            environment = ["DISPLAY": desktop.server.display, "WAYLAND_DISPLAY": nil, "XDG_RUNTIME_DIR": runtime.path, "XDG_CURRENT_DESKTOP": nil]
        }

        var path: ResidentSocketPath { try! ResidentSocketPath(environment: ["XDG_RUNTIME_DIR": runtime.path]) }

        /// `confetti ARGUMENTS` run to its end on this desktop.
        func confetti(_ arguments: [String]) async throws -> ChildProcess.Outcome {
            try await ConfettiBinary.run(arguments, environment: environment, timeout: Desktop.stallGuard)
        }

        /// A resident overlay in the foreground, muted.
        func resident(_ arguments: [String] = []) async throws -> ChildProcess {
            let process = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--resident", "--mute", "--no-vsync"] + arguments,
                                           environment: ChildProcess.environment(environment), logs: desktop.logs)
            let listening = await eventually(within: Desktop.stallGuard) { process.output.contains("listening at") || process.hasEnded }
            guard listening, !process.hasEnded else { throw TestFailure("the resident overlay did not listen: \(process.errorOutput)") }
            return process
        }

        /// The overlay's status reply.
        func status() throws -> ResidentReply {
            guard let client = try ResidentClient.connect(path) else { throw TestFailure("no resident overlay answers at \(path.socket)") }
            return try client.exchange(ResidentRequest.statusLine, timeout: Desktop.stallGuard)
        }

        /// Ends whatever resident overlay answers, and the desktop.
        func stop() {
            if let client = try? ResidentClient.connect(path) { _ = try? client.exchange(ResidentRequest.stopLine, timeout: 10) }
            desktop.stop()
        }
    }

    /// The CPU time (seconds, the scheduler's nanoseconds) and wakeups (voluntary context
    /// switches: each time it went to sleep and was woken) of each thread of process `pid`, by
    /// thread id. nil once it has gone.
    static func threadCounts(of pid: Int) -> [String: (cpu: Double, wakeups: Int)]? {
        guard let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task") else { return nil }
        var counts: [String: (cpu: Double, wakeups: Int)] = [:]
        for task in tasks {
            let folder = "/proc/\(pid)/task/\(task)"
            guard let schedstat = try? String(contentsOfFile: folder + "/schedstat", encoding: .utf8),
                  let status = try? String(contentsOfFile: folder + "/status", encoding: .utf8),
                  let nanoseconds = schedstat.split(separator: " ").first.flatMap({ Double($0) }),
                  let wakeups = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") })
                      .flatMap({ Int($0.split(separator: ":")[1].trimmed) }) else { continue }
            counts[task] = (nanoseconds / 1e9, wakeups)
        }
        return counts
    }

    /// What process `pid`'s threads spent since `before` (`threadCounts`): a thread that began
    /// since is counted whole; one that ended took its counts with it and is left out.
    static func spent(by pid: Int, since before: [String: (cpu: Double, wakeups: Int)]) -> (cpu: Double, wakeups: Int)? {
        guard let after = threadCounts(of: pid) else { return nil }
        return after.reduce((cpu: 0.0, wakeups: 0)) { total, thread in
            let earlier = before[thread.key] ?? (0, 0)
            return (total.cpu + thread.value.cpu - earlier.cpu, total.wakeups + thread.value.wakeups - earlier.wakeups)
        }
    }

    /// Whether process `pid` has ended (gone, or a zombie nobody reaped).
    static func hasEnded(_ pid: Int) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return true }
        return stat[stat.index(close, offsetBy: 2)] == "Z"
    }

    @Test func fireFromAShellCelebratesThroughAnOverlayItStartedWhichThenIdlesFreeAndStops() async throws {
        let session = try await Session()
        defer { session.stop() }
        let effect = try Desktop.effectFile(lifetime: 3, in: session.desktop.logs)
        let fired = try await session.confetti(["fire", effect, "--mute"])
        #expect(fired.exitedNormally && fired.status == 0 && fired.stderr.isEmpty, "\(fired.status): \(fired.stderr)")
        let status = try session.status()
        let pid = try #require(status.integer("pid"), "\(status)")
        #expect((status.integer("launches")) == 1 && status["outputs"]?.arrayValue?.count == 1, "\(status)")

        // Idle once the last piece has died: hidden, and no frames.
        let idle = try await eventually(within: Desktop.stallGuard) {
            let now = try session.status()
            return now["mapped"]?.boolValue == false && now.integer("alive") == 0
        }
        try #require(idle, "the overlay went idle")
        let framesIdle = try #require(try session.status().integer("frames"))
        #expect(framesIdle > 0)
        #expect(try await session.desktop.screenshot().pixels(matching: Desktop.palette).count == 0, "nothing on screen while idle")

        // Free when idle: at most 10 ms of CPU in 10 s, by the kernel's count, and asleep
        // throughout (the one wakeup allowed: the status client above hanging up).
        let before = try #require(Self.threadCounts(of: pid))
        let start = ContinuousClock.now
        let window = 10.0
        _ = await eventually(within: window) { Self.hasEnded(pid) }
        let (spent, woke) = try #require(Self.spent(by: pid, since: before))
        let elapsed = Double((ContinuousClock.now - start).components.seconds)
        #expect(spent <= 0.010, "the idle overlay used \(spent * 1000) ms of CPU in \(elapsed) s")
        #expect(woke <= 1, "the idle overlay woke \(woke) times in \(elapsed) s")
        #expect(try session.status().integer("frames") == framesIdle, "no frame drawn while idle")
        print(String(format: "resident: %.2f ms of CPU and %ld wakeups in %.0f s idle", spent * 1000, woke, elapsed))

        // Fired again, it shows: confetti that hangs on screen longer than the stall guards, so
        // the screenshot does not race the pieces' lifetime.
        let again = try await session.confetti(["fire", try Desktop.hangingEffectFile(in: session.desktop.logs), "--mute"])
        #expect(again.exitedNormally && again.status == 0, "\(again.status): \(again.stderr)")
        let seen = try await eventually(within: Desktop.stallGuard) {
            try await session.desktop.screenshot().pixels(matching: Desktop.palette).count >= 20
        }
        #expect(seen, "confetti on screen from the resident overlay")

        let stopped = try await session.confetti(["overlay", "--stop"])
        #expect(stopped.exitedNormally && stopped.status == 0, "\(stopped.stderr)")
        #expect(await eventually(within: Desktop.stallGuard) { Self.hasEnded(pid) }, "the overlay ended on --stop")
        #expect(try ResidentClient.connect(session.path) == nil, "and nothing answers at its socket")
    }

    @Test func launchesOverlapAndAFloodPastTheBudgetIsRefusedWhileTheRestPlayOn() async throws {
        let session = try await Session()
        defer { session.stop() }
        let pieces = 120
        // Two hanging launches of 120 pieces fit in 300; a third does not.
        let resident = try await session.resident(["--capacity", "300"])
        defer { resident.stop() }
        let file = session.desktop.logs.appendingPathComponent("burst.json")
        try #"{"kind": "confetti", "confetti": {"count": \#(pieces), "lifetime": 60, "fadeOutDuration": 1}}"#.write(to: file, atomically: true, encoding: .utf8)
        for seed in 1...2 {
            let fired = try await session.confetti(["fire", file.path, "--mute", "--seed", "\(seed)"])
            #expect(fired.status == 0, "\(fired.stderr)")
        }
        let refused = try await session.confetti(["fire", file.path, "--mute"])
        #expect(refused.status == 2 && refused.stderr.contains("over the budget") && refused.stderr.split(separator: "\n").count == 1, "\(refused.status): \(refused.stderr)")
        let status = try session.status()
        #expect(status.integer("alive") == 2 * pieces && status.integer("launches") == 2, "the two accepted play on: \(status)")
        // Other refusals, in the words confetti prints, and the overlay still serving.
        let unknown = try await session.confetti(["fire", "nosuch"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown effect 'nosuch'"), "\(unknown.stderr)")
        let badOutput = try await session.confetti(["fire", "confetti", "--output", "NOWHERE"])
        #expect(badOutput.status == 2 && badOutput.stderr.contains("no output named 'NOWHERE'"), "\(badOutput.stderr)")
        #expect(!resident.hasEnded)
    }

    @Test func theNextFireTakesOverTheSocketOfAKilledOverlay() async throws {
        let session = try await Session()
        defer { session.stop() }
        let resident = try await session.resident()
        defer { resident.stop() }
        #expect(try await session.confetti(["fire", "confetti", "--mute"]).status == 0)
        resident.send(SIGKILL)
        _ = await resident.ending(within: Desktop.stallGuard)
        #expect(FileManager.default.fileExists(atPath: session.path.socket), "a killed overlay leaves its socket")
        #expect(try ResidentClient.connect(session.path) == nil)

        let fired = try await session.confetti(["fire", "confetti", "--mute"])
        #expect(fired.status == 0, "\(fired.stderr)")
        let status = try session.status()
        let pid = try #require(status.integer("pid"))
        #expect(pid != Int(resident.pid) && status.integer("launches") == 1, "a new overlay took the socket: \(status)")
    }

    @Test func hostileClientsDoNotStopAConcurrentFire() async throws {
        let session = try await Session()
        defer { session.stop() }
        let resident = try await session.resident()
        defer { resident.stop() }
        // Silent, oversized and not JSON, all connected at once.
        let silent = try #require(try ResidentClient.connect(session.path))
        let oversized = try #require(try ResidentClient.connect(session.path))
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 256 * 1024)
        for _ in 0..<5 { _ = send(oversized.descriptor, chunk, chunk.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        let garbage = try #require(try ResidentClient.connect(session.path))
        let reply = try garbage.exchange("{\"fire\": [", timeout: Desktop.stallGuard)
        #expect(!reply.ok && (reply.error ?? "").contains("not valid JSON"), "\(reply)")

        let fired = try await session.confetti(["fire", "confetti", "--mute"])
        #expect(fired.status == 0, "\(fired.stderr)")
        #expect(try session.status().integer("launches") == 1)
        _ = silent
        #expect(!resident.hasEnded, "\(resident.errorOutput)")

        let stopped = try await session.confetti(["overlay", "--stop"])
        #expect(stopped.status == 0)
        #expect(await resident.ending(within: Desktop.stallGuard) == .exited(0), "\(resident.errorOutput)")
        #expect(resident.output.contains("resident: stopped"), "\(resident.output)")
    }

    /// Socket activation as systemd does it (systemd-socket-activate: the listening socket passed
    /// as descriptor 3 with LISTEN_FDS and LISTEN_PID), started by the first connection.
    @Test func aSocketActivatedOverlayServesTheFirstFire() async throws {
        let session = try await Session()
        defer { session.stop() }
        try session.path.prepareFolder()
        let activator = try ChildProcess([try Tool.locate("systemd-socket-activate"), "-l", session.path.socket, "-E", "DISPLAY", "-E", "XDG_RUNTIME_DIR",
                                          try ConfettiBinary.url().path, "overlay", "--resident", "--mute", "--no-vsync"],
                                         environment: ChildProcess.environment(session.environment), logs: session.desktop.logs)
        defer { activator.stop() }
        try #require(await eventually(within: Desktop.stallGuard) { activator.errorOutput.contains("Listening on") || activator.hasEnded },
                     "systemd-socket-activate listens: \(activator.errorOutput)")
        let fired = try await session.confetti(["fire", "confetti", "--mute"])
        #expect(fired.status == 0, "\(fired.stderr)")
        #expect(await eventually(within: Desktop.stallGuard) { activator.output.contains("listening at the socket systemd passed") }, "\(activator.output)")
        #expect(try session.status().integer("launches") == 1)
        #expect(try await session.confetti(["overlay", "--stop"]).status == 0)
        #expect(await activator.ending(within: Desktop.stallGuard) == .exited(0), "\(activator.errorOutput)")
        #expect(FileManager.default.fileExists(atPath: session.path.socket), "systemd's socket is left for systemd to remove")
    }

    /// The first frame of each of ten fires, by the overlay's own clock: from the request's
    /// arrival, and from the start of the `confetti fire` that sent it.
    @Test func eachFireReportsItsFirstFrame() async throws {
        let session = try await Session()
        defer { session.stop() }
        let resident = try await session.resident()
        defer { resident.stop() }
        var afterRequest: [Double] = [], afterSender: [Double] = []
        for seed in 1...10 {
            // Idle between fires, as a script's fires usually find it: hidden, then shown.
            let idle = try await eventually(within: Desktop.stallGuard) { try session.status()["mapped"]?.boolValue == false }
            try #require(idle)
            #expect(try await session.confetti(["fire", "confetti", "--mute", "--seed", "\(seed)"]).status == 0)
            let line = "resident: launch \(seed - 1) first frame "
            let reported = await eventually(within: Desktop.stallGuard) { resident.output.contains(line) }
            try #require(reported, "launch \(seed - 1)'s first frame: \(resident.output)")
            let words = resident.output.components(separatedBy: line)[1].prefix { $0 != "\n" }.split(separator: " ")
            afterRequest.append(try #require(Double(words[0])))
            if words.count > 6, let sender = Double(words[5]) { afterSender.append(sender) }
        }
        let median = { (values: [Double]) in values.sorted()[values.count / 2] }
        print(String(format: "resident: first frame a median %.3f s after the request (max %.3f), %.3f s after confetti fire started, over 10 fires",
                     median(afterRequest), afterRequest.max()!, afterSender.isEmpty ? .nan : median(afterSender)))
        #expect(afterSender.count == 10)
    }
}
