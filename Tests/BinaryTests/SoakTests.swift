import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

@Suite struct SoakTests {
    /// Run as its own process: resident memory is a whole process's, and in the test process
    /// every other test running beside the soak would count as its growth.
    @Test func tenThousandLaunchesWrapTheRingWithoutGrowthErrorsOrDrift() async throws {
        // Thirty days of uptime at the start: the rebasing is exercised as well.
        let outcome = try await ConfettiBinary.run(["soak", "--launches", "10000", "--count", "100", "--capacity", "20000", "--start-time", "2592000"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        func number(after prefix: String, before suffix: String) -> Double? {
            guard let start = outcome.stdout.range(of: prefix) else { return nil }
            let rest = outcome.stdout[start.upperBound...]
            guard let end = rest.range(of: suffix) else { return nil }
            return Double(rest[..<end.lowerBound].trimmingCharacters(in: .whitespaces))
        }
        #expect(number(after: "(", before: " wraps)") == 50, "\(outcome.stdout)")
        let growth = try #require(number(after: "at the end (", before: "%)"), "\(outcome.stdout)")
        #expect(growth < 5, "resident memory grew \(growth)% after warm-up")
        #expect(number(after: "GL errors:", before: "\n") == 0)
        #expect(outcome.stdout.contains("newest launch read back intact: yes"))
        // Positions up to ~1,000 pt, float32: K·ε·M with K = 16, M ≲ 2,000 pt is 2e-3 pt.
        let parity = try #require(number(after: "largest GPU-CPU position difference", before: " pt"), "\(outcome.stdout)")
        #expect(parity < 2e-3)
        print("soak: \(outcome.stdout)")
    }
}
