import PackagePlugin

/// Builds the GNOME Shell extension's scripts (`Extensions/gnome-shell/*.js`) into the
/// application, as Swift string literals: `confetti gnome-extension install` writes the
/// extension from them, so a binary copied anywhere can install it. The same command as the
/// shaders' (`embedCommand`, the `ShaderEmbedder` tool), writing `EmbeddedGnomeExtension.files`
/// by file name.
@main
struct EmbedGnomeExtension: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        [
            try embedCommand(context: context, target: target, name: "EmbeddedGnomeExtension", folder: "Extensions/gnome-shell/",
                             fileExtension: "js", prefix: "", noun: "scripts"),
        ]
    }
}
