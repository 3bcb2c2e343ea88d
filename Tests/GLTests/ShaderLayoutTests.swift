@preconcurrency import CEpoxy
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

@Suite(.tags(.library)) struct ShaderLayoutTests {
    /// Every kind's linked program reads exactly its record's attributes, at their locations
    /// and types; the interface check that guards hot reload agrees.
    func checkLayout<Kind: ParticleKind>(_: Kind.Type) async throws {
        try await SharedGL.run {
            let renderer = try ParticleRenderer<Kind>(shaders: SharedGL.shaders(), capacity: 16)
            defer { renderer.delete() }
            // Built-ins (gl_VertexID) are listed too; only the record's inputs matter here.
            let active = renderer.program.activeAttributes().filter { !$0.key.hasPrefix("gl_") }
            #expect(Set(active.keys) == Set(Kind.attributes.map(\.name)), "\(Kind.name) shader inputs: \(active.keys.sorted())")
            for attribute in Kind.attributes {
                #expect(active[attribute.name]?.location == attribute.location, "\(attribute.name) location")
                let expected = [GL_FLOAT, GL_FLOAT_VEC2, GL_FLOAT_VEC3, GL_FLOAT_VEC4][attribute.components - 1]
                #expect(active[attribute.name]?.type == GLenum(expected), "\(attribute.name) type")
            }
            try ParticleRenderer<Kind>.interface.check(renderer.program)
        }
    }

    @Test(arguments: ParticleKinds.all.map { $0.plural })
    func everyKindsShaderInputsMatchItsRecord(_ kind: String) async throws {
        let registered = ParticleKinds.all.first { $0.plural == kind }!
        try await checkLayout(registered)
    }

    /// The files a shader includes directly, and the uniforms a file declares.
    static func includes(_ file: String) throws -> Set<String> {
        Set(try ShaderLibrary.embedded.text(file).split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("#include \"") else { return nil }
            return String(line.dropFirst("#include \"".count).prefix { $0 != "\"" })
        })
    }

    static func declaredUniforms(_ file: String) throws -> Set<String> {
        Set(try ShaderLibrary.embedded.text(file).split(separator: "\n").compactMap { line -> String? in
            let words = line.split(whereSeparator: { " ;[".contains($0) })
            return words.count >= 3 && words[0] == "uniform" ? String(words[2]) : nil
        })
    }

    /// A particle kind names exactly the shared features its vertex shader includes (sprites:
    /// every kind), and each feature packs exactly the uniforms its file declares.
    func checkFeatures<Kind: ParticleKind>(_: Kind.Type) throws {
        let included = try Self.includes(Kind.vertexShader)
        let features = Kind.features(Kind.defaultUniforms)
        let named = Set(features.map { type(of: $0).shaderFile } + [SpriteTable.shaderFile])
        for feature in ShaderFeatures.all {
            #expect(included.contains(feature.shaderFile) == named.contains(feature.shaderFile),
                    "\(Kind.vertexShader) \(included.contains(feature.shaderFile) ? "includes" : "does not include") \(feature.shaderFile); \(Kind.name) names \(named.sorted())")
        }
        for feature in features {
            let file = type(of: feature).shaderFile
            #expect(Set(feature.uniforms.map(\.name)) == (try Self.declaredUniforms(file)), "\(file)'s uniforms, as \(type(of: feature)) packs them")
            // A kind packs none of a feature's uniforms itself.
            #expect(Set(Kind.defaultUniforms.uniforms.map(\.name)).isDisjoint(with: feature.uniforms.map(\.name)), "\(Kind.name) leaves \(file)'s uniforms to the feature")
        }
    }

    @Test(arguments: ParticleKinds.all.map { $0.plural })
    func everyKindNamesTheFeaturesItsShaderIncludes(_ kind: String) throws {
        let registered = ParticleKinds.all.first { $0.plural == kind }!
        try checkFeatures(registered)
    }

    @Test func compileErrorsNameTheFileAndLineEvenInsideAnInclude() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-bad-shader-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try "#version 330 core\nvoid main() {\n    gl_Position = vec4(1.0);\n    undefinedThing = 2.0;\n}\n"
            .write(to: dir.appendingPathComponent("broken.vert.glsl"), atomically: true, encoding: .utf8)
        // The error is on line 3 of the included file, which is included on line 3 of the root.
        try "// helpers\nfloat twice(float x) { return 2.0 * x; }\nfloat broken() { return missingName; }\n"
            .write(to: dir.appendingPathComponent("helpers.glsl"), atomically: true, encoding: .utf8)
        try "#version 330 core\n// uses helpers\n#include \"helpers.glsl\"\nvoid main() {\n    gl_Position = vec4(twice(1.0));\n    nope = 1.0;\n}\n"
            .write(to: dir.appendingPathComponent("includer.vert.glsl"), atomically: true, encoding: .utf8)
        try "#include \"loop.glsl\"\n".write(to: dir.appendingPathComponent("loop.glsl"), atomically: true, encoding: .utf8)
        let library = ShaderLibrary.directory(dir)
        try await SharedGL.run {
            do {
                _ = try ShaderProgram(library, vertex: "broken.vert.glsl")
                Issue.record("a shader with an undefined variable compiled")
            } catch let error as ShaderError {
                #expect(error.message.contains(dir.appendingPathComponent("broken.vert.glsl").path + ":4"), "message: \(error.message)")
                #expect(error.message.contains("undefinedThing"))
            }
            do {
                _ = try ShaderProgram(library, vertex: "includer.vert.glsl")
                Issue.record("a shader with errors compiled")
            } catch let error as ShaderError {
                #expect(error.message.contains(dir.appendingPathComponent("helpers.glsl").path + ":3"), "names the included file: \(error.message)")
                #expect(error.message.contains(dir.appendingPathComponent("includer.vert.glsl").path + ":6"), "and lines after the include: \(error.message)")
            }
            #expect(throws: ShaderError.self) { _ = try ShaderProgram(library, vertex: "loop.glsl") }
            do {
                _ = try ShaderProgram(library, vertex: "missing.glsl")
                Issue.record("a missing shader file loaded")
            } catch let error as ShaderError {
                #expect(error.message.contains("missing.glsl"))
            }
        }
    }

    @Test func builtInShadersAreTheFilesOfTheShadersFolder() async throws {
        // The embedded copies are made from Shaders/ at build time: the folder is the single
        // source. The library builds in its top level only; the application adds app/.
        let folder = Repository.file("Shaders")
        func glsl(_ sub: String) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path).filter { $0.hasSuffix(".glsl") }.map { sub + $0 }
        }
        let library = try glsl(""), application = try glsl("app/")
        #expect(!library.isEmpty && !application.isEmpty)
        #expect(ShaderLibrary.embedded.builtInNames == library.sorted(), "the library builds in its own shaders, and nothing else")
        #expect(ShaderLibrary.application.builtInNames == (library + application).sorted(), "the application adds its own")
        for name in library + application {
            let disk = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(try ShaderLibrary.application.text(name) == disk, "\(name) differs from its built-in copy")
        }
    }

    @Test func aShaderReadingWhatTheRendererDoesNotFeedIsRefused() async throws {
        let dir = try HotReloadTests.copyShaders()
        defer { try? FileManager.default.removeItem(at: dir) }
        let vertex = dir.appendingPathComponent("confetti.vert.glsl")
        let good = try String(contentsOf: vertex, encoding: .utf8)
        try await SharedGL.run {
            // A uniform the renderer never sets, and a uniform retyped.
            for (edit, word) in [
                (good.replacingOccurrences(of: "uniform float uTime;", with: "uniform float uTime;\nuniform float uBreeze;")
                    .replacingOccurrences(of: "float t = uTime - aBirth", with: "float t = uTime + uBreeze - aBirth"), "uBreeze"),
                (good.replacingOccurrences(of: "uniform vec4 uPhysics;", with: "uniform vec2 uPhysics;")
                    .replacingOccurrences(of: "uPhysics.z, fadeOut = uPhysics.w", with: "1.5, fadeOut = 0.4"), "uPhysics"),
            ] {
                try edit.write(to: vertex, atomically: true, encoding: .utf8)
                do {
                    _ = try ParticleRenderer<ConfettiKind>(shaders: .directory(dir), capacity: 4)
                    Issue.record("a program reading \(word) wrongly was accepted")
                } catch let error as ShaderError {
                    #expect(error.message.contains(word) && error.message.contains("confetti.vert.glsl"), "\(error.message)")
                }
            }
        }
    }
}
