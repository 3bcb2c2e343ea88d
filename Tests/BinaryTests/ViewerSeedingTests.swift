import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The viewer numbers every launch it makes: launch k draws from stream k of `--seed`, whether
/// a call, a key or a stress launch made it, and a
/// refused launch takes no stream.
@Suite struct ViewerSeedingTests {
    @Test func launchKDrawsFromStreamKOfTheSeedWhateverMadeIt() async throws {
        try await withWindowedViewer({ $0.seed = 7; $0.capacity = 4_000 }) { viewer in
            func stream(_ k: Int) -> SeededGenerator { SeededGenerator(seed: 7, stream: UInt64(k)) }
            var rng = stream(0)
            #expect(try viewer.fireConfetti() == viewer.effect.confetti.spawn(in: viewer.viewport, using: &rng))
            rng = stream(1)
            let point = Point(40, 50)
            #expect(try viewer.fireFirework(at: point) == viewer.effect.classic.firework.sparks(at: point, using: &rng))
            // A key, and a stress level whose launches all come in the first frame.
            viewer.handle(.key(Int(GLFW_KEY_F), repeated: false))
            #expect(viewer.launches == 3)
            viewer.handle(.key(Int(GLFW_KEY_1), repeated: false))
            try viewer.feedStress()
            let stressLaunches = viewer.launches - 3
            #expect(stressLaunches > 1)
            viewer.handle(.key(Int(GLFW_KEY_0), repeated: false))
            // Refused (more pieces alive than the ring holds): no stream taken.
            viewer.handle(.key(Int(GLFW_KEY_6), repeated: false))
            #expect(viewer.refusal != nil && viewer.launches == 3 + stressLaunches)
            rng = stream(3 + stressLaunches)
            #expect(try viewer.fireConfetti() == viewer.effect.confetti.spawn(in: viewer.viewport, using: &rng))
            #expect(viewer.launches == 4 + stressLaunches)
        }
    }
}
