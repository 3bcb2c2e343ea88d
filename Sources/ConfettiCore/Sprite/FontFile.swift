import CFontconfig
import FoundationEssentials
import Glibc

/// A font the glyph rasteriser draws with: a file and, in a collection (.ttc), which face of it.
/// Found by fontconfig, as the desktop finds fonts, or named by its path.
package struct FontFile: Hashable, Sendable {
    package let path: String
    package let faceIndex: Int

    package init(path: String, faceIndex: Int = 0) {
        self.path = path
        self.faceIndex = faceIndex
    }

    /// Font files are read whole, after InputFile's checks; the largest Noto CJK collections
    /// are about 20 MiB.
    package static let maxBytes = 64 << 20

    /// The colour emoji font. Debian's fonts-noto-color-emoji has one 109 ppem strike of
    /// colour bitmaps, so every emoji sprite is the same picture on every machine with the
    /// same package (`fontDigest` pins which one).
    package static let emojiFamily = "Noto Color Emoji"
    /// Where Debian installs it, for a machine whose fontconfig cache does not list it yet.
    static let emojiPath = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

    /// The emoji font: fontconfig's colour font of the family, or the file Debian installs.
    package static func emoji() throws(SpriteError) -> FontFile {
        if let match = match(family: emojiFamily, colour: true), match.families.contains(where: { $0.lowercased() == emojiFamily.lowercased() }) {
            return match.font
        }
        if FileManager.default.isReadableFile(atPath: emojiPath) { return FontFile(path: emojiPath) }
        throw SpriteError("the emoji font \(emojiFamily) is not installed (Debian: fonts-noto-color-emoji)")
    }

    /// The font of text sprites. nil: fontconfig's sans-serif. A path (with "/", or a name
    /// ending in .ttf, .otf or .ttc): that file. Anything else names a family, which must exist:
    /// fontconfig always answers with some font, and text silently drawn in another than asked for
    /// would be a surprise found late.
    package static func text(_ font: String?) throws(SpriteError) -> FontFile {
        guard let font else {
            guard let match = match(family: "sans-serif", colour: false) else {
                throw SpriteError("fontconfig finds no sans-serif font (Debian: fonts-dejavu-core)")
            }
            return match.font
        }
        if isPath(font) { return FontFile(path: font) }
        guard !font.isEmpty else { throw SpriteError("the font name is empty: give a family such as 'DejaVu Sans' or a font file") }
        guard let match = match(family: font, colour: false) else {
            throw SpriteError("no font named '\(printable(font))' (fontconfig finds no font at all)")
        }
        guard match.families.contains(where: { $0.lowercased() == font.lowercased() }) else {
            throw SpriteError("no font named '\(printable(font))' (fontconfig offers '\(printable(match.families.first ?? "?"))')")
        }
        return match.font
    }

    /// Whether a font option names a file rather than a family.
    static func isPath(_ font: String) -> Bool {
        let lower = font.lowercased()
        return font.contains("/") || [".ttf", ".otf", ".ttc"].contains { lower.hasSuffix($0) }
    }

    /// The file's bytes, after InputFile's checks (a directory, a pipe, a symlink loop or a file
    /// over the limit is refused unread, in words).
    func bytes() throws(SpriteError) -> Data {
        do {
            return try InputFile.read(path, maxBytes: Self.maxBytes, noun: "a font file")
        } catch {
            throw SpriteError("\(error)")
        }
    }

    /// FNV-1a (64 bits) of the file's bytes, as "fnv1a64:" and 16 hex digits: which font a
    /// sprite was drawn with, so a test can pin it and a new font package cannot silently change
    /// a proof. Not a defence against a crafted file, only a fingerprint.
    package func digest() throws(SpriteError) -> String {
        let data = try bytes()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { raw in
            for byte in raw {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// fontconfig's best font for a family (with its substitutions: "sans-serif" is an alias),
    /// and the families that font says it is.
    private static func match(family: String, colour: Bool) -> (font: FontFile, families: [String])? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = FcPatternAddString(pattern, FC_FAMILY, Array(family.utf8) + [0])
        if colour { _ = FcPatternAddBool(pattern, FC_COLOR, FcTrue) }
        _ = FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(matched, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(matched, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var families: [String] = []
        var name: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(matched, FC_FAMILY, Int32(families.count), &name) == FcResultMatch, let found = name {
            families.append(String(cString: found))
        }
        return (FontFile(path: String(cString: file), faceIndex: Int(index)), families)
    }
}
