import ArgumentParser
import ConfettiApp
import ConfettiCore

struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the built-in and named effects, print one as an effect file to start from, or save a copy of yours.",
        discussion: """
            Every command that takes an effect accepts a preset's or a named effect's name, or an effect \
            file's path; a file may leave fields out (they keep its kind's preset's values). To make \
            your own: confetti presets confetti --save party, then edit the file it prints.
            """
    )

    @Argument(help: ArgumentHelp("An effect to print as JSON: a preset, a named effect, a file or -.", discussion: EffectReference.lookupText), completion: .custom { _, _, typed in EffectCompletion.candidates(typed) })
    var name: String?

    @Flag(help: "Print every field of every section: default, what is allowed, what it means (Markdown).")
    var fields = false

    @Option(help: ArgumentHelp("Write the effect as NEW.json into your effects folder ($XDG_CONFIG_HOME/confetti/effects), whole or not at all, and print its path.", valueName: "new"))
    var save: String?

    @Flag(help: "With --save: replace a file of that name.")
    var force = false

    func run() throws {
        try fields ? print(EffectFile.reference) : PresetList.runInForeground(name: name, save: save, force: force)
    }
}
