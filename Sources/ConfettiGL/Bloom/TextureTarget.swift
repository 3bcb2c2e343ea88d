@preconcurrency import CEpoxy
import ConfettiCore

/// A framebuffer with one RGBA8 texture: what one bloom pass draws and the next one reads.
/// 8 bits a channel, as the frame itself, so every pass rounds what it writes to 1/255 (the CPU
/// reference rounds alike).
package final class TextureTarget {
    package let width: Int
    package let height: Int
    package private(set) var texture: GLuint = 0
    private var framebuffer: GLuint = 0

    package init(width: Int, height: Int, what: String) throws {
        self.width = width
        self.height = height
        var maxSize: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maxSize)
        guard width > 0, height > 0, width <= Int(maxSize), height <= Int(maxSize) else {
            throw GLFailure("\(what) of \(width)x\(height) pixels does not fit this GL's textures (1 to \(maxSize) pixels a side)")
        }
        epoxy_glGenTextures(1, &texture)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), nil)
        // Read with texelFetch only; NEAREST without mipmaps makes the texture complete (the
        // default minifying filter wants mipmaps, and an incomplete texture reads as 0).
        for (name, value) in [(GL_TEXTURE_MIN_FILTER, GL_NEAREST), (GL_TEXTURE_MAG_FILTER, GL_NEAREST),
                              (GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE), (GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE)] {
            epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(name), value)
        }
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), 0)
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

    package func delete() {
        epoxy_glDeleteFramebuffers(1, &framebuffer)
        epoxy_glDeleteTextures(1, &texture)
        framebuffer = 0
        texture = 0
    }

    /// Draws go here, over all of it.
    package func bind() {
        epoxy_glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glViewport(0, 0, GLsizei(width), GLsizei(height))
    }

    /// The pixels, top row first.
    package func readPixels() throws -> RGBAImage {
        epoxy_glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), framebuffer)
        return try RGBAImage.readFramebuffer(width: width, height: height)
    }
}
