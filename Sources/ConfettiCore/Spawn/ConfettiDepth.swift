/// Depth for a confetti effect (parallax): its pieces in `layers` layers, each drawn at its own
/// scale, the farthest smallest and slowest (docs/effects.md, Depth).
///
/// Gravity, drag and wind are uniforms every piece of a batch shares, so a layer cannot be a
/// per-piece number: each layer is a batch of its own (`Spawn.confetti`) with its own physics.
/// A piece at depth factor s has its launch velocity, flutter, spread and size times s, and its
/// layer's gravity, wind and ribbon wave times s too; everything that is a time (lifetime, fade,
/// drag, frequencies, births) is unchanged. Its displacement from its launch point at every age
/// is then exactly s times the undepthed piece's: the same motion, seen from farther away.
public struct ConfettiDepth: Hashable, Sendable {
    /// Layers, 1…16; 1 is no depth (with `scale` 1…1: exactly the undepthed effect).
    public var layers: Int
    /// The depth factor s of the farthest layer … the nearest: multiples of size and speed.
    public var scale: ClosedRange<Double>

    public init(layers: Int = 1, scale: ClosedRange<Double> = 1...1) {
        self.layers = layers
        self.scale = scale
    }

    /// No depth: one layer at scale 1.
    public static let none = ConfettiDepth()

    /// The depth factor of layer `k` of `layers` (0 the farthest): the scale's lower bound
    /// for the farthest, its upper bound for the nearest, evenly in between; the upper bound
    /// when there is one layer.
    package func factor(ofLayer k: Int) -> Double {
        guard layers > 1 else { return scale.upperBound }
        return scale.lowerBound + (scale.upperBound - scale.lowerBound) * Double(k) / Double(layers - 1)
    }

    /// The layer of a launch's piece `i`: i mod layers (no draw from the seed).
    package func layer(ofPiece i: Int) -> Int { i % max(layers, 1) }
}

extension ConfettiParticle {
    /// The piece at depth factor `s`: launch velocity, flutter amplitude, spread strength and
    /// size times `s` (sizes rounded to whole points, 1…255, as the record holds them); its
    /// launch point, birth, rotation, spin, flip, phases and colour unchanged. At `s` = 1 the
    /// piece itself.
    package func atDepth(_ s: Double) -> ConfettiParticle {
        guard s != 1 else { return self }
        func side(_ v: Double) -> Double { min(max((v * s).rounded(), 1), 255) }
        var p = self
        p.initialVelocity *= s
        p.flutterAmplitude *= s
        p.spreadStrength *= s
        p.size = Size(width: side(size.width), height: side(size.height))
        return p
    }
}

extension ConfettiPhysics {
    /// The physics of a layer at depth factor `s`: gravity, wind (its mean and every gust's
    /// amplitude) and the ribbon wave's amplitude and wavelength times `s`; lifetime, fade, drag,
    /// gust frequencies and phases, the wave's speed, trail timing and colour ramp unchanged.
    /// At `s` = 1 the physics itself.
    package func atDepth(_ s: Double) -> ConfettiPhysics {
        guard s != 1 else { return self }
        var p = self
        p.gravity *= s
        p.wind.mean *= s
        for g in p.wind.gusts.indices { p.wind.gusts[g].amplitude *= s }
        p.ribbonWave.amplitude *= s
        p.ribbonWave.wavelength *= s
        return p
    }
}

extension ConfettiSection {
    /// One launch's batches: one per layer of `depth`, the farthest first (a launch's batches are
    /// drawn in order, so nearer layers cover farther ones), piece i of the launch in layer
    /// i mod layers. The pieces are drawn exactly as without depth (the same draws, in the same
    /// order), then scaled; with one layer at scale 1 the single spawn is the undepthed one.
    /// A layer left without pieces (fewer pieces than layers) is not spawned.
    package func batches(in viewport: Size, using rng: inout SeededGenerator) -> [any ParticleBatch] {
        SpawnPasses.record("confetti")
        let pieces = spawn(in: viewport, using: &rng)
        let n = max(depth.layers, 1)
        guard n > 1 else {
            let s = depth.factor(ofLayer: 0)
            return [Batch<ConfettiKind>(pieces.map { $0.atDepth(s) }, physics.atDepth(s), sprites: sprites.images)]
        }
        var layers = [[ConfettiParticle]](repeating: [], count: n)
        for (i, piece) in pieces.enumerated() {
            let k = depth.layer(ofPiece: i)
            layers[k].append(piece.atDepth(depth.factor(ofLayer: k)))
        }
        return layers.enumerated().compactMap { k, layer in
            layer.isEmpty ? nil : Batch<ConfettiKind>(layer, physics.atDepth(depth.factor(ofLayer: k)), sprites: sprites.images)
        }
    }
}
