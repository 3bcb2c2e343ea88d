import ConfettiApp
import ConfettiGL
import Foundation
import Testing

@Suite struct SoakTests {
    @Test func tenThousandBurstsWrapTheRingWithoutGrowthErrorsOrDrift() async throws {
        var options = Soak.Options()
        options.bursts = 10_000
        options.particlesPerBurst = 100
        options.capacity = 20_000
        // Thirty days of uptime at the start: the rebasing is exercised as well.
        options.startTime = 30 * 86_400
        let report = try await SharedGL.run { try Soak(options: options, shaders: SharedGL.shaders()).run() }
        #expect(report.ringWraps == 50)
        #expect(report.residentGrowth < 0.05, "resident memory grew \(report.residentGrowth * 100)% after warm-up")
        #expect(report.glErrors == 0)
        #expect(report.recordsIntact)
        // Positions up to ~1,000 pt, float32: K·ε·M with K = 16, M ≲ 2,000 pt is 2e-3 pt.
        #expect(report.parityMaxPositionError < 2e-3)
        print(String(format: "soak: %d bursts, %d wraps, RSS %+.2f%%, parity %.2e pt", report.bursts, report.ringWraps,
                     100 * report.residentGrowth, report.parityMaxPositionError))
    }
}
