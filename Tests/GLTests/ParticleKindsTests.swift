import ConfettiCore
import ConfettiGL
import ConfettiProof
import GLTestSupport
import Testing
import TestSupport

/// The registry of particle kinds is the one list everything iterates: a kind registered
/// there is drawn, budgeted, traced and proven without any other site naming it.
@Suite(.tags(.library)) struct ParticleKindsTests {
    @Test func everyRegisteredKindHasItsOwnName() {
        let names = ParticleKinds.all.map { $0.plural }
        #expect(Set(names).count == names.count, "\(names)")
        #expect(Set(ParticleKinds.all.map { ObjectIdentifier($0) }).count == names.count, "a kind registered twice")
    }

    @Test func everyRegisteredKindHasARingInTheBudget() {
        #expect(Budget.Ring.allCases.map(\.rawValue) == ParticleKinds.all.map { $0.plural })
        let perParticle = ParticleKinds.all.map { $0.recordBytes }.reduce(0, +)
        #expect(Budget.maxCapacity == Budget.maxGPUBytes / perParticle)
        #expect(throws: Never.self) { try Budget.capacity(Budget.maxCapacity) }
        #expect(throws: BudgetError.self) { try Budget.capacity(Budget.maxCapacity + 1) }
    }

    @Test func everyRegisteredKindCanBeReadBackByTheProof() {
        for kind in ParticleKinds.all {
            #expect(kind is any FeedbackSampling.Type, "\(kind) has no feedback sampling, so verify and trace --evaluator gpu cannot prove it")
        }
    }

    /// A kind's proof comes with it: `confetti verify` and the preset parity suite prove every
    /// preset's launches, so a registered kind that no preset launches would go unproven.
    @Test func everyRegisteredKindIsLaunchedBySomePresetSoVerifyProvesIt() {
        let viewport = Size(width: 640, height: 360)
        let launched = Effect.presets.flatMap { preset -> [any ParticleBatch] in
            var rng = SeededGenerator(seed: 1)
            return preset.effect.launch(around: Rect.button(centredIn: viewport), in: viewport, using: &rng).batches
        }
        for kind in ParticleKinds.all {
            #expect(launched.contains { $0.isOf(kind) }, "no preset launches \(kind.plural): add one, or PresetParityTests and verify never prove them")
        }
    }

    /// One renderer per kind, in the registry's (drawing) order, and each batch goes to its
    /// own kind's ring.
    @Test func celebrationDrawsEveryRegisteredKindAndHandsEachBatchToItsOwn() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 4096, shaders: SharedGL.shaders(), seed: 1)
            defer { celebration.delete() }
            #expect(celebration.renderers.map { ObjectIdentifier($0.kind) } == ParticleKinds.all.map { ObjectIdentifier($0) })
            let viewport = Size(width: 640, height: 360)
            for preset in ["confetti", "classic", "rocket"] {
                var rng = SeededGenerator(seed: 3)
                let batches = try #require(Effect.preset(preset)).launch(around: Rect.button(centredIn: viewport), in: viewport, using: &rng).batches
                let before = celebration.renderers.map(\.spanCount)
                for batch in batches { try celebration.add(batch, at: 0) }
                let added = zip(celebration.renderers.map(\.spanCount), before).map { $0 - $1 }
                for (renderer, count) in zip(celebration.renderers, added) {
                    let expected = batches.filter { $0.isOf(renderer.kind) }.count
                    // A batch is one span per side it has particles in: at least one, at most two.
                    #expect(count >= expected && count <= 2 * expected, "\(preset): \(renderer.kind.plural) got \(count) spans for \(expected) batches")
                }
            }
            #expect(celebration.liveParticles(at: 0.1) > 0)
        }
    }
}
