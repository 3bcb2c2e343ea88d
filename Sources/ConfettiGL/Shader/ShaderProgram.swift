@preconcurrency import CEpoxy
import FoundationEssentials
import Glibc

/// A linked GLSL program built from the files of a `ShaderLibrary`.
///
/// `#include`s are expanded with `#line` directives, and compile and link errors are rewritten
/// to `file:line:column: message`, so an editor or a terminal can jump straight to the line.
package final class ShaderProgram {
    package let id: GLuint
    package let library: ShaderLibrary
    package let vertex: String
    package let fragment: String?
    /// Every file the program was built from, includes too (what hot reload watches).
    package let files: [String]
    private let feedback: [String]
    /// Preprocessor definitions ("NAME VALUE") the vertex and the fragment shader were compiled with.
    package let vertexDefines: [String]
    package let fragmentDefines: [String]
    private var uniforms: [String: GLint] = [:]

    /// `feedback` names vertex outputs to capture with transform feedback, interleaved.
    /// `vertexDefines` and `fragmentDefines` specialise each shader (`#define`s after its `#version`).
    package init(_ library: ShaderLibrary, vertex: String, fragment: String? = nil, feedback: [String] = [],
                 vertexDefines: [String] = [], fragmentDefines: [String] = []) throws {
        self.library = library
        self.vertexDefines = vertexDefines
        self.fragmentDefines = fragmentDefines
        self.vertex = vertex
        self.fragment = fragment
        self.feedback = feedback
        var shaders: [GLuint] = []
        defer { shaders.forEach { epoxy_glDeleteShader($0) } }
        let vertexSource = try library.source(vertex, defines: vertexDefines)
        shaders.append(try Self.compile(vertexSource, library: library, type: GLenum(GL_VERTEX_SHADER)))
        var files = vertexSource.files
        if let fragment {
            let fragmentSource = try library.source(fragment, defines: fragmentDefines)
            shaders.append(try Self.compile(fragmentSource, library: library, type: GLenum(GL_FRAGMENT_SHADER)))
            files += fragmentSource.files.filter { !files.contains($0) }
        }
        self.files = files

        let program = epoxy_glCreateProgram()
        shaders.forEach { epoxy_glAttachShader(program, $0) }
        if !feedback.isEmpty {
            withCStrings(feedback) { names in
                epoxy_glTransformFeedbackVaryings(program, GLsizei(names.count), names, GLenum(GL_INTERLEAVED_ATTRIBS))
            }
        }
        epoxy_glLinkProgram(program)
        var linked: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.programLog(program)
            epoxy_glDeleteProgram(program)
            let names = ([vertex] + (fragment.map { [$0] } ?? [])).map(library.displayName).joined(separator: " + ")
            throw ShaderError(message: "linking \(names) failed:\n" + log)
        }
        id = program
        try glCheck("building the program from \(vertex)\(fragment.map { ", " + $0 } ?? "")")
    }

    /// A new program from the same files, as they are now.
    package func rebuilt() throws -> ShaderProgram {
        try ShaderProgram(library, vertex: vertex, fragment: fragment, feedback: feedback, vertexDefines: vertexDefines, fragmentDefines: fragmentDefines)
    }

    package func use() {
        epoxy_glUseProgram(id)
    }

    package func delete() {
        epoxy_glDeleteProgram(id)
    }

    /// -1 for a uniform the linker optimised away, which GL then ignores.
    package func uniform(_ name: String) -> GLint {
        if let cached = uniforms[name] { return cached }
        let location = epoxy_glGetUniformLocation(id, name)
        uniforms[name] = location
        return location
    }

    /// The vertex inputs the linker kept: name → (location, GL type).
    package func activeAttributes() -> [String: (location: Int, type: GLenum)] {
        var count: GLint = 0
        epoxy_glGetProgramiv(id, GLenum(GL_ACTIVE_ATTRIBUTES), &count)
        var result: [String: (location: Int, type: GLenum)] = [:]
        for index in 0..<GLuint(count) {
            var name = [GLchar](repeating: 0, count: 256)
            var length: GLsizei = 0, size: GLint = 0, type: GLenum = 0
            epoxy_glGetActiveAttrib(id, index, GLsizei(name.count), &length, &size, &type, &name)
            let text = String(decoding: name.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            result[text] = (Int(epoxy_glGetAttribLocation(id, text)), type)
        }
        return result
    }

    static func compile(_ source: ShaderSource, library: ShaderLibrary, type: GLenum) throws -> GLuint {
        let shader = epoxy_glCreateShader(type)
        source.text.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            epoxy_glShaderSource(shader, 1, &pointer, nil)
        }
        epoxy_glCompileShader(shader)
        var compiled: GLint = 0
        epoxy_glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            var length: GLint = 0
            epoxy_glGetShaderiv(shader, GLenum(GL_INFO_LOG_LENGTH), &length)
            var log = [GLchar](repeating: 0, count: Int(max(length, 1)))
            epoxy_glGetShaderInfoLog(shader, GLsizei(log.count), nil, &log)
            epoxy_glDeleteShader(shader)
            let text = String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw ShaderError(message: locate(log: text, files: source.files.map(library.displayName)))
        }
        return shader
    }

    /// Rewrites driver log lines that start with a source position (Mesa `0:12(5): …`,
    /// others `ERROR: 0:12: …`) as `path:12:5: …`, the source-string number naming the file;
    /// other lines are kept with the root file in front.
    static func locate(log: String, files: [String]) -> String {
        let path = files[0]
        let lines = log.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
        guard !lines.isEmpty else { return "\(path): compilation failed (the driver gave no log)" }
        return lines.map { line -> String in
            var rest = Substring(line)
            if rest.hasPrefix("ERROR: ") { rest = rest.dropFirst(7) }
            // source-string number, then ':' and the line number
            guard let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]), files.indices.contains(number)
            else { return "\(path): \(line)" }
            var cursor = rest.index(after: colon)
            let lineDigits = rest[cursor...].prefix { $0.isNumber }
            guard let lineNumber = Int(lineDigits) else { return "\(path): \(line)" }
            cursor = rest.index(cursor, offsetBy: lineDigits.count)
            var column = ""
            if cursor < rest.endIndex, rest[cursor] == "(" {
                let digits = rest[rest.index(after: cursor)...].prefix { $0.isNumber }
                column = ":" + digits
                cursor = rest.index(cursor, offsetBy: digits.count + 1)
                if cursor < rest.endIndex, rest[cursor] == ")" { cursor = rest.index(after: cursor) }
            }
            let message = rest[cursor...].drop { $0 == ":" || $0 == " " }
            return "\(files[number]):\(lineNumber)\(column): \(message)"
        }.joined(separator: "\n")
    }

    static func programLog(_ program: GLuint) -> String {
        var length: GLint = 0
        epoxy_glGetProgramiv(program, GLenum(GL_INFO_LOG_LENGTH), &length)
        var log = [GLchar](repeating: 0, count: Int(max(length, 1)))
        epoxy_glGetProgramInfoLog(program, GLsizei(log.count), nil, &log)
        return String(decoding: log.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A shader that failed to read, compile or link; the message names file and line.
public struct ShaderError: Error, CustomStringConvertible, Sendable {
    package var message: String
    public var description: String { message }

    package init(message: String) { self.message = message }
}

private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<GLchar>?]) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}
