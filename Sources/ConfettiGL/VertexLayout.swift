@preconcurrency import CEpoxy
import ConfettiCore

/// Points a VAO's per-instance attributes at the records of `buffer`, starting at instance
/// `first`. Re-pointing per draw stands in for glDrawArraysInstancedBaseInstance, which core
/// 3.3 lacks.
func bindInstanceAttributes(_ attributes: [VertexAttribute], stride: Int, buffer: GLuint, first: Int) {
    epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
    for attribute in attributes {
        let location = GLuint(attribute.location)
        let offset = UnsafeRawPointer(bitPattern: first * stride + attribute.offset)
        let (type, normalized): (Int32, Int32) = switch attribute.format {
        case .float32: (GL_FLOAT, GL_FALSE)
        case .uint8: (GL_UNSIGNED_BYTE, GL_FALSE)
        case .unorm8: (GL_UNSIGNED_BYTE, GL_TRUE)
        }
        epoxy_glEnableVertexAttribArray(location)
        epoxy_glVertexAttribPointer(location, GLint(attribute.components), GLenum(type), GLboolean(normalized), GLsizei(stride), offset)
        epoxy_glVertexAttribDivisor(location, 1)
    }
}
