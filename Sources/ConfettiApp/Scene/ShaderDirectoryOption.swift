import ConfettiGL
import FoundationEssentials
import Glibc

extension ShaderLibrary {
    /// The library's shaders and the application's own (`Shaders/app/`: the button, and the
    /// benchmark's frozen reference and pose shaders), as built into `confetti`.
    package static let application = ShaderLibrary.embedded.addingBuiltIn(EmbeddedShaders.files)

    /// `--shader-dir`, else `$CONFETTI_SHADER_DIR` (how `make mutants` points the tests at a
    /// mutated copy), else the built-in shaders (`application`). A refusal names which of the two gave the
    /// directory, since that is what the user changes.
    ///
    /// `requiring`: files a directory must hold, read now (includes expanded, without GL), so
    /// that a missing, unreadable or oversized one is refused before any work; compile errors
    /// still need GL, and are found when the programs are built.
    package static func resolve(_ explicit: String? = nil, requiring files: [String] = []) throws -> ShaderLibrary {
        let given: (path: String, source: String)
        if let explicit {
            given = (explicit, "--shader-dir")
        } else if let env = ProcessInfo.processInfo.environment["CONFETTI_SHADER_DIR"], !env.isEmpty {
            given = (env, "$CONFETTI_SHADER_DIR")
        } else {
            return .application
        }
        guard !given.path.isEmpty else {
            throw ShaderError(message: "\(given.source) is empty: give the directory of the .glsl files, or leave it out for the built-in shaders")
        }
        do {
            let library = try checkedDirectory(given.path)
            for name in files {
                _ = try library.source(name)
            }
            return library
        } catch let error as ShaderError {
            throw ShaderError(message: "\(error.message) (from \(given.source)); point it at the project's Shaders/ folder")
        }
    }
}
