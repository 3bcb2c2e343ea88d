@preconcurrency import CEpoxy
import ConfettiCore
import FoundationEssentials
import Glibc

/// Every picture a `Celebration`'s particles are drawn as, one page each: one layer of one
/// `GL_TEXTURE_2D_ARRAY` with all its mip levels (`SpriteTexels`), made once per picture.
///
/// A batch's records name its sprites by index; uploading the batch gives each of its sprites a
/// page (the same page for the same picture) and the span a `SpriteTable` saying which. A
/// page is reused for another picture only once every span that used it is over.
package final class SpriteAtlas {
    /// Pages at most: 64 pictures of 256² texels and their mip levels, 22.4 MB.
    package static let maxPages = 64
    /// GPU bytes the atlas takes when full.
    package static var maxBytes: Int { maxPages * SpriteTexels.pageBytes }

    package private(set) var texture: GLuint = 0
    /// Pages the texture has room for; it grows (doubling, re-uploaded from `pages`) as needed.
    package private(set) var allocatedPages = 0
    /// What each page holds, the image it was made from, and when the last span using it is over.
    private var pages: [(image: SpriteImage, texels: SpriteTexels, busyUntil: Double)] = []

    package init() {}

    package var pageCount: Int { pages.count }
    package var bytes: Int { allocatedPages * SpriteTexels.pageBytes }

    /// Bytes of texels held on the CPU for the pictures it holds (kept to upload them again
    /// when the texture grows).
    package var heldBytes: Int { pages.count * SpriteTexels.pageBytes }

    /// Forgets every picture it holds, freeing their texels and images, once nothing is drawn
    /// with them (the celebration's `removeAll`). Needs no GL context: the texture stays, its
    /// pages free for the next launch's pictures.
    package func forget() {
        pages = []
    }

    package func delete() {
        if texture != 0 { epoxy_glDeleteTextures(1, &texture) }
        texture = 0
        allocatedPages = 0
        pages = []
    }

    /// The page of each of `images`, uploading the pictures it does not hold yet, for spans
    /// drawn from `now` until `until`. Throws, changing nothing, when they do not fit beside the
    /// pages still in use.
    package func pages(for images: [SpriteImage], now: Double, until: Double) throws -> [Int] {
        guard !images.isEmpty else { return [] }
        var chosen: [Int] = []
        var planned = pages.map { (image: $0.image, busyUntil: $0.busyUntil) }
        var fresh: [(page: Int, image: SpriteImage)] = []
        for image in images {
            if let held = planned.firstIndex(where: { $0.image == image }) {
                chosen.append(held)
                planned[held].busyUntil = max(planned[held].busyUntil, until)
                continue
            }
            // A free slot: a new page, or the one idle longest.
            let page: Int
            if planned.count < Self.maxPages {
                page = planned.count
                planned.append((image, until))
            } else if let idle = planned.indices.filter({ planned[$0].busyUntil <= now && !chosen.contains($0) }).min(by: { planned[$0].busyUntil < planned[$1].busyUntil }) {
                page = idle
                planned[idle] = (image, until)
            } else {
                throw CelebrationError("the sprite atlas holds \(Self.maxPages) different pictures at once, all still on screen; fewer different sprites, or wait for launches to end")
            }
            chosen.append(page)
            fresh.append((page, image))
        }
        // Made and uploaded only now that all of them fit.
        let made = fresh.map { (page: $0.page, image: $0.image, texels: SpriteTexels($0.image)) }
        try reserve(planned.count)
        for item in made {
            if item.page < pages.count {
                pages[item.page] = (item.image, item.texels, until)
            } else {
                pages.append((item.image, item.texels, until))
            }
            upload(item.texels, to: item.page)
        }
        for (page, entry) in planned.enumerated() where page < pages.count {
            pages[page].busyUntil = entry.busyUntil
        }
        try glCheck("uploading \(made.count) sprite\(made.count == 1 ? "" : "s") to the atlas")
        return chosen
    }

    /// Binds the atlas to its texture unit (`SpriteTable.textureUnit`) for drawing; a no-op
    /// while it holds nothing. The caller has saved the host's binding there.
    package func bind() {
        guard texture != 0 else { return }
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + SpriteTable.textureUnit))
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), texture)
    }

    /// Room for `count` pages: a larger texture, with every page held uploaded again.
    private func reserve(_ count: Int) throws {
        guard count > allocatedPages else { return }
        let size = min(Self.maxPages, max(4, allocatedPages * 2, count))
        if texture != 0 { epoxy_glDeleteTextures(1, &texture) }
        epoxy_glGenTextures(1, &texture)
        withUnpackState {
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), texture)
            for level in 0..<SpriteTexels.levelCount {
                let side = GLsizei(SpriteTexels.side >> level)
                epoxy_glTexImage3D(GLenum(GL_TEXTURE_2D_ARRAY), GLint(level), GL_RGBA8, side, side, GLsizei(size), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
            }
            // texelFetch ignores filtering, but a texture is only complete (fetchable) when its
            // levels match its filter: say plainly that it has levels 0...8 and is read exactly.
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(GL_TEXTURE_BASE_LEVEL), 0)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(GL_TEXTURE_MAX_LEVEL), GLint(SpriteTexels.levelCount - 1))
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST_MIPMAP_NEAREST)
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D_ARRAY), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        }
        allocatedPages = size
        try glCheck("allocating the sprite atlas (\(size) pages, \(size * SpriteTexels.pageBytes) bytes)")
        for (page, entry) in pages.enumerated() { upload(entry.texels, to: page) }
    }

    private func upload(_ texels: SpriteTexels, to page: Int) {
        withUnpackState {
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), texture)
            for (level, bytes) in texels.levels.enumerated() {
                let side = GLsizei(SpriteTexels.side >> level)
                bytes.withUnsafeBytes {
                    epoxy_glTexSubImage3D(GLenum(GL_TEXTURE_2D_ARRAY), GLint(level), 0, 0, GLint(page), side, side, 1, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
                }
            }
        }
    }

    /// Runs `body` with tightly packed client memory as the source of pixel uploads (no unpack
    /// buffer, no row length or skips, byte alignment) on texture unit 0, then puts back the
    /// host's unpack state, active unit and that unit's array binding.
    private func withUnpackState(_ body: () -> Void) {
        let saved = PixelUnpackState()
        defer { saved.restore() }
        PixelUnpackState.tight()
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + SpriteTable.textureUnit))
        body()
    }
}
