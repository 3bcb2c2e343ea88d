/// The presets that show the SDF shapes (`Shaders/shapes.glsl`) and two-sided paper: pieces
/// whose backs are darker, mixed by weight.
extension Effect {
    /// The back of the paper at 60% of the front's brightness.
    static let presetBackShade = 0.6

    /// 40 stars, some squares and discs among them, gold-leaning, two-sided.
    public static let star: Effect = {
        var burst = ConfettiBurst.standard
        burst.count = 40
        burst.shapes = [.star, .rectangle, .circle]
        burst.shapeWeights = [4, 1, 1]
        burst.sizes = [Size(width: 14, height: 14), Size(width: 11, height: 11), Size(width: 17, height: 17)]
        burst.colors = [.yellow, .orange, .red, .purple, .blue]
        burst.physics.backShade = presetBackShade
        return Effect(kind: .confetti, confetti: burst)
    }()

    /// 24 long streamers whose travelling waves ripple as they fall, two-sided.
    public static let ribbon: Effect = {
        var burst = ConfettiBurst.standard
        burst.count = 24
        burst.shapes = [.ribbon]
        burst.sizes = [Size(width: 5, height: 36), Size(width: 4, height: 30), Size(width: 6, height: 42)]
        // Streamers turn more slowly than paper squares.
        burst.rotationSpeed = -150...150
        burst.physics.backShade = presetBackShade
        burst.physics.ribbonWave = .standard
        return Effect(kind: .confetti, confetti: burst)
    }()

    /// 40 hearts with a few triangles, in warm colours, two-sided. (No streamers: a burst's
    /// sizes are shared by its shapes, and a streamer's are long and thin.)
    public static let hearts: Effect = {
        var burst = ConfettiBurst.standard
        burst.count = 40
        burst.shapes = [.heart, .triangle]
        burst.shapeWeights = [4, 1]
        burst.sizes = [Size(width: 14, height: 13), Size(width: 11, height: 10), Size(width: 17, height: 16)]
        burst.colors = [.red, RGB(hex: 0xFF2D55), RGB(hex: 0xFF6482), .orange, .purple]
        burst.physics.backShade = presetBackShade
        return Effect(kind: .confetti, confetti: burst)
    }()
}
