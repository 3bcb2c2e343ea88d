/// Which of its batch's sprites a particle is drawn as: the index its record holds, and that
/// sprite's proportions (its width and height over the longer of the two), which its quad takes.
package struct SpriteChoice: Hashable, Sendable {
    /// Into the batch's `sprites`; the record's field for it holds index + 1 (0: no sprite)
    /// or, for confetti, the index in the shape byte's high bits.
    package var index: Int
    package var share: SIMD2<Double>

    package init(index: Int, of image: SpriteImage) {
        self.index = index
        share = Self.share(of: image)
    }

    package init(index: Int, share: SIMD2<Double>) {
        self.index = index
        self.share = share
    }

    /// Width and height over the longer side, as float32 holds them (what the shader reads).
    package static func share(of image: SpriteImage) -> SIMD2<Double> {
        let longer = Float(max(image.width, image.height))
        return SIMD2(Double(Float(image.width) / longer), Double(Float(image.height) / longer))
    }
}

/// A batch's sprites as its shaders read them: for each, the atlas page it was given and its
/// proportions (`uSpriteTable`), and the texture unit the atlas is bound to (`uSprites`).
///
/// The records name a sprite by its index in the batch, a spawn constant; which page holds it
/// is the GPU's business, decided when the batch is uploaded. So the records never change and
/// the same launch draws the same wherever its sprites land.
package struct SpriteTable: Sendable, Equatable {
    /// Sprites one batch can name: the confetti record keeps the index in 5 bits.
    package static let capacity = 32
    /// The texture unit the atlas is bound to while drawing; the host's binding there is put back.
    package static let textureUnit: Int32 = 0

    /// Per sprite: its page and its width and height shares.
    package var entries: [(page: Int, share: SIMD2<Double>)]

    package init(images: [SpriteImage] = [], pages: [Int] = []) {
        precondition(images.count <= Self.capacity && pages.count == images.count, "one page for each of at most \(Self.capacity) sprites")
        entries = zip(images, pages).map { (page: $1, share: SpriteChoice.share(of: $0)) }
    }

    /// The table of sprites held in pages 0, 1, 2… in their order: a fresh atlas's, and what
    /// a proof without an atlas tells the shader.
    package init(inOrder images: [SpriteImage]) {
        self.init(images: images, pages: Array(images.indices))
    }

    package static func == (a: SpriteTable, b: SpriteTable) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.page == $1.page && $0.share == $1.share }
    }

    /// `uSpriteTable[32]`: page, width share, height share, unused (unused entries 0); `uSprites`.
    package var uniforms: [ShaderUniform] {
        var table = entries.map { SIMD4<Float>(Float($0.page), Float($0.share.x), Float($0.share.y), 0) }
        while table.count < Self.capacity { table.append(.zero) }
        return [ShaderUniform("uSpriteTable", .vec4Array(table)), ShaderUniform("uSprites", .sampler(Self.textureUnit))]
    }
}
