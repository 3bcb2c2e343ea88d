/// Every particle kind, registered once: the renderer, the budget, the trace, the proof, the
/// gallery and the bench iterate over this list and ask each kind (`ParticleKind`); none of
/// them tells kinds apart itself. What a new particle kind takes besides its line here is counted
/// on `ParticleKind` (docs/architecture.md, Particle kinds).
package enum ParticleKinds {
    /// In drawing order on each side of the button: sparks, then confetti, then stars, light over paper.
    package static let all: [any ParticleKind.Type] = [
        SparkKind.self,
        ConfettiKind.self,
        StarKind.self,
    ]
}

extension ParticleBatch {
    /// Whether the batch holds `kind`'s particles.
    package func isOf(_ kind: any ParticleKind.Type) -> Bool { ObjectIdentifier(Kind.self) == ObjectIdentifier(kind) }
}

extension Sequence where Element == any ParticleBatch {
    /// The batches as the renderer draws them on each side of the button: kind by kind in `ParticleKinds`
    /// order, each kind's in the order given.
    package var inDrawingOrder: [any ParticleBatch] {
        ParticleKinds.all.flatMap { kind in filter { $0.isOf(kind) } }
    }
}
