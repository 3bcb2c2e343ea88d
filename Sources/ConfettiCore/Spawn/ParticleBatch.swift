/// Particles of one kind spawned together, with the constants they share: what a launch makes,
/// uploaded once and drawn as one span of its ring per side of the button (`RingSpan`).
///
/// Code that handles any kind takes `any ParticleBatch` and opens it with a generic function
/// over `Kind` (see `ParticleKinds`); nothing outside a kind's own home asks which kind it is.
package protocol ParticleBatch: Sendable {
    associatedtype Kind: ParticleKind
    var particles: [Kind.Particle] { get }
    var uniforms: Kind.Uniforms { get }
    /// The pictures its particles may be drawn as; a particle's `SpriteChoice` indexes them.
    var sprites: [SpriteImage] { get }
}

package struct Batch<Kind: ParticleKind>: ParticleBatch {
    package var particles: [Kind.Particle]
    package var uniforms: Kind.Uniforms
    package var sprites: [SpriteImage]

    package init(_ particles: [Kind.Particle], _ uniforms: Kind.Uniforms, sprites: [SpriteImage] = []) {
        precondition(sprites.count <= SpriteTable.capacity, "at most \(SpriteTable.capacity) sprites a batch")
        self.particles = particles
        self.uniforms = uniforms
        self.sprites = sprites
    }
}

extension ParticleBatch {
    package var kind: any ParticleKind.Type { Kind.self }

    package var particleCount: Int { particles.count }

    /// Seconds after its launch when the last of it has gone, its trail included.
    package var duration: Double {
        (particles.map { Kind.birth(of: $0) + Kind.lifetime(of: $0, uniforms: uniforms) }.max() ?? 0) + Kind.trailDuration(uniforms)
    }

    /// The batch as one kind's, or nil when it holds another kind's particles.
    package func typed<Other: ParticleKind>(_: Other.Type) -> Batch<Other>? {
        self as? Batch<Other>
    }
}

extension Sequence where Element == any ParticleBatch {
    /// The batches of one kind, for code that is about that kind alone (a benchmark of confetti).
    package func of<Kind: ParticleKind>(_ kind: Kind.Type) -> [Batch<Kind>] {
        compactMap { $0.typed(kind) }
    }
}

extension ParticleBatch {
    /// Its particles moved by `offset` (pt) (`ParticleKind.moved`), with the same constants.
    package func moved(by offset: SIMD2<Double>) -> any ParticleBatch {
        Batch<Kind>(particles.map { Kind.moved($0, by: offset) }, uniforms, sprites: sprites)
    }

    /// Its first `n` particles, with the same constants.
    package func prefix(_ n: Int) -> any ParticleBatch {
        Batch<Kind>(Array(particles.prefix(n)), uniforms, sprites: sprites)
    }

    /// When its last particle appears, and the shortest life of any (nil when it is empty).
    package var latestBirth: Double? { particles.map(Kind.birth).max() }
    package var shortestLifetime: Double? { particles.map { Kind.lifetime(of: $0, uniforms: uniforms) }.min() }
}
