import CPNG
import FoundationEssentials
import Glibc
import Synchronization

/// A PNG file a user gives as a sprite, read with libpng into premultiplied RGBA.
///
/// libpng's classic API reports errors by longjmp, which would jump over Swift's frames (their
/// defers, their reference counts); its simplified API (png_image) catches its own errors and
/// leaves a message in the image instead, so it is the one used here.
package enum PNGSprite {
    /// A sprite is drawn a few dozen pixels large; a file this big is a photograph by mistake.
    package static let maxBytes = 16 << 20
    /// The largest side read, checked in the header before any pixel is decoded: a tiny file can
    /// claim 100 000 × 100 000 pixels (40 GB of RGBA). 4096 × 4096 is 64 MiB of RGBA while it is
    /// decoded, one picture at a time; what is kept is reduced to the atlas's size.
    package static let maxSide = 4096

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The image at `path`: its file checked as InputFile checks (a directory, a pipe, a symlink
    /// loop, a missing file or one over `maxBytes` is refused unread), its size checked before
    /// decoding, its straight alpha premultiplied. Not a mask: it keeps its colours.
    package static func read(_ path: String) throws(SpriteError) -> SpriteImage {
        let read: (data: Data, identity: InputFile.Identity)
        do {
            read = try InputFile.readIdentified(path, maxBytes: maxBytes, noun: "a PNG image")
        } catch {
            throw SpriteError("\(error)")
        }
        if let kept = decoded.withLock({ $0.image(read.identity) }) { return kept }
        let image = try decode(read.data, name: InputFile.display(path))
        decoded.withLock { $0.keep(image, for: read.identity) }
        return image
    }

    /// Pictures decoded from files, by which file in which version: a file given again (the
    /// resident overlay firing the same effect, a viewer reloading it) is decoded once. At most
    /// `Kept.count` pictures, each at the atlas's size, the least recently used going first.
    private static let decoded = Mutex(Kept())

    struct Kept {
        static let count = 64
        private var images: [InputFile.Identity: SpriteImage] = [:]
        private var order: [InputFile.Identity] = []

        mutating func image(_ identity: InputFile.Identity) -> SpriteImage? {
            guard let image = images[identity] else { return nil }
            order.removeAll { $0 == identity }
            order.append(identity)
            return image
        }

        mutating func keep(_ image: SpriteImage, for identity: InputFile.Identity) {
            if images.updateValue(image, forKey: identity) == nil { order.append(identity) }
            while order.count > Self.count { images[order.removeFirst()] = nil }
        }
    }

    /// The image in a PNG file's bytes; `name` says which file in messages.
    package static func decode(_ data: Data, name: String) throws(SpriteError) -> SpriteImage {
        guard data.count >= signature.count, data.prefix(signature.count).elementsEqual(signature) else {
            throw SpriteError("\(name) is not a PNG image")
        }
        let decoded = data.withUnsafeBytes { bytes -> Result<SpriteImage, SpriteError> in
            var png = png_image()
            png.version = png_uint_32(PNG_IMAGE_VERSION)
            // Safe whether libpng has freed it already (after an error, after finish_read) or not.
            defer { png_image_free(&png) }
            // Reads the chunks up to the first IDAT: the header, no pixels.
            guard png_image_begin_read_from_memory(&png, bytes.baseAddress, bytes.count) != 0 else {
                return .failure(SpriteError("\(name) is a damaged PNG image: \(message(png))"))
            }
            let width = Int(png.width), height = Int(png.height)
            guard width <= maxSide, height <= maxSide else {
                return .failure(SpriteError("\(name) is \(width)×\(height) pixels; at most \(maxSide)×\(maxSide)"))
            }
            // 8-bit sRGB with straight alpha, whatever the file's depth, palette or gamma.
            // PNG_FORMAT_RGBA is a macro with an OR, which Swift does not import.
            png.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            // 16-bit samples with no gAMA or sRGB chunk are sRGB, as browsers and ffmpeg read
            // them; libpng's simplified API would otherwise take them as linear light.
            png.flags |= png_uint_32(PNG_IMAGE_FLAG_16BIT_sRGB)
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { out in
                png_image_finish_read(&png, nil, out.baseAddress, png_int_32(width * 4), nil)
            }
            guard finished != 0 else {
                return .failure(SpriteError("\(name) is a damaged PNG image: \(message(png))"))
            }
            guard premultiply(&pixels) else {
                return .failure(SpriteError("\(name) has no visible pixel: every pixel is fully transparent"))
            }
            // Kept at the atlas's size now: the decoded source goes when this returns.
            return .success(SpriteImage(width: width, height: height, pixels: pixels, isMask: false).atPageSize)
        }
        return try decoded.get()
    }

    /// A picture an app hands over in memory (confetti_add_image): straight RGBA, rows top
    /// first, checked, premultiplied and kept at the atlas's size (`atPageSize`) as a PNG file's
    /// pixels are, so that a name holds 256 kB, not the 64 MB of a 4096² picture; `name` says
    /// which in messages.
    package static func picture(straightRGBA pixels: [UInt8], width: Int, height: Int, name: String) throws(SpriteError) -> SpriteImage {
        guard (1...maxSide).contains(width), (1...maxSide).contains(height) else {
            throw SpriteError("\(name) is \(width)×\(height) pixels; each side must be 1 to \(maxSide)")
        }
        var pixels = pixels
        guard premultiply(&pixels) else {
            throw SpriteError("\(name) has no visible pixel: every pixel is fully transparent")
        }
        return SpriteImage(width: width, height: height, pixels: pixels, isMask: false).atPageSize
    }

    /// c' = round(c · a / 255) for red, green and blue. (c · a + 127) / 255 is that rounding
    /// exactly: c · a / 255 is never halfway between two integers, 255 being odd.
    /// Whether any pixel is visible.
    private static func premultiply(_ pixels: inout [UInt8]) -> Bool {
        var visible = false
        pixels.withUnsafeMutableBufferPointer { rgba in
            for i in stride(from: 0, to: rgba.count, by: 4) {
                let alpha = Int(rgba[i + 3])
                if alpha == 255 { visible = true; continue }
                if alpha > 0 { visible = true }
                for c in i..<(i + 3) {
                    rgba[c] = UInt8((Int(rgba[c]) * alpha + 127) / 255)
                }
            }
        }
        return visible
    }

    /// libpng's own words on what went wrong.
    private static func message(_ png: png_image) -> String {
        let text = withUnsafeBytes(of: png.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng could not read it" : printable(text, limit: 120)
    }
}
