@preconcurrency import CEpoxy
import ConfettiCore

/// Points the bound VAO's per-instance attributes at the records of `buffer`, starting at
/// record `first`. Re-pointing per draw stands in for glDrawArraysInstancedBaseInstance, which
/// core 3.3 lacks. Leaves `buffer` bound to GL_ARRAY_BUFFER.
package func bindInstanceAttributes(_ attributes: [VertexAttribute], stride: Int, buffer: GLuint, first: Int, instancesPerRecord: Int = 1) {
    epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
    for attribute in attributes {
        let location = GLuint(attribute.location)
        let offset = UnsafeRawPointer(bitPattern: first * stride + attribute.offset)
        let (type, normalized): (Int32, Int32) = switch attribute.format {
        case .float32: (GL_FLOAT, GL_FALSE)
        case .uint8: (GL_UNSIGNED_BYTE, GL_FALSE)
        case .unorm8: (GL_UNSIGNED_BYTE, GL_TRUE)
        case .int16: (GL_SHORT, GL_FALSE)
        }
        epoxy_glEnableVertexAttribArray(location)
        epoxy_glVertexAttribPointer(location, GLint(attribute.components), GLenum(type), GLboolean(normalized), GLsizei(stride), offset)
        // A record drawn as several instances (a piece and its trail ghosts) advances once per group.
        epoxy_glVertexAttribDivisor(location, GLuint(instancesPerRecord))
    }
}

/// Sets uniforms by name on the program in use.
package func setUniforms(_ uniforms: [ShaderUniform], on program: ShaderProgram) {
    for uniform in uniforms {
        let location = program.uniform(uniform.name)
        switch uniform.value {
        case .float(let v): epoxy_glUniform1f(location, v)
        case .vec2(let v): epoxy_glUniform2f(location, v.x, v.y)
        case .vec4(let v): epoxy_glUniform4f(location, v.x, v.y, v.z, v.w)
        case .vec4Array(let values):
            // SIMD4<Float> is four packed floats: hand GL the array as it is, no copy per frame.
            values.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: Float.self) { epoxy_glUniform4fv(location, GLsizei(values.count), $0.baseAddress) }
            }
        case .sampler(let unit): epoxy_glUniform1i(location, unit)
        }
    }
}
