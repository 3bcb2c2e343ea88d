import CPNG
import ConfettiGL
import FoundationEssentials
import Glibc

/// Writes images with libpng's simplified API. It stores no time stamps, so the same pixels
/// always give the same bytes.
package enum PNGFile {
    /// Writes the image to `path` whole or not at all (see `AtomicFile`).
    package static func write(_ image: RGBAImage, to path: String) throws {
        try AtomicFile.write(try encode(image), to: path)
    }

    /// The PNG file's bytes, encoded in memory.
    ///
    /// The simplified API writes straight alpha; the renderer clears alpha to 1 and blends
    /// premultiplied colour over it, so the frames it writes are opaque and need no conversion.
    package static func encode(_ image: RGBAImage) throws -> [UInt8] {
        // Frames are mostly flat colour and compress well; if this is too small, libpng says how
        // much it needs and the second try has exactly that.
        var capacity = image.pixels.count / 4 + 65_536
        for _ in 0..<2 {
            var png = png_image()
            png.version = png_uint_32(PNG_IMAGE_VERSION)
            png.width = png_uint_32(image.width)
            png.height = png_uint_32(image.height)
            // PNG_FORMAT_RGBA is a macro with an OR, which Swift does not import.
            png.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
            var buffer = [UInt8](repeating: 0, count: capacity)
            var size = png_alloc_size_t(capacity)
            let ok = buffer.withUnsafeMutableBytes { out in
                image.pixels.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&png, out.baseAddress, &size, 0, pixels.baseAddress, png_int_32(image.width * 4), nil)
                }
            }
            if ok != 0 {
                buffer.removeSubrange(Int(size)...)
                return buffer
            }
            if Int(size) > capacity {
                capacity = Int(size)
                continue
            }
            let message = withUnsafeBytes(of: png.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            png_image_free(&png)
            throw GLFailure("could not encode a \(image.width)x\(image.height) PNG: \(message)")
        }
        throw GLFailure("could not encode a \(image.width)x\(image.height) PNG: libpng asked for ever more memory")
    }

    /// Reads an 8-bit RGBA image.
    package static func read(_ path: String) throws -> RGBAImage {
        var png = png_image()
        png.version = png_uint_32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&png, path) != 0 else {
            throw GLFailure("could not read \(path)")
        }
        png.format = png_uint_32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
        var pixels = [UInt8](repeating: 0, count: Int(png.width) * Int(png.height) * 4)
        let ok = pixels.withUnsafeMutableBytes { bytes in
            png_image_finish_read(&png, nil, bytes.baseAddress, 0, nil)
        }
        guard ok != 0 else {
            png_image_free(&png)
            throw GLFailure("could not decode \(path)")
        }
        return RGBAImage(width: Int(png.width), height: Int(png.height), pixels: pixels)
    }
}
