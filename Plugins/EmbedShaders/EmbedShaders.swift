import Foundation
import PackagePlugin

/// Builds the top-level `Shaders/` folder into the target that uses this plugin, as Swift
/// string literals (in the spirit of sokol-shdc): the `.glsl` files stay the single source,
/// and a binary copied anywhere, or an app that depends on the package, needs no shader path.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Shaders")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "glsl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) shaders from Shaders/",
                executable: try context.tool(named: "ShaderEmbedder").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
