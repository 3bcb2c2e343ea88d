import Foundation

/// Where shader text comes from: the copy of `Shaders/` built into the library, or a directory
/// on disk (for editing shaders with hot reload).
///
/// The embedded copy is made at build time by the `EmbedShaders` plugin from the top-level
/// `Shaders/` folder, the single source, so a binary copied anywhere, or an app that depends on
/// the package, draws without any path.
public struct ShaderLibrary: Sendable {
    public enum Origin: Sendable, Equatable {
        case embedded
        case directory(URL)
    }

    public let origin: Origin

    /// The shaders built into this binary.
    public static let embedded = ShaderLibrary(origin: .embedded)

    /// Shaders read from `directory` each time a program is built.
    public static func directory(_ url: URL) -> ShaderLibrary {
        ShaderLibrary(origin: .directory(url))
    }

    /// `explicit` (`--shader-dir`), else `$CONFETTI_SHADER_DIR`, else the embedded shaders.
    /// A named directory must hold the shaders: a typo should not silently fall back.
    public static func resolve(_ explicit: String? = nil) throws -> ShaderLibrary {
        let probe = "confetti.vert.glsl"
        if let explicit {
            guard !explicit.isEmpty else {
                throw GLFailure("--shader-dir is empty: give the directory of the .glsl files, or leave it out for the built-in shaders")
            }
            let url = URL(fileURLWithPath: explicit)
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent(probe).path) else {
                throw GLFailure("no \(probe) in the shader directory \(explicit) (from --shader-dir or $CONFETTI_SHADER_DIR); point it at the project's Shaders/ folder")
            }
            return .directory(url)
        }
        if let env = ProcessInfo.processInfo.environment["CONFETTI_SHADER_DIR"], !env.isEmpty {
            return try resolve(env)
        }
        return .embedded
    }

    /// The names of the files built in: everything in `Shaders/`.
    public static var builtInNames: [String] { EmbeddedShaders.files.keys.sorted() }

    /// Names the file in messages: its path on disk, or `Shaders/NAME` for an embedded one.
    public func displayName(_ name: String) -> String {
        switch origin {
        case .embedded: "Shaders/" + name
        case .directory(let url): url.appendingPathComponent(name).path
        }
    }

    /// The path to watch for changes, when the file is on disk.
    public func path(_ name: String) -> String? {
        guard case .directory(let url) = origin else { return nil }
        return url.appendingPathComponent(name).path
    }

    /// Larger shader files are refused unread.
    public static let maxFileBytes = 1 << 20

    /// The text of one file, `#include`s not yet expanded.
    public func text(_ name: String) throws -> String {
        switch origin {
        case .embedded:
            guard let text = EmbeddedShaders.files[name] else {
                throw ShaderError(message: "\(displayName(name)): no such shader in this build (built-in files: \(EmbeddedShaders.files.keys.sorted().joined(separator: ", ")))")
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
    public func source(_ name: String, defines: [String] = []) throws -> ShaderSource {
        try ShaderSource(root: name, library: self, defines: defines)
    }
}
