import CHarfBuzz

/// Emoji and short text drawn into sprites: HarfBuzz shapes the text into glyphs (a ZWJ
/// sequence, a flag, a skin tone or a keycap becomes the emoji font's one glyph), FreeType
/// draws each glyph, and the glyphs are composed on one line into one premultiplied image.
///
/// Every call opens its own FreeType library and faces and frees them before it returns, so
/// calls may run on any threads at once without a lock; a sprite is made once, not per frame.
package enum GlyphRasteriser {
    /// A subdivision flag no region has ("zz" is a user-assigned country code, "zzz" under it
    /// nothing), tagged as flags of regions are: 🏴, the tags "zzzzz", the cancel tag.
    static let unknownFlag = "🏴" + String(repeating: "\u{E007A}", count: 5) + "\u{E007F}"

    /// The em of text sprites, in pixels: large enough that a particle shrinks it, never grows it.
    package static let textPixels = 96
    /// The most pixels a glyph's bitmap or the canvas of a whole sprite may have (2048², 16 MB
    /// of RGBA), checked before either is made: 64 characters at `textPixels` take about a
    /// million, but a bitmap font's 1-pixel strike asked for 96 pixels would grow a 256² glyph
    /// to 24,576² (2.4 GB).
    package static let maxPixels = 1 << 22
    /// A text sprite is a word or a date on a particle, not a paragraph.
    package static let maxTextCharacters = 64
    /// One character may be a letter and any number of combining marks; shaping work is bounded
    /// by scalars, which 64 family emoji (7 scalars each) stay well under.
    package static let maxTextScalars = 512
    /// The longest emoji sequences (a kiss with two skin tones) are 10 scalars.
    package static let maxEmojiScalars = 32

    /// One emoji (one grapheme cluster: a ZWJ sequence, a flag, a skin tone, a keycap) as the
    /// emoji font's colour bitmap, as large as the font has it (136 × 128 for 🎉 in Debian's Noto
    /// Color Emoji, whose one strike is 109 ppem). Refused unless the font draws the whole cluster
    /// as one glyph: an emoji newer than the font would otherwise be drawn as its parts or as a box.
    package static func emoji(_ text: String) throws(SpriteError) -> SpriteImage {
        guard let cluster = text.first else { throw SpriteError("an emoji sprite needs an emoji; the text is empty") }
        guard text.count == 1 else {
            throw SpriteError("an emoji sprite is one emoji; '\(printable(text))' is \(text.count) characters")
        }
        guard text.unicodeScalars.count <= maxEmojiScalars else {
            throw SpriteError("an emoji sprite is one emoji; '\(printable(text))' has \(text.unicodeScalars.count) Unicode scalars, at most \(maxEmojiScalars)")
        }
        let library = try FreeTypeLibrary()
        let face = try FontFace(try FontFile.emoji(), library: library)
        try face.setSize(nil)
        let utf8 = Array(text.utf8)
        let glyphs = face.shape(utf8, range: 0..<utf8.count, properties: nil, keepingIgnorables: true).glyphs
        let drawn = glyphs.filter { $0.id != FontFace.unusedIgnorable }
        // A variation selector the font has no variant for changes nothing; a joiner or a tag
        // left over means the sequence is not the font's: 🏴 and tags it has no flag for, or an
        // emoji with a stray joiner.
        let leftOver = glyphs.filter { $0.id == FontFace.unusedIgnorable && !isVariationSelector(scalar(at: $0.cluster, in: text)) }
        guard drawn.count == 1, drawn[0].id != 0, leftOver.isEmpty else {
            let parts = drawn.count > 1 && !drawn.contains { $0.id == 0 } ? " (only for its parts, drawn side by side)" : ""
            throw SpriteError("the emoji font has no glyph for \(describe(cluster))\(parts)")
        }
        if isUnknownFlag(drawn[0].id, for: cluster, in: face) {
            throw SpriteError("the emoji font has no glyph for \(describe(cluster)) (only its flag of unknown regions)")
        }
        let placed = try face.draw(drawn[0].id, x: 0, y: 0)
        guard let bitmap = placed?.bitmap, case let image = SpriteImage(width: bitmap.width, height: bitmap.height, pixels: bitmap.pixels, isMask: !bitmap.isColour), !image.isBlank else {
            throw SpriteError("the emoji font's glyph for \(describe(cluster)) is blank")
        }
        return image
    }

    /// A word, a number or a date on one line, drawn at `textPixels` a em and cropped to its ink
    /// with a margin of 1 pixel. `font`: nil for fontconfig's sans-serif, a path (with "/", or
    /// ending in .ttf, .otf or .ttc) for that file, else a family fontconfig must have.
    ///
    /// Plain text is a mask (white coverage, it takes its particle's colour). A character the
    /// font has no glyph for, or one meant as an emoji (emoji presentation, or U+FE0F), is drawn
    /// from the emoji font, in colour, shrunk to the text's size; then the image is a colour
    /// image (not a mask) in which the plain glyphs are white: a mask tinted per particle would
    /// tint the emoji too. A character neither font has is refused.
    ///
    /// The line has one direction, HarfBuzz's guess for the whole text (Hebrew or Arabic first:
    /// right to left); there is no bidirectional reordering of mixed text.
    package static func text(_ text: String, font: String?) throws(SpriteError) -> SpriteImage {
        try checkText(text)
        let library = try FreeTypeLibrary()
        let textFace = try FontFace(try FontFile.text(font), library: library)
        try textFace.setSize(textPixels)
        // Opened only if a character needs it: plain text draws without the emoji font installed.
        var emojiFace: Result<FontFace, SpriteError>?
        func emoji() -> Result<FontFace, SpriteError> {
            if let emojiFace { return emojiFace }
            let opened = Result { () throws(SpriteError) -> FontFace in
                let face = try FontFace(try FontFile.emoji(), library: library)
                try face.setSize(textPixels)
                return face
            }
            emojiFace = opened
            return opened
        }

        // Which font draws each character; neighbours with the same font are shaped together.
        let utf8 = Array(text.utf8)
        var runs: [(face: FontFace, range: Range<Int>)] = []
        var characters: [(range: Range<Int>, character: Character)] = []
        var offset = 0
        for character in text {
            let range = offset..<(offset + character.utf8.count)
            offset = range.upperBound
            characters.append((range, character))
            let face = try chooseFace(for: character, text: textFace, emoji: emoji)
            if let last = runs.last, last.face === face {
                runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                runs.append((face, range))
            }
        }
        func character(at cluster: Int) -> Character {
            characters.first { $0.range.contains(cluster) }?.character ?? " "
        }

        let properties = SegmentProperties.guess(utf8)
        var placed: [PlacedBitmap] = []
        var pen = (x: 0.0, y: 0.0)
        for run in properties.direction == HB_DIRECTION_RTL ? runs.reversed() : runs {
            let glyphs = run.face.shape(utf8, range: run.range, properties: properties).glyphs
            if let missing = glyphs.first(where: { $0.id == 0 || isUnknownFlag($0.id, for: character(at: $0.cluster), in: run.face) }) {
                let unknownFlag = missing.id == 0 ? "" : " (only its flag of unknown regions)"
                throw SpriteError("\(run.face.name) has no glyph for \(describe(character(at: missing.cluster)))\(unknownFlag)")
            }
            for glyph in glyphs {
                if let bitmap = try run.face.draw(glyph.id, x: pen.x + glyph.xOffset, y: pen.y + glyph.yOffset) {
                    placed.append(bitmap)
                }
                pen.x += glyph.xAdvance
                pen.y += glyph.yAdvance
            }
        }
        guard let image = try compose(placed) else {
            throw SpriteError("a text sprite of '\(printable(text))' would show nothing")
        }
        return image
    }

    /// The emoji font, as the emoji and the text sprites find it.
    package static func emojiFont() throws(SpriteError) -> FontFile { try FontFile.emoji() }

    /// The font a text sprite with this `font` option draws with.
    package static func textFont(_ font: String?) throws(SpriteError) -> FontFile { try FontFile.text(font) }

    /// Which font bytes a sprite was drawn from ("fnv1a64:…"), so a test can pin its picture
    /// to one font package.
    package static func fontDigest(_ font: FontFile) throws(SpriteError) -> String { try font.digest() }

    /// Empty, too long, or more than one line: refused before any font is opened.
    private static func checkText(_ text: String) throws(SpriteError) {
        guard !text.isEmpty else { throw SpriteError("a text sprite needs text; the text is empty") }
        let count = text.count
        guard count <= maxTextCharacters else {
            throw SpriteError("a text sprite is at most \(maxTextCharacters) characters; '\(printable(text))' is \(count)")
        }
        let scalars = text.unicodeScalars.count
        guard scalars <= maxTextScalars else {
            throw SpriteError("a text sprite is at most \(maxTextScalars) Unicode scalars; '\(printable(text))' has \(scalars)")
        }
        if let control = text.unicodeScalars.first(where: {
            [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }) {
            throw SpriteError("a text sprite is one line of printing characters; '\(printable(text))' has \(codePoint(control))")
        }
    }

    /// The text font for a character it has, unless the character asks to be an emoji; the
    /// emoji font for an emoji it has; else whichever has it.
    private static func chooseFace(for character: Character, text: FontFace, emoji: () -> Result<FontFace, SpriteError>) throws(SpriteError) -> FontFace {
        func covers(_ face: FontFace) -> Bool {
            // Joiners and variation selectors need no glyph of their own.
            character.unicodeScalars.allSatisfy { $0.properties.isDefaultIgnorableCodePoint || face.hasGlyph($0) }
        }
        let scalars = character.unicodeScalars
        let wantsColour = scalars.contains("\u{FE0F}")
            || (scalars.first!.properties.isEmojiPresentation && !scalars.contains("\u{FE0E}"))
        if !wantsColour, covers(text) { return text }
        if case .success(let face) = emoji(), covers(face) { return face }
        if covers(text) { return text }
        switch emoji() {
        case .success:
            throw SpriteError("neither \(text.name) nor the emoji font has a glyph for \(describe(character))")
        case .failure(let missing):
            throw SpriteError("\(text.name) has no glyph for \(describe(character)), and \(missing)")
        }
    }

    /// The glyphs laid over one another (premultiplied "over"), cropped to their ink and 1 pixel
    /// around it. A mask if no glyph is in colour. nil if nothing shows.
    private static func compose(_ placed: [PlacedBitmap]) throws(SpriteError) -> SpriteImage? {
        guard !placed.isEmpty else { return nil }
        let left = placed.map(\.x).min()!, top = placed.map(\.y).min()!
        let right = placed.map { $0.x + $0.bitmap.width }.max()!, bottom = placed.map { $0.y + $0.bitmap.height }.max()!
        let width = right - left, height = bottom - top
        guard Double(width) * Double(height) <= Double(maxPixels) else {
            throw SpriteError("the text would be \(width)×\(height) pixels, more than the \(Budget.format(maxPixels)) a sprite may have")
        }
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        for glyph in placed {
            let bitmap = glyph.bitmap
            for y in 0..<bitmap.height {
                for x in 0..<bitmap.width {
                    let s = 4 * (y * bitmap.width + x)
                    let alpha = Int(bitmap.pixels[s + 3])
                    guard alpha > 0 else { continue }
                    let d = 4 * ((glyph.y - top + y) * width + (glyph.x - left + x))
                    for c in 0..<4 {
                        canvas[d + c] = UInt8(Int(bitmap.pixels[s + c]) + (Int(canvas[d + c]) * (255 - alpha) + 127) / 255)
                    }
                }
            }
        }
        // The ink: rows and columns with any alpha.
        var ink: (left: Int, top: Int, right: Int, bottom: Int)?
        for y in 0..<height {
            for x in 0..<width where canvas[4 * (y * width + x) + 3] != 0 {
                ink = ink.map { (min($0.left, x), min($0.top, y), max($0.right, x + 1), max($0.bottom, y + 1)) } ?? (x, y, x + 1, y + 1)
            }
        }
        guard let ink else { return nil }
        let cropWidth = ink.right - ink.left + 2, cropHeight = ink.bottom - ink.top + 2
        var pixels = [UInt8](repeating: 0, count: cropWidth * cropHeight * 4)
        for y in ink.top..<ink.bottom {
            let from = 4 * (y * width + ink.left), to = 4 * ((y - ink.top + 1) * cropWidth + 1)
            pixels.replaceSubrange(to..<(to + 4 * (ink.right - ink.left)), with: canvas[from..<(from + 4 * (ink.right - ink.left))])
        }
        return SpriteImage(width: cropWidth, height: cropHeight, pixels: pixels, isMask: !placed.contains { $0.bitmap.isColour })
    }

    /// A character as messages name it: quoted (escaped if it does not print) and its code points,
    /// which say what it is when the terminal cannot draw it: '🫨' (U+1FAE8).
    /// A tag flag is 7 scalars; a character of a letter and hundreds of marks is cut short.
    static func describe(_ character: Character) -> String {
        let scalars = character.unicodeScalars
        let shown = scalars.prefix(12).map(codePoint).joined(separator: " ") + (scalars.count > 12 ? " …" : "")
        return "'\(printable(String(character), limit: 80))' (\(shown))"
    }

    /// Whether `glyph`, drawn for a flag (a tag sequence, 🏴 and tags, or a pair of regional
    /// indicators), is the glyph the font has for every flag it lacks. Noto draws those as a
    /// white flag with a question mark, its .notdef for flags, recognised as its glyph for a
    /// flag that cannot exist: 🇿🇿 (ZZ is no region) is drawn so, as the tag form is.
    private static func isUnknownFlag(_ glyph: UInt32, for character: Character, in face: FontFace) -> Bool {
        let flagScalars: [ClosedRange<UInt32>] = [0xE0020...0xE007E, 0x1F1E6...0x1F1FF]
        guard character.unicodeScalars.contains(where: { scalar in flagScalars.contains { $0.contains(scalar.value) } }) else { return false }
        let unknown = Array(unknownFlag.utf8)
        let glyphs = face.shape(unknown, range: 0..<unknown.count, properties: nil).glyphs
        return glyphs.count == 1 && glyphs[0].id == glyph
    }

    /// The scalar that starts at a byte offset of the text's UTF-8.
    private static func scalar(at offset: Int, in text: String) -> Unicode.Scalar? {
        var start = 0
        for scalar in text.unicodeScalars {
            if start == offset { return scalar }
            start += UTF8.width(scalar)
        }
        return nil
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar?) -> Bool {
        guard let value = scalar?.value else { return false }
        return (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }

    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension SegmentProperties {
    /// HarfBuzz's guess from the text's first characters of a definite script.
    static func guess(_ utf8: [UInt8]) -> SegmentProperties {
        guard let buffer = hb_buffer_create() else { return SegmentProperties() }
        defer { hb_buffer_destroy(buffer) }
        utf8.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
            }
        }
        hb_buffer_guess_segment_properties(buffer)
        return SegmentProperties(direction: hb_buffer_get_direction(buffer), script: hb_buffer_get_script(buffer), language: hb_buffer_get_language(buffer))
    }
}
