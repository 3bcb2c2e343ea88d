import ConfettiApp
import ConfettiCore
import Foundation
import GLTestSupport
import Testing

/// `Render`, the use case of `confetti render`, called in process: frames, the sound track, and
/// what is checked before anything is written. The command's files, signals and locks are
/// RenderOutputTests'.
@Suite struct RenderTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("confetti-render-\(UUID())")
    }

    private func options(_ effect: Effect, frames: Int? = 3, out: URL?) -> Render.Options {
        var options = Render.Options()
        options.effect = effect
        options.effectName = "test"
        (options.width, options.height) = (96, 64)
        options.frames = frames
        options.out = out?.path
        options.headless.device = .software
        return options
    }

    /// Frame k of each render: the same options give the same bytes, and the summary says what
    /// was written.
    @Test func framesAreWrittenAndTheSameOptionsGiveTheSameBytes() async throws {
        let first = folder(), second = folder()
        defer { for f in [first, second] { try? FileManager.default.removeItem(at: f) } }
        let a = try await SharedGL.run { try Render(options: options(.confetti, out: first)).run() }
        let b = try await SharedGL.run { try Render(options: options(.confetti, out: second)).run() }
        #expect(a.frames == 3 && b.frames == 3)
        #expect(a.summary.hasPrefix("wrote 3 frames of test (96x64, 30 fps, seed 1) to "), "\(a.summary)")
        for k in 0..<3 {
            let name = PNGFrameDirectory.frameName(k)
            let x = try Data(contentsOf: first.appendingPathComponent(name)), y = try Data(contentsOf: second.appendingPathComponent(name))
            #expect(x == y, "\(name)")
        }
        #expect(!FileManager.default.fileExists(atPath: first.appendingPathComponent(PNGFrameDirectory.frameName(3)).path))
    }

    /// With no frames asked for, the render runs until the last piece has gone: as many frames
    /// as the schedule's duration covers at the frame rate.
    @Test func theFramesCoverTheLaunchesByDefault() throws {
        let render = Render(options: options(.confetti, frames: nil, out: nil))
        let recorder = FrameRecorder(schedule: render.schedule, width: 96, height: 64, fps: 30, frames: 1)
        #expect(recorder.duration > 1)
        // The track alone: no frames drawn, none written.
        let wav = folder().appendingPathExtension("wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        var alone = render.options
        alone.audio = wav.path
        let outcome = try Render(options: alone).run()
        #expect(outcome.frames == 0)
        #expect(outcome.summary.hasPrefix("wrote \(wav.path): \(outcome.sounds) sounds of test (seed 1), "), "\(outcome.summary)")
        // Until the last piece has gone, or the last sound has ended.
        #expect(outcome.audioFrames >= Int((recorder.duration * Double(SoundTrack.sampleRate)).rounded(.down)))
    }

    /// The track holds the effect's sounds, and none when the effect is muted.
    @Test func theTrackHoldsTheSoundsUnlessMuted() throws {
        let heard = folder().appendingPathExtension("wav"), silent = folder().appendingPathExtension("wav")
        defer { for f in [heard, silent] { try? FileManager.default.removeItem(at: f) } }
        var loud = options(.peony, frames: nil, out: nil)
        loud.audio = heard.path
        let a = try Render(options: loud).run()
        #expect(a.sounds > 0)
        var quiet = loud
        quiet.audio = silent.path
        quiet.effect = try EffectOverrides(muted: true, for: .peony, name: "peony").recorded(.peony)
        let b = try Render(options: quiet).run()
        #expect(b.sounds == 0)
        let data = try Data(contentsOf: heard)
        #expect(data.prefix(4) == Data("RIFF".utf8))
        #expect(try Data(contentsOf: silent).dropFirst(44).allSatisfy { $0 == 0 })
    }

    /// The budget is checked before anything is spawned or written.
    @Test func aRenderBeyondTheBudgetIsRefusedBeforeAnythingIsWritten() throws {
        let out = folder()
        var big = options(.confetti, frames: 100_000, out: out)
        (big.width, big.height) = (16384, 16384)
        #expect(throws: BudgetError.self) { try Render(options: big).check() }
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}
