/// A picture a particle can be drawn as: premultiplied RGBA, 8 bits a channel, rows top to
/// bottom. Every sprite source (emoji, text, PNG, SVG path) is turned into one of these once;
/// the GPU's page and the CPU rasteriser's texels are both made from these bytes.
public struct SpriteImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// A digest of the pixels, made once. Declared before them, so that the synthesised
    /// equality compares it first: two pictures of one size that differ are told apart at
    /// once, not after comparing their identical transparent rows (the atlas compares each
    /// batch's pictures with every page's, 32,000 batches of 32 emoji in one verify).
    private let digest: UInt64
    /// Premultiplied RGBA, row-major, the top row first: 4 × width × height bytes.
    public let pixels: [UInt8]
    /// A mask (text, SVG paths) takes its particle's colour: it is white, premultiplied, so its
    /// red, green and blue equal its alpha, the coverage.
    public let isMask: Bool

    package init(width: Int, height: Int, pixels: [UInt8], isMask: Bool) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "a sprite image is width × height RGBA pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
        self.isMask = isMask
        digest = pixels.withUnsafeBufferPointer { bytes in
            // FNV-1a, 64-bit.
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return hash
        }
    }

    /// A mask from its coverage (one byte a pixel, 0…255, rows top to bottom): white, premultiplied.
    package init(width: Int, height: Int, coverage: [UInt8]) {
        precondition(coverage.count == width * height, "one coverage byte a pixel")
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in coverage.indices {
            let c = coverage[i]
            pixels[4 * i] = c
            pixels[4 * i + 1] = c
            pixels[4 * i + 2] = c
            pixels[4 * i + 3] = c
        }
        self.init(width: width, height: height, pixels: pixels, isMask: true)
    }

    /// The picture no larger than `longerSide` on its longer side (itself if it is no larger),
    /// averaged by area, its proportions kept to the nearest pixel. A sprite is drawn from an
    /// atlas page `SpriteTexels.side` texels across, so a picture reduced to that loses nothing
    /// the page would keep, and a 4096² PNG costs 256 kB instead of 64 MB for as long as it is
    /// drawn.
    package func reduced(toLongerSide longerSide: Int) -> SpriteImage {
        let longer = max(width, height)
        guard longer > longerSide else { return self }
        func side(_ n: Int) -> Int { max(1, Int((Double(n) * Double(longerSide) / Double(longer)).rounded())) }
        let (w, h) = (side(width), side(height))
        return SpriteImage(width: w, height: h, pixels: BoxFilter.resample(pixels, width: width, height: height, toWidth: w, height: h), isMask: isMask)
    }

    /// The picture as a sprite keeps it, whatever made it (a PNG file, emoji, text, a path, or
    /// pixels an app handed over in memory): no larger than an atlas page on its longer side.
    /// The page would keep no more, so nothing drawn changes, and what is held for as long as
    /// the sprite is drawn is at most 256 kB whatever the source's size.
    package var atPageSize: SpriteImage { reduced(toLongerSide: SpriteTexels.side) }

    /// Whether any pixel shows anything.
    package var isBlank: Bool {
        stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 0 }
    }
}

/// A sprite that cannot be made, said plainly: what was asked for and what is wrong with it.
/// The command adds the option or field to change.
public struct SpriteError: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
    package init(_ description: String) { self.description = description }
}
