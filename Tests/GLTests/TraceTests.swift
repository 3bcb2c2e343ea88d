import ConfettiApp
import ConfettiCore
import Foundation
import GLTestSupport
import Testing

/// `Trace`, the engine of `confetti trace`, called in process: the document of the trace
/// contract, from the Swift reference and from the vertex shader.
@Suite struct TraceTests {
    private func document(_ options: Trace.Options) throws -> [String: Any] {
        let data = try Trace(options: options).json()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// One burst of confetti: every piece at each age asked, with the launch's constants.
    @Test func aConfettiLaunchIsEveryPieceAtEveryAge() throws {
        var options = Trace.Options()
        options.seed = 7
        options.times = [0, 0.5, 1]
        let trace = try document(options)
        #expect(trace["effect"] as? String == "confetti")
        #expect(trace["seed"] as? Int == 7)
        #expect(trace["evaluator"] as? String == "cpu")
        #expect(trace["viewport"] as? [Int] == [1280, 720])
        let particles = try #require(trace["particles"] as? [[String: Any]])
        #expect(particles.count == Effect.confetti.confetti.count)
        for particle in particles {
            let samples = try #require(particle["samples"] as? [[String: Any]])
            #expect(samples.compactMap { $0["t"] as? Double } == [0, 0.5, 1])
        }
        // The seed decides the launch: another seed, other pieces.
        options.seed = 8
        #expect(try Trace(options: options).json() != Trace(options: { var o = options; o.seed = 7; return o }()).json())
    }

    /// The same options give the same bytes.
    @Test func theSameOptionsGiveTheSameDocument() throws {
        var options = Trace.Options()
        options.effect = .peony
        #expect(try Trace(options: options).json() == Trace(options: options).json())
    }

    /// A celebration holds two kinds: one document each, under its ring's name.
    @Test func aLaunchOfSeveralKindsHoldsADocumentPerKind() throws {
        var options = Trace.Options()
        options.effect = .celebration
        options.times = [0.25]
        let trace = try document(options)
        #expect(trace["effect"] as? String == "celebration")
        #expect(trace["confetti"] is [String: Any])
        #expect(trace["sparks"] is [String: Any])
    }

    /// The vertex shader read back agrees with the Swift reference, sample by sample.
    @Test func theShaderAgreesWithTheReference() async throws {
        var options = Trace.Options()
        options.times = [0, 0.4, 1.2]
        let cpu = try document(options)
        options.evaluator = .gpu
        let gpu = try await SharedGL.run { try document(options) }
        #expect(gpu["evaluator"] as? String == "gpu")
        let a = try #require(cpu["particles"] as? [[String: Any]]), b = try #require(gpu["particles"] as? [[String: Any]])
        #expect(a.count == b.count)
        for (p, q) in zip(a, b) {
            let s = try #require(p["samples"] as? [[String: Any]]), r = try #require(q["samples"] as? [[String: Any]])
            for (x, y) in zip(s, r) {
                for key in ["x", "y"] {
                    let u = try #require(x[key] as? Double), v = try #require(y[key] as? Double)
                    #expect(abs(u - v) <= 0.01 * max(1, abs(u)), "\(key): \(u) against \(v)")
                }
            }
        }
    }

    /// The cpu evaluator runs no shader: a shader folder given to it is refused, saying so.
    @Test func aShaderFolderIsRefusedForTheCPUEvaluator() {
        var options = Trace.Options()
        options.headless.shaderDirectory = "Shaders"
        #expect(throws: OptionRefusal("--shader-dir applies to --evaluator gpu only; the cpu evaluator runs no shader")) {
            try Trace(options: options).json()
        }
    }

    /// JSON has no infinity: an age at which the motion overflows is refused, naming it.
    @Test func anAgeWhereTheMotionOverflowsIsRefused() {
        var options = Trace.Options()
        options.times = [-1e6]
        let refusal = #expect(throws: OptionRefusal.self) { try Trace(options: options).json() }
        #expect(refusal?.message.hasPrefix("--times -1000000: at that age particle ") == true, "\(String(describing: refusal))")
        #expect(refusal?.message.hasSuffix("give ages nearer 0") == true)
    }
}
