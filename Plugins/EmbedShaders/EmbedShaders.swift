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
        return [
            try embedCommand(context: context, target: target, name: "EmbeddedShaders", folder: "Shaders/" + prefix,
                             fileExtension: "glsl", prefix: prefix, noun: "shaders"),
        ]
    }
}
