import ConfettiCore

/// A command's effect argument (a preset's or a named effect's name, an effect file's path,
/// or `-` for standard input), resolved by `EffectReference` among the effect folders this
/// process's environment gives, a built-in's hidden file warned of in one line on stderr.
package enum EffectSource {
    /// What names standard input as the effect file.
    package static let standardInput = EffectReference.standardInputArgument

    /// The effect `argument` names, with its name and the file it came from. `checksLaunch`
    /// false: its launch is left to `Celebration.fire` to check (`EffectFile.read`).
    package static func resolve(_ argument: String, folders: EffectFolders = .standard, checksLaunch: Bool = true) throws -> ResolvedEffect {
        let resolved = try EffectReference(argument).resolve(among: folders, checksLaunch: checksLaunch)
        if let warning = resolved.shadowWarning { StandardStream.error("confetti: warning: \(warning)\n") }
        return resolved
    }

    /// The effect `argument` names.
    package static func load(_ argument: String) throws -> Effect {
        try resolve(argument).effect
    }
}
