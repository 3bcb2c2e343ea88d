import ConfettiGL
import ConfettiProof
import Foundation
import GLTestSupport
import Testing

/// The tests' door to `ParityCheck` (the parity check `confetti verify` runs too): on the
/// shared context, which is held for the reading back only (the comparison with the CPU runs
/// between turns), each failure recorded as an issue where the test called it.
enum ParityHarness {
    typealias Report = ParityCheck.Report
    static let k = ParityCheck.k
    static let eps = ParityCheck.eps

    static func check<Kind: FeedbackSampling>(
        _ kind: Kind.Type, particles: [Kind.Particle], uniforms: Kind.Uniforms, epoch: Double, times: [Double],
        viewport: Size = Size(width: 1920, height: 1080), pixelsPerPoint: Double = 1.5, sprites: SpriteTable = SpriteTable(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Report {
        let plan = ParityCheck.Plan<Kind>(particles: particles, uniforms: uniforms, epoch: epoch, times: times,
                                          viewport: viewport, pixelsPerPoint: pixelsPerPoint, sprites: sprites)
        let probes = try await SharedGL.run { try sharedProbes() }
        let report = try await plan.run(with: probes, turns: SharedGL.turns)
        record(report, sourceLocation: sourceLocation)
        return report
    }

    /// The shared context's probes, linked once for the whole run; touched only inside
    /// `SharedGL.run`, which holds the context.
    nonisolated(unsafe) private static var shared: FeedbackProbes?

    private static func sharedProbes() throws -> FeedbackProbes {
        if let shared { return shared }
        let made = FeedbackProbes(shaders: try SharedGL.shaders())
        shared = made
        return made
    }

    static func compare<Sample: ParticleSample>(_ gpu: Sample, _ cpu: Sample, lifetime: Double, into report: inout Report, sourceLocation: SourceLocation) {
        var one = Report()
        ParityCheck.compare(gpu, cpu, lifetime: lifetime, into: &one)
        record(one, sourceLocation: sourceLocation)
        report.merge(one)
    }

    static func record(_ report: Report, sourceLocation: SourceLocation) {
        for failure in report.failures {
            Issue.record("\(failure)", sourceLocation: sourceLocation)
        }
        if report.failureCount > report.failures.count {
            Issue.record("and \(report.failureCount - report.failures.count) more failures", sourceLocation: sourceLocation)
        }
    }
}
