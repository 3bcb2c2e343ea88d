@preconcurrency import CEpoxy

/// The GL state the bloom pass touches beyond a particle draw's (`GLStateSnapshot`): the clear
/// colour (it clears its frame), the scissor test and colour mask (which would clip or mask its
/// passes), and the textures and samplers of the units it reads from, with the active unit.
struct BloomStateSnapshot {
    /// The texture units the passes bind: 0 and 1.
    static let units: [GLenum] = [GLenum(GL_TEXTURE0), GLenum(GL_TEXTURE1)]

    private var clearColour = [GLfloat](repeating: 0, count: 4)
    private var scissorTest: GLboolean
    private var colourMask = [GLboolean](repeating: 0, count: 4)
    private var activeTexture: GLint = 0
    private var textures: [GLint] = []
    private var samplers: [GLint] = []

    init() {
        epoxy_glGetFloatv(GLenum(GL_COLOR_CLEAR_VALUE), &clearColour)
        scissorTest = epoxy_glIsEnabled(GLenum(GL_SCISSOR_TEST))
        epoxy_glGetBooleanv(GLenum(GL_COLOR_WRITEMASK), &colourMask)
        epoxy_glGetIntegerv(GLenum(GL_ACTIVE_TEXTURE), &activeTexture)
        for unit in Self.units {
            epoxy_glActiveTexture(unit)
            var texture: GLint = 0, sampler: GLint = 0
            epoxy_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &texture)
            epoxy_glGetIntegerv(GLenum(GL_SAMPLER_BINDING), &sampler)
            textures.append(texture)
            samplers.append(sampler)
        }
        epoxy_glActiveTexture(GLenum(activeTexture))
    }

    /// Puts it all back; as `GLStateSnapshot`, a name the host deleted meanwhile is not bound.
    func restore() {
        epoxy_glClearColor(clearColour[0], clearColour[1], clearColour[2], clearColour[3])
        if scissorTest == GLboolean(GL_TRUE) { epoxy_glEnable(GLenum(GL_SCISSOR_TEST)) } else { epoxy_glDisable(GLenum(GL_SCISSOR_TEST)) }
        epoxy_glColorMask(colourMask[0], colourMask[1], colourMask[2], colourMask[3])
        for (index, unit) in Self.units.enumerated() {
            epoxy_glActiveTexture(unit)
            let texture = GLuint(textures[index]), sampler = GLuint(samplers[index])
            epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture != 0 && epoxy_glIsTexture(texture) == GLboolean(GL_TRUE) ? texture : 0)
            epoxy_glBindSampler(GLuint(index), sampler != 0 && epoxy_glIsSampler(sampler) == GLboolean(GL_TRUE) ? sampler : 0)
        }
        epoxy_glActiveTexture(GLenum(activeTexture))
    }

    /// What the passes need, whatever the host left: no scissor, every channel written, no
    /// sampler objects overriding the targets' own parameters.
    static func prepare() {
        epoxy_glDisable(GLenum(GL_SCISSOR_TEST))
        epoxy_glColorMask(GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE), GLboolean(GL_TRUE))
        for index in units.indices { epoxy_glBindSampler(GLuint(index), 0) }
    }
}
