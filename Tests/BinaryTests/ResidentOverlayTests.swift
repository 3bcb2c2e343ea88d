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

        /// A resident overlay in the foreground, muted; started through `prefix` (a command that
        /// runs it, such as prlimit) with `more` in its environment, when given.
        func resident(_ arguments: [String] = [], prefix: [String] = [], more: [String: String?] = [:]) async throws -> ChildProcess {
            let process = try ChildProcess(prefix + [try ConfettiBinary.url().path, "overlay", "--resident", "--mute", "--no-vsync"] + arguments,
                                           environment: ChildProcess.environment(environment.merging(more) { $1 }), logs: desktop.logs)
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

    /// The most memory process `pid` has held (VmHWM), MB.
    static func peakMegabytes(of pid: Int) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }

    /// A normal `confetti fire` while an attack goes on: it must be accepted; how long it took
    /// (printed, not asserted: the machine is shared) and the overlay's frames before and after.
    func normalFire(_ session: Session, during attack: String) async throws {
        let before = try #require(try session.status().integer("frames"))
        let start = ContinuousClock.now
        let fired = try await session.confetti(["fire", "confetti", "--mute"])
        let took = (ContinuousClock.now - start).components
        let seconds = Double(took.seconds) + Double(took.attoseconds) / 1e18
        #expect(fired.status == 0, "a normal fire during \(attack): \(fired.stderr)")
        let status = try session.status()
        let after = try #require(status.integer("frames"))
        let pid = try #require(status.integer("pid"))
        let peak = try #require(Self.peakMegabytes(of: pid))
        #expect(peak < 400, "peak memory during \(attack): \(peak) MB")
        print(String(format: "resident under %@: a normal fire answered in %.2f s, frames %ld -> %ld, peak memory %ld MB", attack, seconds, before, after, peak))
    }

    /// Ten clients each sending 200 finale requests at once were all handled in one batch
    /// before a frame, for over a minute. Now each client has one request in flight and a few
    /// lines a turn, the overlay serves requests a frame's share at a time, and a client that
    /// has just connected goes first: frames go on and a normal fire is answered.
    @Test func aFloodOfFinalesLeavesFramesDrawnAndANormalFireAnswered() async throws {
        let session = try await Session()
        defer { session.stop() }
        let resident = try await session.resident()
        defer { resident.stop() }
        let flood = Array(String(repeating: ResidentRequest.fireLine(preset: "finale", mute: true) + "\n", count: 200).utf8)
        var flooders: [ResidentClient] = []
        for _ in 0..<10 {
            let client = try #require(try ResidentClient.connect(session.path))
            #expect(send(client.descriptor, flood, flood.count, Int32(MSG_NOSIGNAL)) == flood.count)
            flooders.append(client)
        }
        try await normalFire(session, during: "a flood of 10 x 200 finales")
        let frames = try #require(try session.status().integer("frames"))
        #expect(await eventually(within: Desktop.stallGuard) { (try? session.status().integer("frames") ?? 0).map { $0 > frames } ?? false },
                "frames go on being drawn")
        #expect(!resident.hasEnded, "\(resident.errorOutput)")
        _ = flooders
    }

    /// `count` PNG files of `side`² pixels, the top quarter noise (slow to decode, 12 MB at
    /// 4096²), made by Python's zlib.
    static func noisyPictures(_ count: Int, side: Int, in folder: URL) async throws -> [String] {
        let script = """
            import os, struct, sys, zlib
            folder, count, side = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
            def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
            for i in range(count):
                rows = [b'\\0' + (os.urandom(side * 3) if y < side // 4 else bytes([i, 80, 160]) * side) for y in range(side)]
                png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', side, side, 8, 2, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(b''.join(rows), 1)) + chunk(b'IEND', b'')
                open(os.path.join(folder, 'noise%d.png' % i), 'wb').write(png)
            """
        let made = try await ChildProcess.run(["/usr/bin/python3", "-c", script, folder.path, "\(count)", "\(side)"], environment: ChildProcess.environment([:]), timeout: 300)
        guard made.status == 0 else { throw TestFailure("python3 made no pictures: \(made.stderr)") }
        return (0..<count).map { folder.appendingPathComponent("noise\($0).png").path }
    }

    /// One request naming many large pictures held the overlay for half a minute, and was
    /// played after its sender had given up. Now pictures are made off the drawing thread
    /// within a budget (here 0.05 s, so that these surely take longer): the request is refused
    /// within its wait, a normal fire meanwhile is accepted, and the refused launch never plays.
    @Test func aRequestWhosePicturesTakeTooLongIsRefusedAndNeverPlayed() async throws {
        let session = try await Session()
        defer { session.stop() }
        let pictures = try await Self.noisyPictures(8, side: 2048, in: session.desktop.logs)
        let resident = try await session.resident(more: ["CONFETTI_PICTURE_BUDGET": "0.05"])
        defer { resident.stop() }
        let sprites = pictures.map { JSONText.object([("image", .string($0))]) }
        let document = JSONText.object([("kind", .string("confetti")), ("confetti", .object([("lifetime", .number(60)), ("sprites", .array(sprites))]))])
        let client = try #require(try ResidentClient.connect(session.path))
        let line = Array((ResidentRequest.fireLine(effectDocument: document, mute: true) + "\n").utf8)
        #expect(send(client.descriptor, line, line.count, Int32(MSG_NOSIGNAL)) == line.count)
        try await normalFire(session, during: "a request of 8 noisy 2048² pictures")
        let reply = try client.reply(timeout: Desktop.stallGuard)
        #expect(!reply.ok && (reply.error ?? "").contains("not made within 0.05 s"), "\(reply)")
        #expect(try await eventually(within: Desktop.stallGuard) { try session.status().integer("making") == 0 })
        // Another normal fire after it: by then a launch that was going to be played late would have been.
        #expect(try await session.confetti(["fire", "confetti", "--mute"]).status == 0)
        #expect(try session.status().integer("launches") == 2, "only the two normal fires were played")
    }

    /// A picture path swapped for a FIFO between its check and its open left the overlay in
    /// open() for ever. The swap is made by a preloaded library at the moment of the open.
    @Test func aPictureSwappedForAFIFOIsRefusedAtOnce() async throws {
        let session = try await Session()
        defer { session.stop() }
        let folder = session.desktop.logs
        let shim = folder.appendingPathComponent("swap.c")
        try """
            #define _GNU_SOURCE
            #include <dlfcn.h>
            #include <stdarg.h>
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            static void swap(const char *path) {
                static int done;
                const char *target = getenv("SWAP_TARGET"), *fifo = getenv("SWAP_FIFO");
                if (!done && target && fifo && path && strcmp(path, target) == 0) { done = 1; rename(fifo, target); }
            }
            #define WRAP(name) int name(const char *path, int flags, ...) { va_list ap; va_start(ap, flags); int mode = va_arg(ap, int); va_end(ap); \\
                swap(path); int (*real)(const char *, int, ...) = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, #name); return real(path, flags, mode); }
            WRAP(open)
            WRAP(open64)
            """.write(to: shim, atomically: true, encoding: .utf8)
        let library = folder.appendingPathComponent("swap.so")
        let built = try await ChildProcess.run([try Tool.locate("gcc"), "-shared", "-fPIC", "-o", library.path, shim.path, "-ldl"], environment: ChildProcess.environment([:]))
        try #require(built.status == 0, "\(built.stderr)")
        let picture = folder.appendingPathComponent("picture.png").path
        let fifo = folder.appendingPathComponent("fifo").path
        _ = try await Self.noisyPictures(1, side: 16, in: folder)
        try FileManager.default.moveItem(atPath: folder.appendingPathComponent("noise0.png").path, toPath: picture)
        try #require(mkfifo(fifo, 0o600) == 0)
        let resident = try await session.resident(more: ["LD_PRELOAD": library.path, "SWAP_TARGET": picture, "SWAP_FIFO": fifo])
        defer { resident.stop() }
        let document = JSONText.object([("kind", .string("confetti")), ("confetti", .object([("sprites", .array([.object([("image", .string(picture))])]))]))])
        let client = try #require(try ResidentClient.connect(session.path))
        let reply = try client.exchange(ResidentRequest.fireLine(effectDocument: document, mute: true), timeout: Desktop.stallGuard)
        #expect(!reply.ok && (reply.error ?? "").contains("a pipe"), "\(reply)")
        var info = stat()
        #expect(lstat(picture, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the swap was made")
        let stopped = try await session.confetti(["overlay", "--stop"])
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(await resident.ending(within: Desktop.stallGuard) == .exited(0), "\(resident.errorOutput)")
    }

    /// Out of descriptors, with clients trickling a byte now and then, the listener stayed
    /// readable and the idle overlay spun at 98% of a core. Now a client is dropped when it
    /// sends no whole line for its silence, the oldest idle client makes room, and the listener
    /// rests while none can: the overlay sleeps, and a normal fire is answered.
    @Test func outOfDescriptorsItRestsInsteadOfSpinningAndServes() async throws {
        let session = try await Session()
        defer { session.stop() }
        let resident = try await session.resident(prefix: [try Tool.locate("prlimit"), "--nofile=40:40"])
        defer { resident.stop() }
        let pid = try #require(try session.status().integer("pid"))
        var held: [ResidentClient] = []
        for _ in 0..<60 {
            guard let client = try? ResidentClient.connect(session.path) else { break }
            held.append(client)
        }
        let before = try #require(Self.threadCounts(of: pid))
        let start = ContinuousClock.now
        // A byte to each connection now and then, for a while: the old overlay took each as a sign of life.
        for _ in 0..<6 {
            for client in held { _ = send(client.descriptor, " ", 1, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            try await Task.sleep(for: .seconds(1))
        }
        let (spent, _) = try #require(Self.spent(by: pid, since: before))
        let elapsed = Double((ContinuousClock.now - start).components.seconds)
        print(String(format: "resident out of descriptors: %.3f s of CPU in %.0f s", spent, elapsed))
        #expect(spent < 0.25, "the overlay spent \(spent) s of CPU in \(elapsed) s")
        try await normalFire(session, during: "60 clients trickling bytes with 40 descriptors")
        _ = held
    }

    /// A fire's seed gives its launch: two `fire --seed 5` draw the same pixels, whatever was
    /// launched between them; `--seed 6` draws others. The pieces stand still, so the same age
    /// is any age and a screenshot needs no timing.
    @Test func twoFiresWithTheSameSeedDrawTheSamePixels() async throws {
        let session = try await Session()
        defer { session.stop() }
        let resident = try await session.resident()
        defer { resident.stop() }
        let file = session.desktop.logs.appendingPathComponent("still.json")
        // Pieces that do not move or turn: where each is, its turn, size and colour come from
        // the seed alone, and stay so at every age.
        try """
            {"kind": "confetti", "confetti": {"count": 40, "lifetime": 15, "fadeOutDuration": 1, "gravity": 0, "drag": 1, "launchBelowBottom": -240,
             "upwardSpeed": 0, "upwardSpeedJitter": [1, 1], "horizontalSpeed": [0, 0], "spreadStrength": [0, 0], "rotationSpeed": [0, 0],
             "flutterAmplitude": [0, 0], "flipFrequency": [0, 0], "sizes": [[24, 16], [16, 24]]}}
            """.write(to: file, atomically: true, encoding: .utf8)
        func settled(seed: Int) async throws -> RGBAImage {
            let idle = try await eventually(within: Desktop.stallGuard) { try session.status().integer("alive") == 0 }
            try #require(idle)
            let fired = try await session.confetti(["fire", file.path, "--mute", "--seed", "\(seed)"])
            try #require(fired.status == 0, "\(fired.stderr)")
            var last: RGBAImage?
            var still: RGBAImage?
            _ = try await eventually(within: Desktop.stallGuard) {
                let shot = try await session.desktop.screenshot()
                defer { last = shot }
                guard shot == last, shot.pixels(matching: Desktop.palette).count >= 40 else { return false }
                still = shot
                return true
            }
            return try #require(still, "the launch of seed \(seed) is on screen")
        }
        let first = try await settled(seed: 5)
        let other = try await settled(seed: 6)
        let again = try await settled(seed: 5)
        func differing(_ a: RGBAImage, _ b: RGBAImage) -> Int {
            guard a.width == b.width, a.height == b.height else { return .max }
            return stride(from: 0, to: a.pixels.count, by: 4).filter { a.pixels[$0..<$0 + 4] != b.pixels[$0..<$0 + 4] }.count
        }
        let same = differing(first, again), others = differing(first, other)
        #expect(same == 0, "fire --seed 5 twice draws the same pixels: \(same) differ")
        #expect(others > 0, "another seed draws others")
        if same != 0 {
            // Kept to look at (PPM): the two pictures that differ.
            for (name, image) in [("first", first), ("again", again)] {
                let rgb = stride(from: 0, to: image.pixels.count, by: 4).flatMap { image.pixels[$0..<$0 + 3] }
                try (Data("P6 \(image.width) \(image.height) 255\n".utf8) + Data(rgb)).write(to: session.desktop.logs.appendingPathComponent("\(name).ppm"))
            }
            print("seed pictures in \(session.desktop.logs.path)")
        }
    }

    /// An effect file of exactly the limit every command takes (`EffectFile.maxBytes`), nearly
    /// all of it path data, with a picture named relative to its folder: `view` and
    /// `overlay --effect` play it, and `fire` sends it, its picture path made absolute and every
    /// field written out, which took the request past a line limit equal to the file limit.
    @Test func anEffectFileAtTheLimitIsFired() async throws {
        let session = try await Session()
        defer { session.stop() }
        let folder = session.desktop.logs.appendingPathComponent(String(repeating: "deep-folder/", count: 20))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        _ = try await Self.noisyPictures(1, side: 16, in: folder)
        // Path sprites of 100 kB at most each, the last one filling the file up to its limit.
        func sprite(_ moves: Int) -> String { #"{"path": "M0 0 L10 0 L5 8 Z"# + String(repeating: " M0 0", count: moves) + #""}"# }
        func effect(_ sprites: [String]) -> String {
            #"{"kind": "confetti", "confetti": {"count": 10, "lifetime": 1, "sprites": ["# + sprites.joined(separator: ",") + "]}}"
        }
        let full = Array(repeating: sprite(19_990), count: 10) + [#"{"image": "noise0.png"}"#]
        let last = (EffectFile.maxBytes - effect(full + [sprite(0)]).utf8.count) / 5 - 1
        var text = effect(full + [sprite(last)])
        let room = EffectFile.maxBytes - text.utf8.count
        try #require(room >= 0 && room < 2_000, "the file is nearly all content: \(room) bytes left")
        text += String(repeating: " ", count: room)
        let file = folder.appendingPathComponent("limit.json")
        try text.write(to: file, atomically: true, encoding: .utf8)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int == EffectFile.maxBytes)
        // Its pictures (a million bytes of path data) take their time on a busy machine: the
        // most time a fire's wait leaves.
        let resident = try await session.resident(more: ["CONFETTI_PICTURE_BUDGET": "25"])
        defer { resident.stop() }
        let fired = try await session.confetti(["fire", file.path, "--mute"])
        #expect(fired.status == 0 && fired.stderr.isEmpty, "\(fired.status): \(fired.stderr)")
        #expect(try session.status().integer("launches") == 1)
    }
}
