import Foundation
import PackagePlugin

/// Builds the GNOME Shell extension's scripts (`Extensions/gnome-shell/*.js`) into the
/// application, as Swift string literals: `confetti gnome-extension install` writes the
/// extension from them, so a binary copied anywhere can install it. The same tool as the
/// shaders' (`ShaderEmbedder`), writing `EmbeddedGnomeExtension.files` by file name.
@main
struct EmbedGnomeExtension: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Extensions/gnome-shell")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "js" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedGnomeExtension.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) scripts from Extensions/gnome-shell/ into \(target.name)",
                executable: try context.tool(named: "ShaderEmbedder").url,
                arguments: [output.path, ""] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}
