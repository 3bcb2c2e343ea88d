import Foundation
import PackagePlugin

/// The embed plugins' one command: `ShaderEmbedder` writes `NAME.swift` into the plugin's work
/// directory, with `NAME.files` holding the text of each file of `folder` (a path under the
/// package, ending in `/`) whose extension is `fileExtension`, keyed by `prefix` + its file name,
/// in file-name order. `noun` names the files in the build log.
///
/// A plugin cannot import another, so each embed plugin's folder holds this file as a symbolic
/// link to `Plugins/Shared/`, which is no target: SwiftPM compiles the link as the plugin's own.
func embedCommand(context: PluginContext, target: Target, name: String, folder: String, fileExtension: String, prefix: String, noun: String) throws -> Command {
    let files = try FileManager.default.contentsOfDirectory(at: context.package.directoryURL.appending(path: folder), includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == fileExtension }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let output = context.pluginWorkDirectoryURL.appending(path: name + ".swift")
    return .buildCommand(
        displayName: "Embedding \(files.count) \(noun) from \(folder) into \(target.name)",
        executable: try context.tool(named: "ShaderEmbedder").url,
        arguments: [output.path, prefix] + files.map(\.path),
        inputFiles: files,
        outputFiles: [output]
    )
}
