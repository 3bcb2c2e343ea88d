@preconcurrency import CEpoxy
import ConfettiCore

/// What a renderer feeds a program: per-record attributes and uniforms, by name and GLSL type.
///
/// Checked against the linked program, so a shader edited to read an attribute or uniform the
/// renderer does not supply (or as another type) is refused like a compile error, instead of
/// silently reading zeros or raising a GL error at the first draw.
package struct ProgramInterface: Sendable {
    package var attributes: [VertexAttribute]
    package var uniforms: [String: String]

    package init(attributes: [VertexAttribute], uniforms: [ShaderUniform]) {
        self.attributes = attributes
        self.uniforms = Dictionary(uniforms.map { ($0.name, $0.value.glslType) }, uniquingKeysWith: { a, _ in a })
    }

    /// The interface of a particle kind's program: its record, its uniforms, the frame's.
    package init<Kind: ParticleKind>(_: Kind.Type, sampleUniforms: Kind.Uniforms) {
        self.init(
            attributes: Kind.attributes,
            uniforms: FrameUniforms.values(age: 0, viewport: Size(width: 1, height: 1), pixelsPerPoint: 1) + Kind.uniformValues(sampleUniforms, sprites: SpriteTable())
        )
    }

    /// Throws a `ShaderError` naming the first input the program reads that this interface does
    /// not supply, or supplies as another type or location.
    package func check(_ program: ShaderProgram) throws {
        let where_ = ([program.vertex] + (program.fragment.map { [$0] } ?? [])).map(program.library.displayName).joined(separator: " + ")
        let fed = Dictionary(attributes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        for (name, input) in program.activeAttributes() where !name.hasPrefix("gl_") {
            guard let attribute = fed[name] else {
                throw ShaderError(message: "\(where_): the shader reads the attribute '\(name)', which the renderer does not supply (it supplies \(attributes.map(\.name).joined(separator: ", ")))")
            }
            let expected = attribute.components == 1 ? "float" : "vec\(attribute.components)"
            guard glslTypeName(input.type) == expected else {
                throw ShaderError(message: "\(where_): the attribute '\(name)' is declared as \(glslTypeName(input.type)), but the record supplies \(expected)")
            }
            guard input.location == attribute.location else {
                throw ShaderError(message: "\(where_): the attribute '\(name)' is at location \(input.location), but the record supplies it at location \(attribute.location)")
            }
        }
        for (name, type) in program.activeUniforms() {
            guard let expected = uniforms[name] else {
                throw ShaderError(message: "\(where_): the shader reads the uniform '\(name)', which the renderer does not set (it sets \(uniforms.keys.sorted().joined(separator: ", ")))")
            }
            guard glslTypeName(type) == expected else {
                throw ShaderError(message: "\(where_): the uniform '\(name)' is declared as \(glslTypeName(type)), but the renderer sets a \(expected)")
            }
        }
    }
}

/// The GLSL name of a GL type enum, for messages and comparisons.
func glslTypeName(_ type: GLenum) -> String {
    switch Int32(type) {
    case GL_FLOAT: "float"
    case GL_FLOAT_VEC2: "vec2"
    case GL_FLOAT_VEC3: "vec3"
    case GL_FLOAT_VEC4: "vec4"
    case GL_INT: "int"
    case GL_SAMPLER_2D: "sampler2D"
    case GL_SAMPLER_2D_ARRAY: "sampler2DArray"
    default: "GL type 0x" + String(type, radix: 16)
    }
}

extension ShaderProgram {
    /// The uniforms the linker kept: name → GL type. Array uniforms are named without `[0]`.
    package func activeUniforms() -> [String: GLenum] {
        var count: GLint = 0
        epoxy_glGetProgramiv(id, GLenum(GL_ACTIVE_UNIFORMS), &count)
        var result: [String: GLenum] = [:]
        for index in 0..<GLuint(max(count, 0)) {
            var name = [GLchar](repeating: 0, count: 256)
            var length: GLsizei = 0, size: GLint = 0, type: GLenum = 0
            epoxy_glGetActiveUniform(id, index, GLsizei(name.count), &length, &size, &type, &name)
            var text = String(decoding: name.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasSuffix("[0]") { text.removeLast(3) }
            result[text] = type
        }
        return result
    }
}
