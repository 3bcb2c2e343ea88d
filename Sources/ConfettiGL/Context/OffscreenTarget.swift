@preconcurrency import CEpoxy
import ConfettiCore

/// A framebuffer object with one RGBA8 colour texture, to draw into without a window: a
/// headless frame that is read back (`readPixels`), or one bloom pass that the next one reads
/// (`texture`). 8 bits a channel, as a window's frame, so every bloom pass rounds what it writes
/// to 1/255 (the CPU reference rounds alike).
public final class OffscreenTarget {
    public let width: Int
    public let height: Int
    /// The colour texture, for a pass that reads what was drawn here with texelFetch.
    package private(set) var texture: GLuint = 0
    private var framebuffer: GLuint = 0

    /// Needs a current context; leaves the new framebuffer bound.
    public convenience init(width: Int, height: Int) throws {
        try self.init(width: width, height: height, what: "an offscreen target")
    }

    /// `what` names the target in messages: "the bloom frame".
    package init(width: Int, height: Int, what: String) throws {
        guard width > 0, height > 0 else {
            throw GLFailure("\(what) needs a positive size, not \(width)x\(height)")
        }
        var maxSize: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxSize)
        guard width <= Int(maxSize), height <= Int(maxSize) else {
            throw GLFailure("\(what) of \(width)x\(height) pixels is larger than this GL allows (\(maxSize) pixels a side)")
        }
        self.width = width
        self.height = height
        // The texture binding of the active unit is the caller's: put back as found.
        var bound: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &bound)
        epoxy_glGenTextures(1, &texture)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        // Read with texelFetch only; NEAREST without mipmaps makes the texture complete (the
        // default minifying filter wants mipmaps, and an incomplete texture reads as 0).
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
                              (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(bound))
        epoxy_glGenFramebuffers(1, &framebuffer)
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            delete()
            throw GLFailure("\(what) framebuffer incomplete (status 0x\(String(status, radix: 16)))")
        }
        do {
            try glCheck("creating \(what) of \(width)x\(height) pixels")
        } catch {
            delete()
            throw error
        }
    }

    /// Must run with this target's context current.
    public func delete() {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        epoxy_glDeleteTextures(1, &texture)
        framebuffer = 0
        texture = 0
    }

    /// Draws go here, over all of it.
    public func bind() {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// The pixels, top row first.
    public func readPixels() throws -> RGBAImage {
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        return try RGBAImage.readFramebuffer(width: width, height: height)
    }
}

/// An 8-bit RGBA image, rows top to bottom.
public struct RGBAImage: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public subscript(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Reads the bound read framebuffer; GL's rows run bottom-up, so they are flipped here.
    package static func readFramebuffer(width: Int, height: Int) throws -> RGBAImage {
        var raw = [UInt8](repeating: 0, count: width * height * 4)
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        raw.withUnsafeMutableBytes { bytes in
            epoxy_glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
        }
        try glCheck("reading back \(width)x\(height) pixels")
        var flipped = [UInt8](repeating: 0, count: raw.count)
        let row = width * 4
        for y in 0..<height {
            flipped[(y * row)..<((y + 1) * row)] = raw[((height - 1 - y) * row)..<((height - y) * row)]
        }
        return RGBAImage(width: width, height: height, pixels: flipped)
    }
}

/// Clears the bound framebuffer to an opaque colour (alpha 1, so PNGs need no un-premultiplying).
package func clearFramebuffer(to colour: RGB) {
    epoxy_glClearColor(Float(colour.r), Float(colour.g), Float(colour.b), 1)
    epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
}

/// Clears the bound framebuffer to transparent black: premultiplied colour drawn over it then
/// leaves alpha as the coverage of what was drawn (a transparent window, a clip with alpha).
package func clearFramebufferToTransparent() {
    epoxy_glClearColor(0, 0, 0, 0)
    epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
}

/// Binds the window's own framebuffer (name 0) to `target`: where a windowed front end draws its
/// frame and reads it back. (Called from ConfettiApp, whose release build refuses a direct
/// reference to epoxy's glBindFramebuffer pointer in some of its files despite their
/// @preconcurrency import.)
package func bindWindowFramebuffer(_ target: GLenum) {
    bindGLFramebuffer(target, 0)
}

/// Binds `framebuffer` to `target`, for ConfettiApp's framebuffers of its own (the Wayland
/// overlay's kept frame), for the same reason as `bindWindowFramebuffer`.
package func bindGLFramebuffer(_ target: GLenum, _ framebuffer: GLuint) {
    epoxy_glBindFramebuffer(target, framebuffer)
}

/// glViewport for ConfettiApp, which sets every viewport through here: its release build refuses
/// a direct reference to epoxy's glViewport pointer despite a @preconcurrency import, in whichever
/// of its files the whole-module build meets it first.
package func setGLViewport(_ x: GLint, _ y: GLint, _ width: GLsizei, _ height: GLsizei) {
    epoxy_glViewport(x, y, width, height)
}
