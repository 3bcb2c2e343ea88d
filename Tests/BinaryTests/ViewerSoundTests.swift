import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The viewer's sound, played through PulseAudio: with no server it goes on silently; what a
/// launch hands the sound thread is the schedule exactly; with a private server, a recording of
/// what it played has the bursts where the schedule puts them, within what the thread promises.
@Suite(.serialized) struct ViewerSoundTests {
    @Test func withNoSoundServerTheViewerSaysSoInOneLineAndPlaysOn() async throws {
        let server = try await XServer.start()
        defer { server.stop() }
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-no-pulse-\(UUID())/socket").path
        let outcome = try await ConfettiBinary.run(["view", "--effect", "peony", "--fire-every", "100", "--quit-after", "2", "--no-vsync"],
                                                   environment: ["DISPLAY": server.display, "PULSE_SERVER": "unix:" + nowhere], timeout: 300)
        #expect(outcome.status == 0 && outcome.exitedNormally, "\(outcome.status): \(outcome.stderr)")
        let said = outcome.stderr.split(separator: "\n").filter { $0.contains("sound") }
        #expect(said.count == 1 && said[0].hasPrefix("confetti: no sound:") && said[0].contains("playing on without it"), "\(outcome.stderr)")
        let frames = outcome.stdout.split(separator: "\n").first { $0.hasPrefix("view:") && $0.contains("frames") }
            .flatMap { Int($0.split(separator: " ")[1]) } ?? 0
        // Frames after the first: however few a loaded machine draws in 2 s, it played on.
        #expect(frames >= 2, "the viewer played on: \(outcome.stdout)")
        // --mute: not even a try, so not a word.
        let muted = try await ConfettiBinary.run(["view", "--effect", "peony", "--fire-every", "100", "--quit-after", "1", "--no-vsync", "--mute"],
                                                 environment: ["DISPLAY": server.display, "PULSE_SERVER": "unix:" + nowhere], timeout: 300)
        #expect(muted.status == 0 && !muted.stderr.contains("sound"), "\(muted.stderr)")
    }

    @Test func mTurnsTheSoundOnAndOffAndMuteStartsItOff() async throws {
        try await withWindowedViewer({ options in
            options.silent = false
            options.overrides.muted = true
        }) { viewer in
            let sound = try #require(viewer.sound)
            #expect(sound.isMuted, "--mute starts it off")
            viewer.handle(.key(Int(GLFW_KEY_M), repeated: false))
            #expect(!sound.isMuted, "M turns it on")
            viewer.handle(.key(Int(GLFW_KEY_M), repeated: false))
            #expect(sound.isMuted, "and off again")
            // A launch's sounds are handed over whether or not they are heard.
            try viewer.fireEffect()
            #expect(sound.lastEnd > 0)
        }
    }

    /// The schedule exactly, with no sound thread and no clock: muted from the start, the
    /// viewer's sound keeps what a launch hands it, which is the show's schedule to the bit.
    @Test func theViewerHandsItsSoundExactlyTheShowsSchedule() async throws {
        try await withWindowedViewer({ options in
            options.silent = false
            options.overrides.muted = true
            options.effect = .show
            options.seed = 1
            options.width = 1280
            options.height = 720
        }) { viewer in
            let sound = try #require(viewer.sound)
            _ = try viewer.fireEffect()
            let schedule = LaunchSchedule(effect: .show, seed: 1, launches: 1).spawned(in: Size(width: 1280, height: 720)).sounds
            #expect(schedule.contains { $0.kind == .burst }, "the show has bursts to hear")
            #expect(sound.unread == schedule.map { $0.delayed(by: viewer.clock.time) },
                    "handed \(sound.unread.count) sounds, the schedule has \(schedule.count)")
        }
    }

    @Test func aRecordingOfWhatTheViewerPlaysHasItsBurstsWhereTheScheduleSays() async throws {
        let pulse = try await PulseServer.start()
        defer { pulse.stop() }
        let display = try await XServer.start()
        defer { display.stop() }
        let recorder = try await pulse.record()
        defer { recorder.stop() }
        // The show fired once at the start, in the viewer's 1280×720 window: launch 0 of seed 1.
        let outcome = try await ConfettiBinary.run(["view", "--effect", "show", "--fire-every", "100", "--quit-after", "11", "--no-vsync", "--seed", "1"],
                                                   environment: ["DISPLAY": display.display, "PULSE_SERVER": pulse.address], timeout: 300)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("sound"), "\(outcome.stderr)")
        recorder.send(SIGINT)
        _ = await recorder.ending(within: 30)
        let bytes = [UInt8](try Data(contentsOf: recorder.stdoutFile))
        if let keep = ProcessInfo.processInfo.environment["CONFETTI_KEEP_RECORDING"] { try Data(bytes).write(to: URL(fileURLWithPath: keep)) }
        let recording = PCM(rate: 48_000, channels: 2, samples: stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) })

        let bursts = LaunchSchedule(effect: .show, seed: 1).spawned(in: Size(width: 1280, height: 720)).sounds.filter { $0.kind == .burst }.map(\.time).sorted()
        // Where the recording began is the server's business, and the sound starts a moment
        // after the window (its first launch's opening is not heard). Between two moves of the
        // sound thread's place its blocks are contiguous samples of the track, so the bursts
        // keep the schedule's spacing to the sample: the offset at which most cracks fall on
        // bursts to the millisecond is where the recording lines up with the schedule.
        let cracks = recording.cracks(), frames = recording.frames
        let offsets = cracks.flatMap { c in bursts.map { c - $0 } }
        func matches(_ offset: Double) -> Int { bursts.filter { b in cracks.contains { abs($0 - (b + offset)) <= 0.001 } }.count }
        let offset = offsets.max { matches($0) < matches($1) }
        #expect(offset != nil && cracks.count >= 3, "\(cracks.count) cracks in \(frames) recorded frames")
        guard let offset else { return }
        let sounding = recording.soundingSpan()
        let spanned = bursts.filter { sounding.contains($0 + offset - 0.05) && sounding.contains($0 + offset + 0.05) }
        #expect(spanned.count >= bursts.count - 3, "the recording spans \(spanned.count) of \(bursts.count) bursts (\(sounding), offset \(offset))")
        // What the thread promises is less than that: on a busy machine that keeps it off the
        // CPU past the server's buffer, the server runs dry and what follows is heard late, and
        // the thread moves its place back to the clock only once they are more than
        // `SoundOutput.slack` (20 ms, a block) apart. So every burst is heard within that of
        // where the clock puts it; the exact schedule is the in-process test's above.
        let tolerance = SoundOutput.slack
        for time in spanned {
            let heard = recording.onset(near: time + offset)
            #expect(heard.map { abs($0 - (time + offset)) <= tolerance } == true,
                    "burst at \(time) s of the schedule heard at \(String(describing: heard.map { $0 - offset })) s")
        }
    }
}

extension PCM {
    /// Where the cracks are: each frame where the sample-to-sample change over 16 frames first
    /// reaches a twentieth of the energy of the sharpest 16 frames (a burst's crack), far above
    /// a rocket's hiss, a boom or silence, refined to the first frame whose change alone is its
    /// share of that.
    func cracks() -> [Double] {
        guard frames > 64 else { return [] }
        func change(_ f: Int) -> Double {
            (0..<channels).map { c in abs(Double(samples[f * channels + c]) - Double(samples[(f - 1) * channels + c])) }.max()!
        }
        let energies: [Double] = stride(from: 1, to: frames - 16, by: 16).map { (f: Int) -> Double in
            var sum = 0.0
            for k in f..<f + 16 { sum += change(k) * change(k) }
            return sum
        }
        let loudest: Double = energies.max() ?? 0
        let threshold: Double = max(loudest / 20, 16 * 600 * 600)
        let share = (threshold / 16).squareRoot()
        var found: [Double] = []
        var last = -1.0
        for (block, energy) in energies.enumerated() where energy >= threshold {
            let start = 1 + 16 * max(block - 1, 0)
            guard let frame = (start..<start + 32).first(where: { change($0) >= share }) else { continue }
            let time = Double(frame) / Double(rate)
            // One crack is one: the next is at least 50 ms on.
            if time - last >= 0.05 { found.append(time) }
            last = time
        }
        return found
    }

    /// From the first frame that is not silent to the last, in seconds.
    func soundingSpan() -> ClosedRange<Double> {
        func sounds(_ f: Int) -> Bool { samples[f * channels] != 0 || samples[f * channels + channels - 1] != 0 }
        let first: Int = (0..<frames).first(where: sounds) ?? 0
        let last: Int = (0..<frames).last(where: sounds) ?? 0
        return Double(first) / Double(rate)...Double(last) / Double(rate)
    }
}
