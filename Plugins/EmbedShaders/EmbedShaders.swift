import Foundation
import PackagePlugin

/// Builds a target's shaders into it, as Swift string literals (in the spirit of sokol-shdc): the
/// `.glsl` files stay the single source, and a binary copied anywhere, or an app that depends on
/// the package, needs no shader path. The library (ConfettiGL) embeds the top level of
/// `Shaders/`; the application (ConfettiApp) embeds its own, `Shaders/app/` (the button, and the
/// benchmark's frozen reference and pose shaders), named `app/NAME` as includes name them.
@main
struct EmbedShaders: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let prefix = target.name == "ConfettiGL" ? "" : "app/"
        let folder = context.package.directoryURL.appending(path: "Shaders/" + prefix)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "glsl" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedShaders.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) shaders from Shaders/\(prefix) into \(target.name)",
                executable: try context.tool(named: "ShaderEmbedder").url,
                arguments: [output.path, prefix] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
