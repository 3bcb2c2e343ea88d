/// The presets that show the SDF shapes (`Shaders/shapes.glsl`) and two-sided paper: pieces
/// whose backs are darker, mixed by weight.
extension Effect {
    /// The back of the paper at 60% of the front's brightness.
    static let presetBackShade = 0.6

    /// 40 stars, some squares and discs among them, gold-leaning, two-sided.
    public static let star: Effect = {
        var confetti = ConfettiSection.standard
        confetti.count = 40
        confetti.shapes = [.star, .rectangle, .circle]
        confetti.shapeWeights = [4, 1, 1]
        confetti.sizes = [Size(width: 14, height: 14), Size(width: 11, height: 11), Size(width: 17, height: 17)]
        confetti.colors = [.yellow, .orange, .red, .purple, .blue]
        confetti.physics.backShade = presetBackShade
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// 24 long streamers whose travelling waves ripple as they fall, two-sided.
    public static let ribbon: Effect = {
        var confetti = ConfettiSection.standard
        confetti.count = 24
        confetti.shapes = [.ribbon]
        confetti.sizes = [Size(width: 5, height: 36), Size(width: 4, height: 30), Size(width: 6, height: 42)]
        // Streamers turn more slowly than paper squares.
        confetti.rotationSpeed = -150...150
        confetti.physics.backShade = presetBackShade
        confetti.physics.ribbonWave = .standard
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// 40 hearts with a few triangles, in warm colours, two-sided. (No streamers: a launch's
    /// sizes are shared by its shapes, and a streamer's are long and thin.)
    public static let hearts: Effect = {
        var confetti = ConfettiSection.standard
        confetti.count = 40
        confetti.shapes = [.heart, .triangle]
        confetti.shapeWeights = [4, 1]
        confetti.sizes = [Size(width: 14, height: 13), Size(width: 11, height: 10), Size(width: 17, height: 16)]
        confetti.colors = [.red, RGB(hex: 0xFF2D55), RGB(hex: 0xFF6482), .orange, .purple]
        confetti.physics.backShade = presetBackShade
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// 60 pieces of metallic foil tumbling about their own axes: coloured fronts, silver backs,
    /// lit from the upper left, each glinting white as it turns to face the light.
    public static let foil: Effect = {
        var confetti = ConfettiSection.standard
        confetti.count = 60
        confetti.shapes = [.rectangle, .circle]
        confetti.shapeWeights = [3, 1]
        confetti.sizes = [Size(width: 13, height: 9), Size(width: 11, height: 11), Size(width: 15, height: 8)]
        // Gold, rose gold, copper, champagne, and foil green and blue.
        confetti.colors = [RGB(hex: 0xD4AF37), RGB(hex: 0xB76E79), RGB(hex: 0xB87333), RGB(hex: 0xE6CFA0), RGB(hex: 0x2E9E6B), RGB(hex: 0x3C6FD1)]
        // Degrees per second about each piece's own axis: one to two turns a second.
        confetti.rotationSpeed = 360...720
        confetti.physics.spinMode = .tumble
        confetti.physics.shading = .foil
        confetti.physics.backColors = [RGB(hex: 0xC9CED6), RGB(hex: 0xE3E6EA)]
        confetti.physics.lifetime = 2
        return Effect(kind: .confetti, confetti: confetti)
    }()
}
