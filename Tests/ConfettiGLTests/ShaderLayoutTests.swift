@preconcurrency import CEpoxy
import ConfettiCore
import ConfettiGL
import Foundation
import Testing

@Suite struct ShaderLayoutTests {
    @Test func shaderInputsMatchTheRecordLayout() throws {
        try SharedGL.run {
            let renderer = try ConfettiRenderer(shaders: SharedGL.shaders(), capacity: 16)
            defer { renderer.delete() }
            // Built-ins (gl_VertexID) are listed too; only the record's inputs matter here.
            let active = renderer.program.activeAttributes().filter { !$0.key.hasPrefix("gl_") }
            #expect(active.count == ConfettiInstance.attributes.count, "shader inputs: \(active.keys.sorted())")
            for attribute in ConfettiInstance.attributes {
                guard let input = active[attribute.name] else {
                    Issue.record("the shader has no input \(attribute.name)")
                    continue
                }
                #expect(input.location == attribute.location, "\(attribute.name) location")
                let expected = attribute.components == 1 ? GL_FLOAT : GL_FLOAT_VEC4
                #expect(input.type == GLenum(expected), "\(attribute.name) type")
            }
        }
    }

    @Test func sparkShaderInputsMatchTheSparkRecord() throws {
        try SharedGL.run {
            let renderer = try SparkRenderer(shaders: SharedGL.shaders(), capacity: 16)
            defer { renderer.delete() }
            let active = renderer.bursts.program.activeAttributes().filter { !$0.key.hasPrefix("gl_") }
            #expect(Set(active.keys) == Set(SparkInstance.attributes.map(\.name)))
            for attribute in SparkInstance.attributes {
                #expect(active[attribute.name]?.location == attribute.location, "\(attribute.name) location")
                let expected = attribute.components == 1 ? GL_FLOAT : GL_FLOAT_VEC4
                #expect(active[attribute.name]?.type == GLenum(expected), "\(attribute.name) type")
            }
        }
    }

    @Test func compileErrorsNameTheFileAndLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-bad-shader-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("broken.vert.glsl")
        try "#version 330 core\nvoid main() {\n    gl_Position = vec4(1.0);\n    undefinedThing = 2.0;\n}\n".write(to: bad, atomically: true, encoding: .utf8)
        try SharedGL.run {
            do {
                _ = try ShaderProgram(vertex: bad)
                Issue.record("a shader with an undefined variable compiled")
            } catch let error as ShaderError {
                #expect(error.message.contains("\(bad.path):4"), "message: \(error.message)")
                #expect(error.message.contains("undefinedThing"))
            }
            do {
                _ = try ShaderProgram(vertex: dir.appendingPathComponent("missing.glsl"))
                Issue.record("a missing shader file loaded")
            } catch let error as ShaderError {
                #expect(error.message.contains("missing.glsl"))
            }
        }
    }
}

@Suite struct GLDebugLogTests {
    @Test func driverErrorsReachTheDebugLogWithTheirMessage() throws {
        try SharedGL.run {
            // A deliberate error: an enum glEnable does not know.
            epoxy_glEnable(GLenum(0x1234_5678 & 0xFFFF))
            let errors = GLDebugLog.drain()
            #expect(errors.count == 1, "reported: \(errors)")
            _ = epoxy_glGetError()  // clear the flag the error also set
        }
    }
}
