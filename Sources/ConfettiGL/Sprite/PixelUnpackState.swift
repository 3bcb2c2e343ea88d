@preconcurrency import CEpoxy

/// The host's state that uploading texels reads or changes: how client memory is unpacked, the
/// pixel unpack buffer, the active texture unit and the array texture bound to the atlas's unit.
/// Saved before the atlas uploads or draws and put back after, so a host's own uploads are
/// unaffected.
struct PixelUnpackState {
    private static let parameters = [GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_IMAGE_HEIGHT, GL_UNPACK_SKIP_PIXELS,
                                     GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_IMAGES, GL_UNPACK_SWAP_BYTES, GL_UNPACK_LSB_FIRST]
    private var values: [GLint]
    private var unpackBuffer: GLint = 0
    private var activeTexture: GLint = 0
    private var arrayTexture = TextureUnitBinding()

    init() {
        values = Self.parameters.map { name in
            var value: GLint = 0
            epoxy_glGetIntegerv(GLenum(name), &value)
            return value
        }
        epoxy_glGetIntegerv(GLenum(GL_PIXEL_UNPACK_BUFFER_BINDING), &unpackBuffer)
        epoxy_glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &activeTexture)
    }

    /// Client memory, rows of whole RGBA texels one after another.
    static func tight() {
        epoxy_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        for name in parameters {
            epoxy_glPixelStorei(GLenum(name), name == GL_UNPACK_ALIGNMENT ? 1 : 0)
        }
    }

    func restore() {
        for (name, value) in zip(Self.parameters, values) {
            epoxy_glPixelStorei(GLenum(name), value)
        }
        let buffer = GLuint(unpackBuffer)
        epoxy_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), buffer != 0 && epoxy_glIsBuffer(buffer) == GLboolean(GL_TRUE) ? buffer : 0)
        arrayTexture.restore()
        epoxy_glActiveTexture(GLenum(activeTexture))
    }
}

/// The array texture bound to the atlas's unit, as the host left it.
struct TextureUnitBinding {
    private var texture: GLint = 0

    init() {
        var active: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &active)
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + SpriteTable.textureUnit))
        epoxy_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D_ARRAY), &texture)
        epoxy_glActiveTexture(GLenum(active))
    }

    /// Binds it again on the atlas's unit (leaving that unit active: the caller restores the
    /// active unit after). A texture the host deleted meanwhile is not bound again.
    func restore() {
        epoxy_glActiveTexture(GLenum(GL_TEXTURE0 + SpriteTable.textureUnit))
        let name = GLuint(texture)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D_ARRAY), name != 0 && epoxy_glIsTexture(name) == GLboolean(GL_TRUE) ? name : 0)
    }
}
