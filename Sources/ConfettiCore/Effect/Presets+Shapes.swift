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

    /// 60 pieces of metallic foil tumbling about their own axes: coloured fronts, silver backs,
    /// lit from the upper left, each glinting white as it turns to face the light.
    public static let foil: Effect = {
        var burst = ConfettiBurst.standard
        burst.count = 60
        burst.shapes = [.rectangle, .circle]
        burst.shapeWeights = [3, 1]
        burst.sizes = [Size(width: 13, height: 9), Size(width: 11, height: 11), Size(width: 15, height: 8)]
        // Gold, rose gold, copper, champagne, and foil green and blue.
        burst.colors = [RGB(hex: 0xD4AF37), RGB(hex: 0xB76E79), RGB(hex: 0xB87333), RGB(hex: 0xE6CFA0), RGB(hex: 0x2E9E6B), RGB(hex: 0x3C6FD1)]
        // Degrees per second about each piece's own axis: one to two turns a second.
        burst.rotationSpeed = 360...720
        burst.physics.spinMode = .tumble
        burst.physics.shading = .foil
        burst.physics.backColors = [RGB(hex: 0xC9CED6), RGB(hex: 0xE3E6EA)]
        burst.physics.lifetime = 2
        return Effect(kind: .confetti, confetti: burst)
    }()
}
