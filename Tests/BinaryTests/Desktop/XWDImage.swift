import ConfettiGL
import Foundation
import TestSupport

/// Reads what `xwd -root -silent` writes: a screenshot of an X screen, in X Window Dump format
/// (version 7), for true-colour screens of 32 or 24 bits per pixel, which is what Xvfb gives.
enum XWDImage {
    /// Takes a screenshot of the whole screen of `server`.
    static func screenshot(_ server: XServer, logs: URL) async throws -> RGBAImage {
        let child = try ChildProcess(["xwd", "-root", "-silent"], environment: server.clientEnvironment, logs: logs)
        defer { try? FileManager.default.removeItem(at: child.stdoutFile) }
        guard await child.ending(within: Desktop.stallGuard) == .exited(0) else {
            child.stop()
            throw TestFailure("xwd failed or did not finish within \(Desktop.stallGuard) s: \(child.errorOutput)")
        }
        return try decode(Data(contentsOf: child.stdoutFile))
    }

    static func decode(_ data: Data) throws -> RGBAImage {
        let bytes = [UInt8](data)
        // The header is 25 big-endian 32-bit fields, followed by the window's name.
        func field(_ index: Int) -> Int {
            (0..<4).reduce(0) { $0 << 8 | Int(bytes[index * 4 + $1]) }
        }
        guard bytes.count >= 100, field(1) == 7 else { throw TestFailure("not an XWD version 7 file") }
        let headerSize = field(0), format = field(2), width = field(4), height = field(5)
        let leastSignificantFirst = field(7) == 0, bitsPerPixel = field(11), bytesPerLine = field(12)
        let masks = [field(14), field(15), field(16)], colours = field(19)
        // Without the Composite extension Xvfb's screen is 24 bits per pixel, packed in 3 bytes.
        let bytesPerPixel = bitsPerPixel / 8
        guard format == 2, bitsPerPixel == 32 || bitsPerPixel == 24, bytesPerLine >= bytesPerPixel * width, masks.allSatisfy({ $0 != 0 }) else {
            throw TestFailure("only 24- and 32-bit true-colour ZPixmap dumps are read, not format \(format) with \(bitsPerPixel) bits per pixel")
        }
        // Then the colour map (12 bytes an entry), then the rows.
        let start = headerSize + 12 * colours
        guard bytes.count >= start + height * bytesPerLine else { throw TestFailure("the XWD file is cut short") }
        let shifts = masks.map { UInt32($0.trailingZeroBitCount) }
        let masks32 = masks.map(UInt32.init)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        bytes.withUnsafeBytes { raw in
            for y in 0..<height {
                for x in 0..<width {
                    let at = start + y * bytesPerLine + bytesPerPixel * x
                    var word: UInt32 = 0
                    for k in 0..<bytesPerPixel {
                        let byte = UInt32(raw[at + k])
                        word |= leastSignificantFirst ? byte << (8 * k) : byte << (8 * (bytesPerPixel - 1 - k))
                    }
                    let i = (y * width + x) * 4
                    pixels[i] = UInt8(truncatingIfNeeded: (word & masks32[0]) >> shifts[0])
                    pixels[i + 1] = UInt8(truncatingIfNeeded: (word & masks32[1]) >> shifts[1])
                    pixels[i + 2] = UInt8(truncatingIfNeeded: (word & masks32[2]) >> shifts[2])
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }
}
