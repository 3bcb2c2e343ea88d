import CFreeType
import CHarfBuzz
import FoundationEssentials
import Glibc

/// One FreeType library for the length of one sprite's drawing. FreeType's objects are not
/// safe to share between threads; a library a call costs little beside reading the font, and
/// needs no lock.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(SpriteError) {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { throw SpriteError("FreeType could not start") }
        handle = library
    }

    // Faces hold their library, so it is done after every face of it.
    deinit { FT_Done_FreeType(handle) }
}

/// A font file open for one call: its bytes (FreeType reads them in place), its FreeType face
/// at a pixel size, and a HarfBuzz font over that face which shapes text into glyphs.
final class FontFace {
    let library: FreeTypeLibrary
    let face: FT_Face
    /// Its family name, for messages ("DejaVu Sans has no glyph for …").
    let name: String
    /// Pixels of the drawing per pixel of the face: 1 for outlines drawn at the asked size; for
    /// a font of bitmap strikes only (the emoji font), the asked size over the strike's.
    private(set) var scale = 1.0
    private var shaper: OpaquePointer?
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    init(_ file: FontFile, library: FreeTypeLibrary) throws(SpriteError) {
        let data = try file.bytes()
        let shown = InputFile.display(file.path)
        self.library = library
        bytes = .allocate(capacity: max(data.count, 1))
        _ = bytes.initialize(from: data)
        var opened: FT_Face?
        guard FT_New_Memory_Face(library.handle, bytes.baseAddress, FT_Long(data.count), FT_Long(file.faceIndex), &opened) == 0, let opened else {
            bytes.deallocate()
            throw SpriteError("\(shown) is not a font FreeType can read")
        }
        face = opened
        name = opened.pointee.family_name.map { String(cString: $0) } ?? shown
    }

    deinit {
        // HarfBuzz's font holds a reference to the face; the bytes go once both are done.
        if let shaper { hb_font_destroy(shaper) }
        FT_Done_Face(face)
        bytes.deallocate()
    }

    /// Outlines drawn at `pixels` a em; a font of bitmap strikes only uses its strike nearest
    /// above (else its largest) and `scale` says how much to shrink or grow its bitmaps.
    /// nil: the largest strike as it is, or 128 px for an outline font.
    func setSize(_ pixels: Int?) throws(SpriteError) {
        let flags = face.pointee.face_flags
        if flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
            guard FT_Set_Pixel_Sizes(face, 0, FT_UInt(pixels ?? 128)) == 0 else {
                throw SpriteError("\(name) cannot be drawn at \(pixels ?? 128) pixels")
            }
            scale = 1
        } else {
            // The emoji font: FT_Set_Pixel_Sizes fails on it (it has one 109 ppem strike).
            let count = Int(face.pointee.num_fixed_sizes)
            guard count > 0, let sizes = face.pointee.available_sizes else { throw SpriteError("\(name) has neither outlines nor bitmaps") }
            let ppems = (0..<count).map { Double(sizes[$0].y_ppem) / 64 }
            let largest = ppems.indices.max { ppems[$0] < ppems[$1] }!
            var chosen = largest
            if let pixels {
                chosen = ppems.indices.filter { ppems[$0] >= Double(pixels) }.min { ppems[$0] < ppems[$1] } ?? largest
            }
            guard FT_Select_Size(face, FT_Int(chosen)) == 0 else { throw SpriteError("\(name) cannot select its \(ppems[chosen]) ppem strike") }
            scale = pixels.map { Double($0) / ppems[chosen] } ?? 1
        }
        if let shaper { hb_font_destroy(shaper) }
        // Made after the size is set: HarfBuzz takes its scale from the face's size.
        shaper = hb_ft_font_create_referenced(face)
    }

    /// Whether the font maps the scalar to a glyph.
    func hasGlyph(_ scalar: Unicode.Scalar) -> Bool {
        FT_Get_Char_Index(face, FT_ULong(scalar.value)) != 0
    }

    /// The glyph id `shape(…, keepingIgnorables: true)` gives a default-ignorable character
    /// (a joiner, a variation selector, a tag) that no glyph of the font took in.
    static let unusedIgnorable = UInt32.max

    /// Shapes `utf8[range]`, with the rest of the text as context, in the direction, script and
    /// language given, or guessed from the text if nil. Positions are in pixels of the drawing
    /// (`scale` applied); clusters are byte offsets into `utf8`.
    ///
    /// Default-ignorable characters that no glyph took in are dropped, or, `keepingIgnorables`,
    /// kept as `unusedIgnorable` glyphs with the cluster of each character: a tag sequence the
    /// font has no flag for would otherwise pass as the plain black flag it starts with.
    func shape(_ utf8: [UInt8], range: Range<Int>, properties: SegmentProperties?, keepingIgnorables: Bool = false) -> (glyphs: [ShapedGlyph], properties: SegmentProperties) {
        precondition(shaper != nil, "a face is given its size before it shapes")
        guard let buffer = hb_buffer_create() else { return ([], properties ?? SegmentProperties()) }
        defer { hb_buffer_destroy(buffer) }
        utf8.withUnsafeBufferPointer { text in
            text.withMemoryRebound(to: CChar.self) { chars in
                hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), UInt32(range.lowerBound), Int32(range.count))
            }
        }
        if let properties {
            hb_buffer_set_direction(buffer, properties.direction)
            hb_buffer_set_script(buffer, properties.script)
            hb_buffer_set_language(buffer, properties.language)
        } else {
            hb_buffer_guess_segment_properties(buffer)
        }
        if keepingIgnorables {
            hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_CHARACTERS)
            hb_buffer_set_invisible_glyph(buffer, Self.unusedIgnorable)
        } else {
            // Else they would stay as invisible glyphs (the font's space, without advance).
            hb_buffer_set_flags(buffer, HB_BUFFER_FLAG_REMOVE_DEFAULT_IGNORABLES)
        }
        hb_shape(shaper, buffer, nil, 0)
        let used = SegmentProperties(direction: hb_buffer_get_direction(buffer), script: hb_buffer_get_script(buffer), language: hb_buffer_get_language(buffer))
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, &count) else {
            return ([], used)
        }
        let unit = scale / 64    // HarfBuzz's positions are FreeType's 26.6 pixels
        let glyphs = (0..<Int(count)).map { i in
            ShapedGlyph(
                id: infos[i].codepoint, cluster: Int(infos[i].cluster),
                xAdvance: Double(positions[i].x_advance) * unit, yAdvance: Double(positions[i].y_advance) * unit,
                xOffset: Double(positions[i].x_offset) * unit, yOffset: Double(positions[i].y_offset) * unit
            )
        }
        return (glyphs, used)
    }

    /// The glyph drawn with its origin at (x, y) pixels, y up: premultiplied RGBA placed in a
    /// y-down plane whose row 0 is the baseline. Outlines are drawn at the fraction of a pixel
    /// the pen is at; a strike's bitmap is scaled by `scale` with a box filter. nil: nothing to
    /// draw (a space).
    func draw(_ glyph: UInt32, x: Double, y: Double) throws(SpriteError) -> PlacedBitmap? {
        let whole = (x: x.rounded(.down), y: y.rounded(.down))
        var delta = FT_Vector(x: FT_Pos(((x - whole.x) * 64).rounded()), y: FT_Pos(((y - whole.y) * 64).rounded()))
        FT_Set_Transform(face, nil, &delta)
        defer { FT_Set_Transform(face, nil, nil) }
        // Unhinted: the same outline at every fraction of a pixel, and the same as HarfBuzz measured.
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR | FT_LOAD_NO_HINTING)) == 0,
              FT_Render_Glyph(face.pointee.glyph, FT_RENDER_MODE_NORMAL) == 0 else {
            throw SpriteError("\(name) cannot draw its glyph \(glyph)")
        }
        let slot = face.pointee.glyph.pointee
        guard var bitmap = try GlyphBitmap(slot.bitmap, font: name) else { return nil }
        if scale == 1 {
            return PlacedBitmap(x: Int(whole.x) + Int(slot.bitmap_left), y: -(Int(whole.y) + Int(slot.bitmap_top)), bitmap: bitmap)
        }
        // A strike's bitmap is not moved by the transform: place it where the pen is, scaled.
        let left = x + Double(slot.bitmap_left) * scale
        let top = y + Double(slot.bitmap_top) * scale
        let scaled = (Double(bitmap.width) * scale).rounded() * (Double(bitmap.height) * scale).rounded()
        guard scaled <= Double(GlyphRasteriser.maxPixels) else {
            throw SpriteError("\(name) draws glyph \(glyph) as a bitmap that grown \(Int(scale.rounded()))× to the text's size would be \(Budget.format(scaled)) pixels, more than the \(Budget.format(GlyphRasteriser.maxPixels)) a glyph may have; give a font with outlines or a larger strike")
        }
        let width = max(1, Int((Double(bitmap.width) * scale).rounded()))
        let height = max(1, Int((Double(bitmap.height) * scale).rounded()))
        bitmap = GlyphBitmap(width: width, height: height, pixels: BoxFilter.resample(bitmap.pixels, width: bitmap.width, height: bitmap.height, toWidth: width, height: height), isColour: bitmap.isColour)
        return PlacedBitmap(x: Int(left.rounded()), y: -Int(top.rounded()), bitmap: bitmap)
    }
}

/// The direction, script and language HarfBuzz shapes a run in: guessed once for the whole
/// text, then the same for every run of it, whichever font draws the run.
struct SegmentProperties {
    var direction = HB_DIRECTION_LTR
    var script = HB_SCRIPT_COMMON
    var language: hb_language_t? = nil
}

/// A glyph HarfBuzz placed: the font's glyph id (0 is .notdef, "no glyph"), the byte offset of
/// the text it came from, and its advance and offset in pixels, y up.
struct ShapedGlyph {
    let id: UInt32
    let cluster: Int
    let xAdvance, yAdvance, xOffset, yOffset: Double
}

/// A glyph's pixels as premultiplied RGBA, rows top to bottom. Outlines and monochrome bitmaps
/// are white coverage; the emoji font's bitmaps are colour.
struct GlyphBitmap {
    let width, height: Int
    let pixels: [UInt8]
    let isColour: Bool

    init(width: Int, height: Int, pixels: [UInt8], isColour: Bool) {
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isColour = isColour
    }

    /// nil for an empty bitmap.
    init?(_ bitmap: FT_Bitmap, font: String) throws(SpriteError) {
        let width = Int(bitmap.width), height = Int(bitmap.rows)
        guard width > 0, height > 0, let buffer = bitmap.buffer else { return nil }
        let pitch = Int(bitmap.pitch)
        // A negative pitch means rows bottom to top in memory, the buffer at the bottom row.
        func row(_ y: Int) -> UnsafeMutablePointer<UInt8> {
            buffer + (pitch >= 0 ? y * pitch : (height - 1 - y) * -pitch)
        }
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        var colour = false
        switch UInt32(bitmap.pixel_mode) {
        case FT_PIXEL_MODE_GRAY.rawValue:
            for y in 0..<height {
                let source = row(y)
                for x in 0..<width {
                    let c = source[x]
                    let i = 4 * (y * width + x)
                    pixels[i] = c; pixels[i + 1] = c; pixels[i + 2] = c; pixels[i + 3] = c
                }
            }
        case FT_PIXEL_MODE_MONO.rawValue:
            for y in 0..<height {
                let source = row(y)
                for x in 0..<width where source[x >> 3] & (0x80 >> UInt8(x & 7)) != 0 {
                    let i = 4 * (y * width + x)
                    pixels[i] = 255; pixels[i + 1] = 255; pixels[i + 2] = 255; pixels[i + 3] = 255
                }
            }
        case FT_PIXEL_MODE_BGRA.rawValue:
            // FreeType's colour bitmaps are premultiplied already: only the order changes.
            colour = true
            for y in 0..<height {
                let source = row(y)
                for x in 0..<width {
                    let i = 4 * (y * width + x), j = 4 * x
                    pixels[i] = source[j + 2]; pixels[i + 1] = source[j + 1]; pixels[i + 2] = source[j]; pixels[i + 3] = source[j + 3]
                }
            }
        default:
            throw SpriteError("\(font) gives glyph bitmaps of a kind sprites do not read (FreeType pixel mode \(bitmap.pixel_mode))")
        }
        self.init(width: width, height: height, pixels: pixels, isColour: colour)
    }
}

/// A glyph's bitmap and where its top-left pixel is.
struct PlacedBitmap {
    let x, y: Int
    let bitmap: GlyphBitmap
}
