/// A picture particles can be drawn as instead of paper shapes or light: an emoji, a line of
/// text, a PNG image or an SVG path, made into a `SpriteImage` once, when the sprite is made,
/// and drawn with its longer side `size` points long.
///
/// ```swift
/// var effect = Effect.confetti
/// effect.confetti.sprites = try [Sprite(.emoji("🎉")), Sprite(.emoji("🎊")), Sprite(.text("2027"), size: 40)]
/// try celebration.fire(effect, at: now, in: viewport)
/// ```
///
/// Emoji and images keep their colours; text and SVG paths are masks, filled with each
/// particle's colour (or `tint`). A confetti sprite flips and tumbles as paper does, its back its
/// own mirror; a spark or a star drawn as a sprite faces the way it flies.
public struct Sprite: Hashable, Sendable {
    /// Where the picture comes from.
    public enum Source: Hashable, Sendable {
        /// One emoji (one grapheme cluster: ZWJ sequences, flags, skin tones and keycaps are one
        /// each), from Noto Color Emoji.
        case emoji(String)
        /// A short line of text in `font` (a fontconfig family or a font file; nil: sans-serif).
        case text(String, font: String? = nil)
        /// A PNG file.
        case image(path: String)
        /// SVG path data (the `d` attribute), filled with the nonzero rule.
        case path(String)
        /// A picture the app made itself.
        case picture(SpriteImage)
    }

    public let source: Source
    /// The picture, premultiplied.
    public let image: SpriteImage
    /// Its longer side, pt.
    public var size: Double
    /// How likely it is, relative to its list's other sprites.
    public var weight: Double
    /// A mask's fill instead of each particle's colour; a colour picture is multiplied by it.
    /// nil: masks take the particle's colour and pictures keep their own.
    public var tint: RGB?

    /// Sizes, pt, a sprite may have: a confetti record keeps whole points up to 255.
    public static let sizes: ClosedRange<Double> = 1...255
    /// Sprites one list may hold (`SpriteTable.capacity`).
    public static let maxCount = SpriteTable.capacity

    /// Makes the picture now: throws a `SpriteError` naming what is wrong with the source.
    public init(_ source: Source, size: Double = 28, weight: Double = 1, tint: RGB? = nil) throws {
        try self.init(source, size: size, weight: weight, tint: tint, relativeTo: nil)
    }

    /// With an image path relative to `directory` (an effect file's own folder).
    package init(_ source: Source, size: Double = 28, weight: Double = 1, tint: RGB? = nil, relativeTo directory: String?) throws {
        guard Self.sizes.contains(size) else { throw SpriteError("a sprite's size must be \(Int(Self.sizes.lowerBound))…\(Int(Self.sizes.upperBound)) pt, not \(size)") }
        guard weight.isFinite, weight >= 0 else { throw SpriteError("a sprite's weight must be a number ≥ 0, not \(weight)") }
        self.source = source
        image = try source.picture(relativeTo: directory)
        self.size = size
        self.weight = weight
        self.tint = tint
    }

    /// The colour a particle drawn as this sprite carries: a mask's fill (the tint, or the
    /// colour the particle drew), or what a picture's texels are multiplied by (the tint, or white).
    package func colour(drawn: RGB) -> RGB {
        image.isMask ? tint ?? drawn : tint ?? RGB(1, 1, 1)
    }

    /// Width and height, pt, of the sprite drawn with its longer side `size`.
    package var extent: Size {
        let share = SpriteChoice.share(of: image)
        return Size(width: size * share.x, height: size * share.y)
    }

    /// What the source says, for messages and the trace.
    package var summary: String {
        switch source {
        case .emoji(let text): "emoji \(text)"
        case .text(let text, let font): "text \"\(text)\"" + (font.map { " in \($0)" } ?? "")
        case .image(let path): "image \(path)"
        case .path(let d): "path \(d.prefix(24))\(d.count > 24 ? "…" : "")"
        case .picture(let image): "a \(image.width)×\(image.height) picture"
        }
    }
}

extension [Sprite] {
    /// The index of one sprite, by weight: a single sprite draws nothing, equal weights draw
    /// one uniform index, else the first whose running total passes a uniform draw.
    package func drawIndex(using rng: inout SeededGenerator) -> Int {
        guard count > 1 else { return 0 }
        let weights = map(\.weight)
        guard Set(weights).count > 1 else { return rng.index(below: count) }
        var left = rng.uniform(0, weights.reduce(0, +))
        for (i, weight) in weights.enumerated() where weight > 0 {
            if left < weight { return i }
            left -= weight
        }
        // Rounding in the running subtraction can leave the draw just past the end.
        return weights.lastIndex { $0 > 0 } ?? 0
    }

    /// Which sprite a particle is drawn as, by weight, and what it is then.
    package func choose(using rng: inout SeededGenerator) -> (sprite: Sprite, choice: SpriteChoice) {
        let index = drawIndex(using: &rng)
        return (self[index], SpriteChoice(index: index, of: self[index].image))
    }

    /// The pictures a batch carries.
    package var images: [SpriteImage] { map(\.image) }
}

extension Effect {
    /// Whether any of its sections draws pictures.
    package var hasSprites: Bool {
        !confetti.sprites.isEmpty || !classic.firework.sprites.isEmpty || !fountain.sprites.isEmpty || !shell.shell.sprites.isEmpty
    }

    /// The same effect drawn as paper and light, the same size: every section's sprites
    /// removed, confetti as rectangles (or its shapes) of the sprites' sizes, sparks and stars
    /// as large as the sprites' longer sides on average.
    package var withoutSprites: Effect {
        func mean(_ sprites: [Sprite]) -> Double { sprites.map(\.size).reduce(0, +) / Double(sprites.count) }
        var plain = self
        if !confetti.sprites.isEmpty {
            plain.confetti.sizes = confetti.sprites.map { Size(width: $0.extent.width.rounded(), height: $0.extent.height.rounded()) }
        }
        if !classic.firework.sprites.isEmpty { plain.classic.firework.sparkSize = mean(classic.firework.sprites).rounded() }
        if !fountain.sprites.isEmpty { plain.fountain.sparkSize = mean(fountain.sprites).rounded() }
        if !shell.shell.sprites.isEmpty { plain.shell.shell.radius = mean(shell.shell.sprites) / 2 }
        plain.confetti.sprites = []
        plain.classic.firework.sprites = []
        plain.fountain.sprites = []
        plain.shell.shell.sprites = []
        return plain
    }
}
