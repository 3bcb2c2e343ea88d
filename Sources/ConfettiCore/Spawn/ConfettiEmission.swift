import FoundationEssentials
import Glibc

/// Where and when a confetti effect's pieces enter: all at once from the bottom edge (the seed
/// article's burst), as rain from the top edge, or from a cannon in a corner; at once, or at a
/// steady rate for a while. Every birth time is decided at spawn and stored in the piece's
/// record, so a stream costs the CPU nothing after its launch (docs/effects.md, Emission).
public struct ConfettiEmission: Hashable, Sendable {
    public enum Emitter: String, CaseIterable, Sendable {
        /// From below the bottom edge, upwards (the seed article).
        case burst
        /// From above the top edge, downwards.
        case rain
        /// From outside a corner, at `angle` ± `spread`/2 into the viewport.
        case cannon
    }

    public enum Corner: String, CaseIterable, Sendable {
        case bottomLeft, bottomRight, topLeft, topRight

        var isLeft: Bool { self == .bottomLeft || self == .topLeft }
        var isBottom: Bool { self == .bottomLeft || self == .bottomRight }
    }

    public var emitter: Emitter = .burst
    /// Pieces per second; 0 throws the burst's `count` at once.
    public var rate: Double = 0
    /// Seconds of emission when `rate` is above 0.
    public var duration: Double = 0
    /// The cannon's corner.
    public var corner: Corner = .bottomLeft
    /// Degrees between the cannon's aim and the horizontal, turned into the viewport (upwards
    /// from a bottom corner, downwards from a top one).
    public var angle: Double = 60
    /// Degrees: each piece's aim is `angle` + U[−spread/2, spread/2).
    public var spread: Double = 20

    public init() {}

    /// The seed article's burst: every piece at once, from the bottom edge.
    public static let atOnce = ConfettiEmission()

    /// Pieces emitted by a stream of `rate` per second for `duration` seconds: one at each
    /// i / rate for i = 0, 1, … while i / rate < duration.
    package var streamCount: Int {
        guard rate > 0, duration > 0 else { return 0 }
        let n = (rate * duration).rounded(.up)
        return n > Double(Int.max / 2) ? Int.max / 2 : Int(n)
    }
}

extension ConfettiSection {
    /// Pieces one launch spawns: `count`, or `rate × duration` for a stream.
    package var pieceCount: Int { emission.rate > 0 ? emission.streamCount : count }

    /// One launch's pieces. Each piece is first drawn as the seed article's burst draws it
    /// (`spawnOne`), so sizes, colours, spin and flutter follow the same distributions and
    /// order; rain and the cannon then move its start and turn its velocity, the cannon with
    /// one more draw (its aim), and a stream sets its birth.
    func emit(in viewport: Size, using rng: inout SeededGenerator) -> [ConfettiParticle] {
        let w = viewport.width, h = viewport.height
        return (0..<pieceCount).map { i in
            var piece = spawnOne(in: viewport, using: &rng)
            switch emission.emitter {
            case .burst:
                break
            case .rain:
                // Mirrored top to bottom: as far above the top as a burst starts below the
                // bottom, moving down as fast as a burst moves up.
                piece.initialPosition.y = -launchBelowBottom
                piece.initialVelocity.y = -piece.initialVelocity.y
            case .cannon:
                let corner = emission.corner
                let aim = (emission.angle + rng.uniform(-emission.spread / 2, emission.spread / 2)) * .pi / 180
                let speed = abs(piece.initialVelocity.y)
                piece.initialPosition = Point(corner.isLeft ? -launchBelowBottom : w + launchBelowBottom,
                                              corner.isBottom ? h + launchBelowBottom : -launchBelowBottom)
                piece.initialVelocity = SIMD2((corner.isLeft ? 1 : -1) * speed * cos(aim),
                                              (corner.isBottom ? -1 : 1) * speed * sin(aim))
            }
            if emission.rate > 0 { piece.birth = Double(i) / emission.rate }
            return piece
        }
    }
}
