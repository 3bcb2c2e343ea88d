import Foundation

/// Where the `.glsl` files live. The shaders are files, read at run time, so the trace and the
/// tests evaluate exactly what the renderer draws with.
public struct ShaderDirectory: Sendable {
    public let url: URL

    public init(_ url: URL) {
        self.url = url
    }

    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// `explicit`, else `$CONFETTI_SHADER_DIR`, else the first `Shaders/` found above the
    /// executable, the current directory, or this source file (a build inside the checkout).
    public static func locate(_ explicit: String? = nil) throws -> ShaderDirectory {
        let probe = "confetti.vert.glsl"
        if let explicit {
            let url = URL(fileURLWithPath: explicit)
            guard FileManager.default.fileExists(atPath: url.appendingPathComponent(probe).path) else {
                throw GLFailure("no \(probe) in the shader directory \(explicit) (from --shader-dir or $CONFETTI_SHADER_DIR); point it at the project's Shaders/ folder")
            }
            return ShaderDirectory(url)
        }
        if let env = ProcessInfo.processInfo.environment["CONFETTI_SHADER_DIR"], !env.isEmpty {
            return try locate(env)
        }
        let starts = [
            URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent(),
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent(),
        ]
        for start in starts {
            var dir = start.standardizedFileURL
            while dir.path != "/" {
                let candidate = dir.appendingPathComponent("Shaders")
                if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(probe).path) {
                    return ShaderDirectory(candidate)
                }
                dir.deleteLastPathComponent()
            }
        }
        throw GLFailure("cannot find the Shaders/ directory; pass --shader-dir DIR or set CONFETTI_SHADER_DIR")
    }
}
