import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// What `confetti verify` runs (the tests' own parity check and pixel proof) fails, naming what
/// and where, for a wrong CPU evaluator. The command itself is VerifyCommandTests'.
@Suite(.tags(.math)) struct VerifyTests {
    @Test func aCPUEvaluatorThatDiffersFailsToo() async throws {
        var verification = Verification()
        verification.launches = 1
        // A mutant of the CPU reference: every piece a hundredth of a point further right.
        verification.evaluators.replace(ConfettiKind.self) { p, age, ghost, physics in
            var sample = physics.evaluate(p, at: age, ghost: ghost)
            sample.x += 0.01
            return sample
        }
        let result = try await verification.verify(.confetti, name: "confetti", shaders: SharedGL.shaders(), turns: SharedGL.turns)
        #expect(!result.passed)
        #expect(result.failures.first?.contains(": x of particle ") == true, "\(result.failures.prefix(2))")
        #expect(result.parity.ratio["x"].map { $0 > 1 } == true)
    }
}
