@testable import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// `confetti bench` as a user runs it: its table, a count beyond one launch, every preset.
/// (The benchmark's own figures and pixels, drawn in this process, are BenchmarkTests'.)
@Suite struct BenchCommandTests {
    /// `confetti bench` prints gpu/reference and gpu/floor per count, and a row per mode.
    @Test func benchTablePrintsTheReferenceRowAndTheRatioColumns() async throws {
        let outcome = try await ConfettiBinary.run(["bench", "--counts", "40,120", "--rounds", "1", "--frame-budget", "1", "--no-scenarios", "--size", "96x54"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        let ratios = lines.filter { $0.contains("gpu/reference") && !$0.contains("by GPU time") }
        #expect(ratios.count == 2, "one ratio line per count: \(outcome.stdout)")
        // And the same by GPU time, which a slow present does not stretch.
        let byGPUTime = lines.filter { $0.contains("by GPU time: gpu/reference") }
        #expect(byGPUTime.count == 2, "\(outcome.stdout)")
        for line in byGPUTime {
            let numbers = line.split(separator: " ").compactMap { Double($0) }
            #expect(line.contains("gpu/floor") && line.contains("gpu/cpu") && numbers.count == 3 && numbers.allSatisfy { $0 > 0 && $0.isFinite }, "\(line)")
        }
        for line in ratios {
            #expect(line.contains("gpu/floor") && line.contains("gpu/cpu") && line.contains("work gpu/reference"), "\(line)")
            let numbers = line.split(separator: " ").compactMap { Double($0) }
            #expect(numbers.count == 4 && numbers.allSatisfy { $0 > 0 && $0.isFinite }, "\(line)")
        }
        #expect(lines.filter { $0.split(separator: " ").contains("reference") }.count == 2, "a reference row per count: \(outcome.stdout)")
    }

    /// Beyond a launch's worth of pieces the bench measures the pipeline under test alone, in
    /// launches that each stay within the per-launch limit.
    @Test func aCountAboveOneLaunchIsMeasuredInGPUModeAlone() async throws {
        let count = Budget.benchAllModes + 100_000
        let scratch = try Scratch("bench-large")
        let json = scratch.path("bench.json")
        let outcome = try await ConfettiBinary.run(["bench", "--counts", "\(count)", "--rounds", "1", "--frame-budget", "1", "--no-scenarios", "--size", "64x36", "--json", json])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let row = try #require((report["sweep"] as? [[String: Any]])?.first)
        #expect(row["count"] as? Int == count)
        #expect(row["gpu"] != nil && row["reference"] == nil && row["cpu"] == nil && row["floor"] == nil, "\(row.keys.sorted())")
        #expect(((row["gpu"] as? [String: Any])?["medianMs"] as? Double ?? 0) > 0)
    }

    /// `confetti bench --effect NAME --counts N` measures every preset at N: its confetti pieces
    /// (all four modes), or for a fireworks preset its own launches, sparks or stars (gpu mode).
    @Test(arguments: Effect.presets.map(\.name))
    func benchMeasuresEveryPresetAtTheCountAsked(_ name: String) async throws {
        let outcome = try await ConfettiBinary.run(["bench", "--effect", name, "--counts", "300", "--rounds", "1", "--frame-budget", "1", "--no-scenarios", "--size", "96x54"])
        #expect(outcome.status == 0, "\(name): \(outcome.stderr)")
        let rows = outcome.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        let gpu = try #require(rows.first { $0.first == "300" && $0.dropFirst().first == "gpu" }, "\(name): no gpu row at 300: \(outcome.stdout)")
        #expect(Double(gpu[2]) ?? 0 > 0, "\(name): \(gpu)")
        let effect = try #require(Effect.preset(name))
        var rng = SeededGenerator(seed: 1)
        let fireworksOnly = !effect.launch(around: Rect(x: 0, y: 0, width: 20, height: 10), in: Size(width: 96, height: 54), using: &rng).batches
            .contains { $0.isOf(ConfettiKind.self) }
        // Only the fireworks kinds launch no confetti.
        #expect(fireworksOnly == [.classic, .fountain, .rocket, .shell, .show].contains(effect.kind), "\(name): fireworks only \(fireworksOnly)")
        // A sprite effect is measured through the atlas, beside the same launches drawn as paper.
        #expect(rows.contains { $0.first == "reference" } == (!fireworksOnly && !effect.hasSprites), "\(name): reference mode for paper confetti only: \(outcome.stdout)")
        #expect(rows.contains { $0.first == "paper" } == effect.hasSprites, "\(name): a paper row for a sprite effect: \(outcome.stdout)")
        #expect(outcome.stdout.contains("sprites/paper") == effect.hasSprites, "\(name): \(outcome.stdout)")
        if fireworksOnly {
            // Launches of the effect, the last cut short: exactly the count asked, all drawn.
            for count in [1, 300, 1_001] {
                let workload = Benchmark.LaunchWorkload(count: count, viewport: Size(width: 96, height: 54), seed: 1, effect: effect)
                #expect(workload.count == count, "\(name): \(workload.count) particles for \(count)")
            }
        }
    }
}
