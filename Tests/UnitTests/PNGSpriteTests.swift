import ConfettiCore
import Foundation
import Testing
import TestSupport

/// PNG sprites: straight alpha premultiplied exactly, and every file that is not a small PNG
/// image refused with one line, the oversized ones before a pixel is decoded.
@Suite(.tags(.fileFormat)) struct PNGSpriteTests {
    /// A directory of its own for each test, removed after it.
    final class Scratch {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-png-\(UUID())")
        init() throws { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: directory) }

        func write(_ bytes: [UInt8], _ name: String = "sprite.png") throws -> String {
            let url = directory.appendingPathComponent(name)
            try Data(bytes).write(to: url)
            return url.path
        }
    }

    func refusal(_ path: String) -> String? {
        do {
            _ = try PNGSprite.read(path)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func straightAlphaIsPremultipliedAndRoundedExactly() throws {
        let scratch = try Scratch()
        // Every colour value at every alpha: x is the colour, y the alpha.
        var straight = [UInt8]()
        for a in 0..<256 {
            for c in 0..<256 { straight += [UInt8(c), UInt8(255 - c), UInt8(c / 3), UInt8(a)] }
        }
        let image = try PNGSprite.read(try scratch.write(PNGBytes.image(width: 256, height: 256, rgba: straight)))
        #expect(image.width == 256 && image.height == 256 && !image.isMask)
        var wrong = 0
        for i in stride(from: 0, to: straight.count, by: 4) {
            let alpha = Double(straight[i + 3])
            for c in 0..<3 where Double(image.pixels[i + c]) != (Double(straight[i + c]) * alpha / 255).rounded() { wrong += 1 }
            if image.pixels[i + 3] != straight[i + 3] { wrong += 1 }
        }
        #expect(wrong == 0)
    }

    @Test func aSmallImageReadsAsItsPixelsTopRowFirst() throws {
        let scratch = try Scratch()
        let straight: [UInt8] = [
            255, 0, 0, 255, /**/ 200, 100, 50, 128, /**/ 10, 20, 30, 0,
            255, 255, 255, 1, /**/ 0, 0, 0, 255, /**/ 128, 64, 32, 51,
        ]
        let image = try PNGSprite.read(try scratch.write(PNGBytes.image(width: 3, height: 2, rgba: straight)))
        #expect(image == SpriteImage(width: 3, height: 2, pixels: [
            255, 0, 0, 255, /**/ 100, 50, 25, 128, /**/ 0, 0, 0, 0,
            1, 1, 1, 1, /**/ 0, 0, 0, 255, /**/ 26, 13, 6, 51,
        ], isMask: false))
    }

    @Test func whatIsNotAPNGImageIsRefusedInOneLine() throws {
        let scratch = try Scratch()
        let text = try scratch.write(Array("just some text, not a picture".utf8), "notes.png")
        #expect(refusal(text) == "\(text) is not a PNG image")
        let empty = try scratch.write([], "empty.png")
        #expect(refusal(empty) == "\(empty) is not a PNG image")

        let good = PNGBytes.image(width: 8, height: 8, rgba: [UInt8](repeating: 200, count: 8 * 8 * 4))
        let truncated = try scratch.write(Array(good.prefix(good.count - 30)), "truncated.png")
        let cut = try #require(refusal(truncated))
        #expect(cut.hasPrefix("\(truncated) is a damaged PNG image: ") && !cut.contains("\n"), "\(cut)")
        // One bit of the header flipped: its CRC no longer matches.
        var flipped = good
        flipped[20] ^= 0x01
        let corrupt = try scratch.write(flipped, "corrupt.png")
        #expect(refusal(corrupt) == "\(corrupt) is a damaged PNG image: IHDR: CRC error")
    }

    @Test func whatIsNotARegularFileIsRefusedUnread() throws {
        let scratch = try Scratch()
        #expect(refusal(scratch.directory.path) == "cannot read \(scratch.directory.path): it is a directory, not a PNG image")
        let missing = scratch.directory.appendingPathComponent("missing.png").path
        #expect(refusal(missing) == "cannot read \(missing): no such file or directory")
        let loop = scratch.directory.appendingPathComponent("loop.png").path
        #expect(symlink(loop, loop) == 0)
        #expect(refusal(loop) == "cannot read \(loop): a loop of symbolic links (or more links in a row than the system follows)")
        let fifo = scratch.directory.appendingPathComponent("fifo.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(refusal(fifo) == "cannot read \(fifo): not a regular file (a pipe), not a PNG image")
        // Sparse: 16 MiB and a byte, none of it written.
        let huge = scratch.directory.appendingPathComponent("huge.png").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, off_t(PNGSprite.maxBytes + 1)) == 0)
        #expect(refusal(huge) == "\(huge) is 16,777,217 bytes; the limit for a PNG image is 16 MiB")
    }

    @Test func anEnormousHeaderIsRefusedBeforeAnyPixelIsDecoded() throws {
        let scratch = try Scratch()
        // 100 000 × 100 000 pixels (40 GB of RGBA) claimed by a file of 60 bytes.
        let claim = try scratch.write(PNGBytes.headerOnly(width: 100_000, height: 100_000), "claim.png")
        #expect(refusal(claim) == "\(claim) is 100000×100000 pixels; at most 4096×4096")
        let wide = try scratch.write(PNGBytes.headerOnly(width: 4097, height: 1), "wide.png")
        #expect(refusal(wide) == "\(wide) is 4097×1 pixels; at most 4096×4096")
        // The limit itself is read (and kept at the atlas's size).
        let edge = try scratch.write(PNGBytes.image(width: 4096, height: 1, rgba: [UInt8](repeating: 255, count: 4096 * 4)), "edge.png")
        #expect(try PNGSprite.read(edge).width == SpriteTexels.side)
    }

    @Test func anImageWithNoVisiblePixelIsRefused() throws {
        let scratch = try Scratch()
        var clear = [UInt8](repeating: 0, count: 4 * 4 * 4)
        for i in stride(from: 0, to: clear.count, by: 4) { clear[i] = 255 }   // red, at alpha 0
        let path = try scratch.write(PNGBytes.image(width: 4, height: 4, rgba: clear))
        #expect(refusal(path) == "\(path) has no visible pixel: every pixel is fully transparent")
        clear[clear.count - 1] = 1
        #expect(try PNGSprite.read(try scratch.write(PNGBytes.image(width: 4, height: 4, rgba: clear), "one.png")).pixels.suffix(4) == [1, 0, 0, 1])
    }
}

/// PNG files built by hand, byte by byte, so the reader is not tested against its own library:
/// 8-bit RGBA, no filter, the pixels in stored (uncompressed) deflate blocks.
enum PNGBytes {
    static func image(width: Int, height: Int, rgba: [UInt8]) -> [UInt8] {
        precondition(rgba.count == width * height * 4)
        var raw = [UInt8]()
        for y in 0..<height {
            raw.append(0)    // filter: none
            raw += rgba[(y * width * 4)..<((y + 1) * width * 4)]
        }
        return signature + header(width: UInt32(width), height: UInt32(height)) + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// A valid header and a first IDAT that holds nothing: enough for a reader to learn the size.
    static func headerOnly(width: UInt32, height: UInt32) -> [UInt8] {
        signature + header(width: width, height: height) + chunk("IDAT", [0x78, 0x01]) + chunk("IEND", [])
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func header(width: UInt32, height: UInt32) -> [UInt8] {
        // 8 bits a channel, colour type 6 (RGBA), deflate, adaptive filtering, not interlaced.
        chunk("IHDR", bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0])
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    /// A zlib stream of stored blocks (at most 65 535 bytes each) and its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)    // BFINAL, BTYPE 00 (stored)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    /// CRC-32 (ISO-HDLC, the one PNG uses), bit by bit.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
