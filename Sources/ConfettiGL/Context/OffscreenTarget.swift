@preconcurrency import CEpoxy
import ConfettiCore

/// A framebuffer object with one RGBA8 colour renderbuffer, for headless drawing and readback.
public final class OffscreenTarget {
    public let width: Int
    public let height: Int
    private var framebuffer: GLuint = 0
    private var colour: GLuint = 0

    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0 else {
            throw GLFailure("an offscreen target needs a positive size, not \(width)x\(height)")
        }
        var maxSize: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &maxSize)
        guard width <= Int(maxSize), height <= Int(maxSize) else {
            throw GLFailure("\(width)x\(height) is larger than this GL allows (\(maxSize) pixels a side)")
        }
        self.width = width
        self.height = height
        epoxy_glGenFramebuffers(1, &framebuffer)
        epoxy_glGenRenderbuffers(1, &colour)
        epoxy_glBindRenderbuffer(GLenum(GL_RENDERBUFFER), colour)
        epoxy_glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER), colour)
        let status = epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            throw GLFailure("offscreen framebuffer incomplete (status 0x\(String(status, radix: 16)))")
        }
        try glCheck("creating a \(width)x\(height) offscreen target")
    }

    /// Must run with this target's context current.
    public func delete() {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        epoxy_glDeleteRenderbuffers(1, &colour)
        framebuffer = 0
        colour = 0
    }

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
