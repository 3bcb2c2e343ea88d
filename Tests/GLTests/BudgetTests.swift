@testable import ConfettiCore
@testable import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The budget: every cost computed before any work, and refusals that name what multiplied up.
@Suite(.tags(.library)) struct BudgetTests {
    /// The message of the `BudgetError` `body` throws, or nil if it passes.
    func refusal(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as BudgetError {
            return error.description
        } catch {
            Issue.record("not a BudgetError: \(error)")
            return "\(error)"
        }
    }

    func expectRefused(_ words: [String], sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        guard let message = refusal(body) else {
            Issue.record("accepted, but should be refused mentioning \(words)", sourceLocation: sourceLocation)
            return
        }
        for word in words {
            #expect(message.contains(word), "'\(word)' missing from: \(message)", sourceLocation: sourceLocation)
        }
        #expect(!message.contains("\n"), "one line: \(message)", sourceLocation: sourceLocation)
    }

    static func effect(_ kind: EffectKindName, _ edit: (inout Effect) -> Void) -> Effect {
        var effect = Effect.preset(kind.rawValue)!
        edit(&effect)
        return effect
    }

    static let hugeFireworks = effect(.classic) { $0.classic.count = 1_000; $0.classic.firework.sparkCount = 4_194_304 }
    static let hugeConfetti = effect(.confetti) { $0.confetti.count = 4_194_304 }

    @Test func numbersAreWrittenAsPeopleReadThem() {
        #expect(Budget.format(16_777_216) == "16,777,216")
        #expect(Budget.format(999) == "999")
        #expect(Budget.format(-1_000) == "-1,000")
        #expect(Budget.format(4_194_304_000.0) == "4.2e9")
        #expect(Budget.format(1e9) == "1e9")
        #expect(Budget.format(9.96e9) == "1e10")
        #expect(Budget.format(35_996_401.5) == "35,996,401.5")
        #expect(Budget.format(0.35) == "0.35")
        #expect(Budget.format(Double.infinity) == "inf")
    }

    @Test func aDemandShowsItsFactorsTheirValuesAndTheTotal() {
        let demand = Demand([[Demand.Factor("classic.fireworks", 1_000), Demand.Factor("classic.sparkCount", 4_194_304)]], "sparks")
        #expect(demand.description == "classic.fireworks × classic.sparkCount = 1,000 × 4,194,304 = 4.2e9 sparks")
        #expect(Demand([[Demand.Factor("confetti.count", 30)]], "pieces").description == "confetti.count = 30 pieces")
        // Products never overflow: they are doubles.
        let vast = Demand([[Demand.Factor("a", Int.max), Demand.Factor("b", Int.max)]], "")
        #expect(vast.total > 1e37)
    }

    // MARK: launches

    @Test func theMeasuredCrashesAreRefusedBeforeSpawning() {
        // classic fireworks 1000 × sparkCount 4,194,304: SIGABRT "failed to allocate" after 40 s.
        expectRefused(["classic.fireworks × classic.sparkCount", "1,000 × 4,194,304", "4.2e9 sparks", "2,097,152"]) {
            try Budget.launch(Self.hugeFireworks, .effect(.classic), capacity: nil)
        }
        // The same through a celebration (a click on the button): both terms named.
        var celebration = Self.hugeFireworks
        celebration.kind = .celebration
        expectRefused(["classic.fireworks × classic.sparkCount + confetti.count", "particles per launch"]) {
            try Budget.launch(celebration, .effect(.celebration), capacity: 1 << 20)
        }
    }

    @Test func aLaunchMustFitInItsRing() throws {
        let big = Self.effect(.confetti) { $0.confetti.count = 65 }
        expectRefused(["a launch of 65 confetti pieces does not fit", "confetti.count = 65", "ring of 64", "capacity"]) {
            try Budget.launch(big, .effect(.confetti), capacity: 64)
        }
        #expect(refusal { try Budget.launch(big, .effect(.confetti), capacity: 65) } == nil, "exactly full fits")
        // Two fireworks of 600 sparks are one launch of 1,200: more than a ring of 1,000.
        let pair = Self.effect(.classic) { $0.classic.firework.sparkCount = 600 }
        expectRefused(["a launch of 1,200 sparks does not fit in the sparks ring of 1,000 (--capacity): classic.fireworks × classic.sparkCount = 2 × 600", "--capacity"]) {
            try Budget.launch(pair, .effect(.classic), capacity: 1_000, names: .options())
        }
        // A click away from the button fires one of them: it fits.
        #expect(refusal { try Budget.launch(pair, .firework, capacity: 1_000) } == nil)
        #expect(try Budget.launch(.celebration, .effect(.celebration), capacity: 64) == 46)
    }

    @Test func theViewerChecksEveryKeyAndClickItCanFire() {
        #expect(refusal { try Budget.view(.celebration, capacity: Budget.maxCapacity, stress: nil) } == nil)
        // The fountain (F) is checked even for a confetti effect.
        var fountain = Effect.confetti
        fountain.fountain.sparkCount = 2_000
        expectRefused(["a launch of 2,000 sparks does not fit", "fountain.sparkCount = 2,000", "--capacity"]) {
            try Budget.view(fountain, capacity: 1_000, stress: nil)
        }
        expectRefused(["--count = 5,000", "does not fit"]) {
            var effect = Effect.confetti
            effect.confetti.count = 5_000
            try Budget.view(effect, capacity: 2_000, stress: nil, names: .options(countGiven: true))
        }
    }

    // MARK: capacity, frames

    @Test func ringsStayWithinAGibibyteOfGPUMemory() throws {
        #expect(ConfettiKind.recordBytes == 32 && SparkKind.recordBytes == 60 && StarKind.recordBytes == 40)
        #expect(Budget.maxCapacity == 8_134_407)
        #expect(try Budget.capacity(Budget.maxCapacity) <= Budget.maxGPUBytes)
        expectRefused(["--capacity × bytes per particle", "16,777,216 × 132", "1,073,741,824", "at most 8,134,407"]) {
            try Budget.capacity(1 << 24, name: "--capacity")
        }
        expectRefused(["capacity must be from 1 to \(Budget.format(Budget.maxCapacity)) particles, not 0"]) { try Budget.capacity(0) }
        // One ring (soak) holds twice as many.
        #expect(try Budget.capacity(2 * Budget.maxCapacity, rings: [.confetti]) <= Budget.maxGPUBytes)
    }

    @Test func aFrameHasAtMost8192By8192Pixels() throws {
        #expect(try Budget.framePixels(width: 8192, height: 8192) == 1 << 26)
        expectRefused(["--size 16384x16384", "268,435,456 pixels", "67,108,864"]) {
            try Budget.framePixels(width: 16384, height: 16384)
        }
    }

    // MARK: render

    func request(_ effect: Effect, launches: Int? = nil, interval: Double = 0.35, count: Bool = false, size: (Int, Int) = (1280, 720),
                 fps: Double = 30, frames: Int? = nil, duration: Double? = nil) -> Budget.RenderRequest {
        Budget.RenderRequest(effect: effect, launches: launches, interval: interval, countGiven: count, width: size.0, height: size.1,
                             fps: fps, frames: frames, duration: duration)
    }

    @Test func renderMultipliesLaunchesByWhateverSetTheirSize() throws {
        // A file's count with --launches, not only --count.
        let million = Self.effect(.confetti) { $0.confetti.count = 1_000_000 }
        expectRefused(["--launches × confetti.count", "10 × 1,000,000", "10,000,000 particles", "4,194,304"]) {
            try Budget.render(request(million, launches: 10))
        }
        expectRefused(["--launches × --count"]) { try Budget.render(request(million, launches: 10, count: true)) }
        // The default number of launches is named as such.
        expectRefused(["launches (the default for confetti) × confetti.count", "3 × 2,000,000"]) {
            try Budget.render(request(Self.effect(.confetti) { $0.confetti.count = 2_000_000 }))
        }
        expectRefused(["a launch of 4,194,304 confetti pieces is above the limit", "confetti.count = 4,194,304", "per launch"]) {
            try Budget.render(request(Self.hugeConfetti, launches: 10_000))
        }
        let fits = try Budget.render(request(million, launches: 4, size: (64, 36), frames: 1))
        #expect(fits.particles == 4_000_000 && fits.particlesPerLaunch == 1_000_000 && fits.launches == 4)
        #expect(fits.gpuBytes == 4_000_000 * Self.ringBytesPerParticle + 64 * 36 * 4 && fits.gpuBytes <= Budget.maxGPUBytes)
    }

    /// Bytes one particle of capacity costs across every ring: a record in each, one ring per
    /// particle kind.
    static var ringBytesPerParticle: Int { Budget.Ring.allCases.map(\.recordBytes).reduce(0, +) }

    /// Render's GPU budget is what FrameRecorder allocates: a ring for every particle kind
    /// (confetti, sparks, stars), each of a capacity of every launch, and the frame. A render of
    /// stars counts its star ring; one of confetti counts the spark and star rings it leaves empty.
    @Test func renderCountsARingOfEveryLaunchForEveryParticleKind() async throws {
        let size = (64, 36)
        for name in ["confetti", "celebration", "finale", "peony", "show"] {
            let effect = try #require(Effect.preset(name))
            let cost = try Budget.render(request(effect, size: size, frames: 1))
            #expect(cost.gpuBytes == cost.particles * Self.ringBytesPerParticle + size.0 * size.1 * 4, "\(name): \(cost.gpuBytes) bytes")
            // The recorder's rings hold the schedule spawned: at most what the budget counted (shells
            // draw their glitter, so the budget is their upper bound).
            let recorder = FrameRecorder(schedule: LaunchSchedule(effect: effect, seed: 1, launches: cost.launches, interval: 0.35),
                                         width: size.0, height: size.1, fps: 30, frames: 1)
            #expect(recorder.ringCapacity >= 1 && recorder.ringCapacity <= cost.particles, "\(name): \(recorder.ringCapacity) of \(cost.particles)")
        }
        // And a ring of that capacity is what the scene allocates, per particle, on the GPU.
        let capacity = 1_000
        let allocated = try await SharedGL.run {
            let scene = try SceneRenderer(shaders: SharedGL.shaders(), capacity: capacity)
            defer { scene.delete() }
            return scene.celebration.ringBytes
        }
        #expect(allocated == capacity * Self.ringBytesPerParticle)
    }

    @Test func renderNamesTheOptionThatGaveTheFrames() throws {
        // --frames never given: the message names --duration and --fps.
        expectRefused(["--duration 3600 s at --fps 30", "108,000 frames", "the limit is 100,000"]) {
            try Budget.render(request(.celebration, duration: 3600))
        }
        // Nor --duration: the launches' own length, and what made it.
        expectRefused(["the launches last", "--launches 10,000", "--interval 3,600 s", "confetti.lifetime 1.5 s", "give --frames or --duration"]) {
            try Budget.render(request(.confetti, launches: 10_000, interval: 3_600))
        }
        expectRefused(["--frames × --size 1280x720", "100,000 × 921,600", "9.2e10 pixels", "17,179,869,184"]) {
            try Budget.render(request(.celebration, frames: 100_000))
        }
        #expect(try Budget.render(request(.celebration, frames: 18_000)).pixels == 18_000 * 921_600)
        #expect(try Budget.render(request(.celebration, size: (64, 36), frames: 100_000)).frames == 100_000)
        expectRefused(["frames (--duration 1000 × --fps 30) × --size 1280x720", "30,000 × 921,600"]) {
            try Budget.render(request(.celebration, duration: 1_000))
        }
    }

    /// The frames the budget counts are the frames render draws: the schedule's length computed
    /// without spawning is the spawned schedule's.
    @Test func scheduleLengthWithoutSpawningIsTheSpawnedSchedules() {
        let viewport = Size(width: 1280, height: 720)
        var effects = Effect.presets.map(\.effect)
        effects.append(Self.effect(.fountain) { $0.fountain.sparkCount = 37; $0.fountain.delayStep = 0.013 })
        effects.append(Self.effect(.celebration) { $0.confetti.physics.lifetime = 0.1; $0.confetti.physics.fadeOutDuration = 0.05 })
        for effect in effects {
            for (launches, interval) in [(1, 0.35), (3, 0.35), (7, 0.123)] {
                let schedule = LaunchSchedule(effect: effect, seed: 5, launches: launches, interval: interval)
                let budget = Budget.scheduleSeconds(effect, launches: launches, interval: interval)
                let drawn = LaunchSchedule.duration(of: schedule.spawned(in: viewport).batches)
                if [.shell, .show].contains(effect.kind) {
                    // Shells draw their rise times and lifetimes: the budget is their upper ends,
                    // which the draws approach, never pass.
                    #expect(budget >= drawn && budget <= 1.5 * drawn + 1, "\(effect.kind) × \(launches): budget \(budget) s, drawn \(drawn) s")
                } else if effect.kind == .rocket {
                    // A rocket's rise time and crackle delay are drawn: the budget is their upper
                    // ends, which the draws approach.
                    let r = effect.rocket
                    let slack = (r.riseTime.upperBound - r.riseTime.lowerBound) + (r.crackles > 0 ? r.crackleDelay.upperBound - r.crackleDelay.lowerBound : 0)
                    #expect(budget >= drawn && budget <= drawn + slack, "rocket × \(launches): budget \(budget) s, drawn \(drawn) s")
                } else {
                    #expect(budget == drawn, "\(effect.kind) × \(launches)")
                }
            }
        }
    }

    // MARK: trace

    @Test func traceCountsParticlesTimesAndShaderPasses() throws {
        #expect(try Budget.trace(.confetti, times: 7, gpu: false) == Budget.TraceCost(particles: 30, samples: 210, passes: 0))
        #expect(try Budget.trace(.classic, times: 7, gpu: true) == Budget.TraceCost(particles: 16, samples: 112, passes: 7))
        #expect(try Budget.trace(.fountain, times: 7, gpu: true).passes == 70)
        // The same file in trace with default times: SIGSEGV before.
        expectRefused(["confetti.count × --times (7 values)", "4,194,304 × 7", "29,360,128 samples", "524,288"]) {
            try Budget.trace(Self.hugeConfetti, times: 7, gpu: false)
        }
        expectRefused(["classic.fireworks × classic.sparkCount × --times", "samples"]) {
            try Budget.trace(Self.hugeFireworks, times: 7, gpu: false)
        }
        expectRefused(["confetti.count = 200,000", "131,072"]) {
            try Budget.trace(Self.effect(.confetti) { $0.confetti.count = 200_000 }, times: 1, gpu: false)
        }
        let fountain = Self.effect(.fountain) { $0.fountain.sparkCount = 40_000 }
        #expect(refusal { try Budget.trace(fountain, times: 7, gpu: false) } == nil)
        #expect(try Budget.trace(Self.effect(.fountain) { $0.fountain.sparkCount = 10_000 }, times: 7, gpu: true).passes == 70_000)
        expectRefused(["fountain.sparkCount (one birth each) × --times (7 values)", "280,000 shader passes", "262,144", "--evaluator cpu"]) {
            try Budget.trace(fountain, times: 7, gpu: true)
        }
    }

    // MARK: stress

    @Test func stressLevelsMustFitTheRingAtTheEffectsLifetime() throws {
        #expect(try Budget.stress(1_000, source: "key 1", lifetime: 1.5, capacity: 1 << 20) == Budget.StressPlan(perLaunch: 67, launchesInRing: 16))
        // Key 6 with --capacity 1000: killed the viewer before.
        expectRefused(["key 6", "16 × 66,667", "1,066,672 confetti pieces", "does not fit", "1,000 (--capacity)"]) {
            try Budget.stress(1_000_000, source: "key 6", lifetime: 1.5, capacity: 1_000)
        }
        // --stress 100000 with a lifetime of 0.001 s: 10 million pieces every 0.1 s.
        expectRefused(["--stress 100000", "confetti.lifetime 0.001 s", "10,000,000", "2,097,152"]) {
            try Budget.stress(100_000, source: "--stress 100000", lifetime: 0.001, capacity: 1 << 20)
        }
        // At the standard lifetime a stress level up to capacity × 15/16 fits.
        #expect(refusal { try Budget.stress(983_040, source: "s", lifetime: 1.5, capacity: 1 << 20) } == nil)
        #expect(refusal { try Budget.stress(2_000_000, source: "s", lifetime: 1.5, capacity: 1 << 20) } != nil)
        // A lifetime so short that the quotient is beyond any Int does not trap.
        #expect(refusal { try Budget.stress(Int(Int32.max), source: "s", lifetime: 1e-300, capacity: 1 << 20) } != nil)
    }

    @Test func benchCountsReachTheLargestRingWhereMemoryHoldsThem() {
        let gib = 1 << 30
        // 8M pieces on a machine with 16 GiB available: gpu mode alone, 4.2 GB at the peak.
        #expect(refusal { try Budget.bench(counts: [8_000_000], width: 1280, height: 720, available: 16 * gib) } == nil)
        // The largest ring is the limit, whatever the memory.
        expectRefused(["--counts 8,134,408 is above 8,134,407", "largest ring"]) {
            try Budget.bench(counts: [Budget.maxCapacity + 1], width: 1280, height: 720, available: 1 << 50)
        }
        // On a 4 GB machine it is refused with the numbers that multiply up.
        expectRefused(["--counts 8,000,000 × bytes a piece while spawned, uploaded and drawn (gpu mode alone)", "8,000,000 × 520", "4.2e9 bytes", "three quarters", "4,294,967,296", "MemAvailable"]) {
            try Budget.bench(counts: [8_000_000], width: 1280, height: 720, available: 4 * gib)
        }
        // Below a launch's worth all four modes run, and their copies count too.
        #expect(Budget.benchBytesPerPiece(Budget.benchAllModes) > Budget.benchBytesPerPiece(Budget.benchAllModes + 1))
        expectRefused(["(all four modes)", "2,000,000 × 664"]) {
            try Budget.bench(counts: [2_000_000], width: 1280, height: 720, available: gib)
        }
        #expect(Budget.availableMemory().map { $0 > 0 } == true, "this machine's MemAvailable")
    }

    @Test func soakBoundsItsTotalWork() {
        #expect(refusal { try Budget.soak(launches: 100_000, count: 200, capacity: 100_000) } == nil)
        expectRefused(["--launches × --count", "10,000,000 × 1,000", "268,435,456"]) {
            try Budget.soak(launches: 10_000_000, count: 1_000, capacity: 100_000)
        }
    }
}
