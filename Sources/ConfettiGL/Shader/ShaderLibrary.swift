import FoundationEssentials
import Glibc

/// Where shader text comes from: the files built into the binary, or a directory on disk (for
/// editing shaders with hot reload).
///
/// The built-in copies are made at build time by the `EmbedShaders` plugin from `Shaders/`, the
/// single source, so a binary copied anywhere, or an app that depends on the package, draws
/// without any path. The library builds in its own files (the top level of `Shaders/`); an app
/// that has shaders of its own adds them with `addingBuiltIn`. Names are paths under `Shaders/`,
/// as `#include` gives them, so the same names work with a directory.
package struct ShaderLibrary: Sendable {
    package enum Origin: Sendable, Equatable {
        case embedded
        case directory(URL)
    }

    package let origin: Origin
    /// The built-in files by name: read when `origin` is `.embedded`.
    package let builtIn: [String: String]

    private init(origin: Origin, builtIn: [String: String] = EmbeddedShaders.files) {
        self.origin = origin
        self.builtIn = builtIn
    }

    /// The library's shaders, built in.
    package static let embedded = ShaderLibrary(origin: .embedded)

    /// These shaders and `files` besides (an app's own, named by their path under `Shaders/`).
    package func addingBuiltIn(_ files: [String: String]) -> ShaderLibrary {
        ShaderLibrary(origin: origin, builtIn: builtIn.merging(files) { _, added in added })
    }

    /// Shaders read from `directory` each time a program is built.
    package static func directory(_ url: URL) -> ShaderLibrary {
        ShaderLibrary(origin: .directory(url), builtIn: [:])
    }

    /// The file every shader directory holds; a directory without it is not one.
    package static let probe = "confetti.vert.glsl"

    /// `directory(url)`, refused unless it holds the shaders: a typo should not draw nothing.
    package static func checkedDirectory(_ path: String) throws -> ShaderLibrary {
        guard !path.isEmpty else { throw ShaderError(message: "the shader directory is empty") }
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.fileExists(atPath: url.appendingPathComponent(probe).path) else {
            throw ShaderError(message: "no \(probe) in the shader directory \(path)")
        }
        return .directory(url)
    }

    /// The names of the files built in.
    package var builtInNames: [String] { builtIn.keys.sorted() }

    /// Names the file in messages: its path on disk, or `Shaders/NAME` for an embedded one.
    package func displayName(_ name: String) -> String {
        switch origin {
        case .embedded: "Shaders/" + name
        case .directory(let url): url.appendingPathComponent(name).path
        }
    }

    /// The path to watch for changes, when the file is on disk.
    package func path(_ name: String) -> String? {
        guard case .directory(let url) = origin else { return nil }
        return url.appendingPathComponent(name).path
    }

    /// Larger shader files are refused unread.
    package static let maxFileBytes = 1 << 20

    /// The text of one file, `#include`s not yet expanded.
    package func text(_ name: String) throws -> String {
        switch origin {
        case .embedded:
            guard let text = builtIn[name] else {
                throw ShaderError(message: "\(displayName(name)): no such shader in this build (built-in files: \(builtInNames.joined(separator: ", ")))")
            }
            return text
        case .directory(let url):
            let file = url.appendingPathComponent(name)
            let data: Data
            do {
                data = try InputFile.read(file.path, maxBytes: Self.maxFileBytes, noun: "a shader file")
            } catch {
                throw ShaderError(message: "\(error)")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw ShaderError(message: "cannot read \(InputFile.display(file.path)): it is not UTF-8 text")
            }
            return text
        }
    }

    /// `name` with every `#include "file"` expanded (see `ShaderSource`).
    package func source(_ name: String, defines: [String] = []) throws -> ShaderSource {
        try ShaderSource(root: name, library: self, defines: defines)
    }
}
