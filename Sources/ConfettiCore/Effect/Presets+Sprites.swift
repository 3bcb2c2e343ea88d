/// The presets whose particles are pictures (`Sprite`): emoji confetti, words, hearts from an
/// SVG path, and a fountain of ducks that face their way.
///
/// The pictures are made when the presets are first asked for. An emoji or a font missing from
/// the machine leaves its sprite out (an app embedding the library may run without them); with
/// none left, the preset falls back to paper.
extension Effect {
    /// Sprites that could be made, in order.
    private static func available(_ sources: [(Sprite.Source, Double)], tint: RGB? = nil) -> [Sprite] {
        sources.compactMap { try? Sprite($0.0, size: $0.1, tint: tint) }
    }

    /// Sixteen party emoji: the emoji preset's, and what the atlas is measured with.
    package static let partyEmoji = ["🎉", "🎊", "🥳", "🎈", "✨", "🍾", "🎁", "💖", "⭐", "🌟", "🎂", "🪅", "🥂", "🎆", "🦄", "🍰"]

    /// 50 party emoji thrown from the bottom edge, flipping and turning as paper does.
    public static let emoji: Effect = {
        var confetti = ConfettiSection.standard
        confetti.count = 50
        confetti.sprites = available(partyEmoji.map { (.emoji($0), 30) })
        confetti.physics.backShade = presetBackShade
        // Pictures read better turning slowly.
        confetti.rotationSpeed = -120...120
        confetti.flipFrequency = 0...4
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// A heart drawn as an SVG path: two arcs and two curves, point down.
    package static let heartPath = "M50 88 C22 68 4 52 4 31 A23 23 0 0 1 50 20 A23 23 0 0 1 96 31 C96 52 78 68 50 88 Z"

    /// 45 hearts from an SVG path in warm colours, two-sided, tumbling in matte light.
    public static let heartsSVG: Effect = {
        var confetti = ConfettiSection.standard
        confetti.count = 45
        confetti.sprites = available([(.path(heartPath), 18), (.path(heartPath), 24)])
        confetti.colors = [.red, RGB(hex: 0xFF2D55), RGB(hex: 0xFF6482), RGB(hex: 0xFF9F0A), RGB(hex: 0xBF5AF2)]
        confetti.physics.backShade = presetBackShade
        confetti.physics.spinMode = .tumble
        confetti.physics.shading = .matte
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// 36 words in the burst's colours: the year, and a cheer.
    public static let words: Effect = {
        var confetti = ConfettiSection.standard
        confetti.count = 36
        confetti.sprites = available([(.text("2027"), 44), (.text("YAY!"), 40), (.text("Hooray"), 56)])
        confetti.colors = [.red, .orange, .yellow, .green, .blue, .purple]
        confetti.physics.backShade = presetBackShade
        confetti.rotationSpeed = -90...90
        confetti.flipFrequency = 0...3
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// A duck seen from the side, facing right (the way it flies), drawn for the project as an
    /// SVG path: body, tail, neck, head and beak, its eye a hole (wound the other way).
    package static let duckPath = """
        M10 60 A30 18 0 1 0 70 60 A30 18 0 1 0 10 60 Z \
        M14 56 L2 40 L24 50 Z \
        M56 40 L74 44 L70 62 L52 60 Z \
        M52 34 A14 14 0 1 0 80 34 A14 14 0 1 0 52 34 Z \
        M71 31 A3 3 0 1 1 77 31 A3 3 0 1 1 71 31 Z \
        M78 31 L97 36 L79 41 Z
        """

    /// The fountain's sparks as yellow ducks, each turned to face the way it flies.
    public static let ducks: Effect = {
        var fountain = FountainFirework.standard
        fountain.sparkCount = 14
        fountain.sprites = available([(.path(duckPath), 26)], tint: RGB(hex: 0xFFCC00))
        return Effect(kind: .fountain, fountain: fountain)
    }()
}
