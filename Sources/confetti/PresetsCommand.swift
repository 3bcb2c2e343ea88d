import ArgumentParser
import ConfettiApp
import ConfettiCore

struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the built-in effects, or print one as an effect file to start from.",
        discussion: """
            Every command that takes --effect accepts a preset name or the path of such a file. \
            A file may leave fields out; they keep the values of the preset of its effect kind.
            """
    )

    @Argument(help: "A preset to print as JSON.")
    var name: String?

    @Flag(help: "Print every field of every section: default, what is allowed, what it means (Markdown).")
    var fields = false

    func run() throws {
        if fields {
            print(EffectFile.reference)
            return
        }
        guard let name else {
            for line in PresetList.lines { print(line) }
            return
        }
        print(try PresetList.effectFile(name))
    }
}
