import ConfettiApp
import ConfettiGL
import Foundation
import Glibc
import Testing
import TestSupport

/// The resident overlay sleeps small: idle for `$CONFETTI_RESIDENT_SLEEP_AFTER` seconds (here
/// 1), it lets go of GL and the desktop by executing itself again, and the image asleep holds
/// at most `bound` resident (the whole process tree, from /proc), runs no thread but its own
/// (none of the GL driver's, no sound), and draws the next fire, on X11 (Xvfb with xcompmgr) and on sway. Every wait is for an event (the
/// overlay's "asleep" line, a reply, a pixel) under a stall guard; the sleep itself comes from
/// the overlay's own timer, which nothing here races.
@Suite(.serialized) struct ResidentSleepTests {
    /// The most an overlay asleep may hold resident: the release build's, whose Swift runtime
    /// and Foundation are linked in (`make test` runs it). A debug build's come from the
    /// toolchain's shared libraries instead, whose resident pages (`toolchainRss`) are not counted.
    static let bound = 40 << 20

    /// The processes of the tree rooted at `pid`: it and its descendants.
    static func tree(of pid: Int) -> [Int] {
        var found = [pid], index = 0
        while index < found.count {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(found[index])/task")) ?? []
            for task in tasks {
                let children = (try? String(contentsOfFile: "/proc/\(found[index])/task/\(task)/children", encoding: .utf8)) ?? ""
                found += children.split(separator: " ").compactMap { Int($0.trimmed) }
            }
            index += 1
        }
        return found
    }

    /// The resident and proportional memory (bytes) of the tree rooted at `pid`, summed over its
    /// processes' smaps_rollup, and how many threads they run.
    static func memory(of pid: Int) throws -> (rss: Int, pss: Int, threads: Int, toolchainRss: Int) {
        var rss = 0, pss = 0, threads = 0, toolchainRss = 0
        for process in tree(of: pid) {
            let rollup = try String(contentsOfFile: "/proc/\(process)/smaps_rollup", encoding: .utf8)
            func field(_ name: String) -> Int {
                rollup.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }.map { $0 * 1024 } ?? 0
            }
            rss += field("Rss")
            pss += field("Pss")
            threads += try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task").count
            toolchainRss += try toolchainResident(of: process)
        }
        return (rss, pss, threads, toolchainRss)
    }

    /// The resident bytes of process `pid`'s mappings of the Swift toolchain's shared libraries
    /// (libswiftCore.so, libFoundationEssentials.so, ...: a debug build's runtime).
    static func toolchainResident(of pid: Int) throws -> Int {
        // Read to its end: a file of /proc tells no size.
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/smaps") else { throw TestFailure("cannot read /proc/\(pid)/smaps") }
        defer { try? file.close() }
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var inToolchain = false, total = 0
        for line in smaps.split(separator: "\n") {
            if let first = line.first, first.isHexDigit, line.contains(" ") && !line.hasSuffix(":") && line.split(separator: " ").count >= 5 {
                inToolchain = line.split(separator: " ").count >= 6 && line.contains("/usr/lib/swift/")
            } else if inToolchain, line.hasPrefix("Rss:") {
                total += (Int(line.split(separator: " ")[1]) ?? 0) * 1024
            }
        }
        return total
    }

    /// How many times `line` is in `text`.
    static func count(_ line: String, in text: String) -> Int { text.components(separatedBy: line).count - 1 }

    /// Waits for the overlay's `sleeps`-th "asleep" line, then checks what its tree holds.
    static func asleep(_ resident: ChildProcess, sleeps: Int, on desktop: String) async throws {
        let slept = await eventually(within: Desktop.stallGuard) { count("resident: asleep at", in: resident.output) >= sleeps || resident.hasEnded }
        try #require(slept && !resident.hasEnded, "asleep \(sleeps) times on \(desktop): \(resident.output) \(resident.errorOutput.suffix(1000))")
        let held = try memory(of: Int(resident.pid))
        print(String(format: "resident asleep on %@: %.1f MB resident (%.1f MB of it the toolchain's Swift runtime), %.1f MB proportional",
                     desktop, Double(held.rss) / 1e6, Double(held.toolchainRss) / 1e6, Double(held.pss) / 1e6))
        #expect(held.rss - held.toolchainRss <= bound, "asleep on \(desktop), the overlay holds \(held.rss >> 20) MB resident (\(held.toolchainRss >> 20) MB the toolchain's), over \(bound >> 20) MB")
        #expect(held.threads == 1, "asleep on \(desktop), the overlay runs \(held.threads) threads")
    }

    @Test func onX11ItSleepsSmallAndDrawsTheNextFire() async throws {
        let session = try await ResidentOverlayTests.Session()
        defer { session.stop() }
        let resident = try await session.resident(more: ["CONFETTI_RESIDENT_SLEEP_AFTER": "1"])
        defer { resident.stop() }
        try await Self.asleep(resident, sleeps: 1, on: "X11")

        // A short launch wakes it; it plays, goes idle and sleeps again.
        let short = try await session.confetti(["fire", try Desktop.effectFile(lifetime: 1, in: session.desktop.logs), "--mute"])
        #expect(short.status == 0 && short.stderr.isEmpty, "\(short.status): \(short.stderr)")
        #expect(await eventually(within: Desktop.stallGuard) { resident.output.contains("resident: launch 0 first frame") }, "\(resident.output)")
        try await Self.asleep(resident, sleeps: 2, on: "X11")

        // Fired after the sleep, it is drawn, as the next launch of the same process.
        let hanging = try await session.confetti(["fire", try Desktop.hangingEffectFile(in: session.desktop.logs), "--mute"])
        #expect(hanging.status == 0 && hanging.stderr.isEmpty, "\(hanging.status): \(hanging.stderr)")
        let seen = try await eventually(within: Desktop.stallGuard) {
            try await session.desktop.screenshot().pixels(matching: Desktop.palette).count >= 20
        }
        #expect(seen, "confetti on screen from the overlay woken: \(resident.output)")
        let status = try session.status()
        #expect(status.integer("pid") == Int(resident.pid) && status.integer("launches") == 2, "\(status)")
        #expect(resident.output.contains("resident: launch 1 first frame"), "\(resident.output)")
        #expect(try await session.confetti(["overlay", "--stop"]).status == 0)
        #expect(await resident.ending(within: Desktop.stallGuard) == .exited(0), "\(resident.errorOutput)")
    }

    /// Asleep, a stop is answered without waking: it ends, and nothing was drawn.
    @Test func asleepItStopsWithoutWaking() async throws {
        let session = try await ResidentOverlayTests.Session()
        defer { session.stop() }
        let resident = try await session.resident(more: ["CONFETTI_RESIDENT_SLEEP_AFTER": "1"])
        defer { resident.stop() }
        try await Self.asleep(resident, sleeps: 1, on: "X11")
        let stopped = try await session.confetti(["overlay", "--stop"])
        #expect(stopped.status == 0 && stopped.stderr.isEmpty, "\(stopped.stderr)")
        #expect(await resident.ending(within: Desktop.stallGuard) == .exited(0), "\(resident.errorOutput)")
        #expect(resident.output.contains("resident: stopped after 0 frames") && !resident.output.contains("awake"), "\(resident.output)")
        #expect(try ResidentClient.connect(session.path) == nil, "and nothing answers at its socket")
        #expect(!FileManager.default.fileExists(atPath: session.path.socket), "the socket it bound is removed")
    }

    /// Socket-activated (systemd-socket-activate, as `ResidentOverlayTests` runs it), the socket
    /// systemd passed is kept across the sleep: the fire after it is served, and on stop the
    /// socket is left for systemd as before.
    @Test func aSocketActivatedOverlaySleepsAndServesTheNextFire() async throws {
        let session = try await ResidentOverlayTests.Session()
        defer { session.stop() }
        try session.path.prepareFolder()
        var environment = session.environment
        environment["CONFETTI_RESIDENT_SLEEP_AFTER"] = "1"
        let activator = try ChildProcess([try Tool.locate("systemd-socket-activate"), "-l", session.path.socket, "-E", "DISPLAY", "-E", "XDG_RUNTIME_DIR",
                                          "-E", "CONFETTI_RESIDENT_SLEEP_AFTER", try ConfettiBinary.url().path, "overlay", "--resident", "--mute", "--no-vsync"],
                                         environment: ChildProcess.environment(environment), logs: session.desktop.logs)
        defer { activator.stop() }
        try #require(await eventually(within: Desktop.stallGuard) { activator.errorOutput.contains("Listening on") || activator.hasEnded },
                     "systemd-socket-activate listens: \(activator.errorOutput)")
        #expect(try await session.confetti(["fire", "confetti", "--mute"]).status == 0)
        try await Self.asleep(activator, sleeps: 1, on: "X11, socket-activated")
        #expect(activator.output.contains("resident: asleep at the socket systemd passed"), "\(activator.output)")
        let fired = try await session.confetti(["fire", "confetti", "--mute"])
        #expect(fired.status == 0 && fired.stderr.isEmpty, "\(fired.stderr)")
        #expect(await eventually(within: Desktop.stallGuard) { activator.output.contains("resident: launch 1 first frame") }, "\(activator.output)")
        #expect(try await session.confetti(["overlay", "--stop"]).status == 0)
        #expect(await activator.ending(within: Desktop.stallGuard) == .exited(0), "\(activator.errorOutput)")
        #expect(FileManager.default.fileExists(atPath: session.path.socket), "systemd's socket is left for systemd to remove")
    }

    @Test func onSwayItSleepsSmallAndDrawsTheNextFire() async throws {
        let sway = try await Sway(outputs: SwayOverlayTests.outputs, count: 2)
        defer { sway.stop() }
        var environment = sway.waylandEnvironment
        environment["CONFETTI_RESIDENT_SLEEP_AFTER"] = "1"
        let resident = try ChildProcess([try ConfettiBinary.url().path, "overlay", "--resident", "--mute"],
                                        environment: environment, logs: sway.runtimeDirectory)
        defer { resident.stop() }
        try await Self.asleep(resident, sleeps: 1, on: "sway")

        let effect = try SwayResidentOverlayTests.placedEffectFile(in: sway.runtimeDirectory)
        let fired = try await ConfettiBinary.run(["fire", "--mute", effect, "--output", "HEADLESS-2"], environment: sway.waylandEnvironment.mapValues { Optional($0) },
                                                 timeout: Desktop.stallGuard)
        #expect(fired.status == 0 && fired.stderr.isEmpty, "\(fired.status): \(fired.stderr)")
        let seen = try await eventually(within: Desktop.stallGuard) {
            try await sway.screenshot(output: "HEADLESS-2").pixels(matching: SwayResidentOverlayTests.palette, limit: 50).count >= 50 || resident.hasEnded
        }
        #expect(seen && !resident.hasEnded, "no sparks on HEADLESS-2 from the overlay woken: \(resident.output) \(resident.errorOutput.suffix(1000))")
        let stopped = try await ConfettiBinary.run(["overlay", "--stop"], environment: sway.waylandEnvironment.mapValues { Optional($0) }, timeout: Desktop.stallGuard)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(await resident.ending(within: Desktop.stallGuard) == .exited(0), "\(resident.errorOutput.suffix(500))")
    }
}
