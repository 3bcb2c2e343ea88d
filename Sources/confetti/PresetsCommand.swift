import ArgumentParser
import ConfettiCore
import Foundation

struct PresetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "presets",
        abstract: "List the built-in effects, or print one as an effect file to start from.",
        discussion: """
            Every command that takes --effect accepts a preset name or the path of such a file. \
            A file may leave fields out; they keep the values of the preset of its kind.
            """
    )

    @Argument(help: "A preset to print as JSON.")
    var name: String?

    func run() throws {
        guard let name else {
            for preset in Effect.presets {
                print("\(preset.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(preset.summary)")
            }
            return
        }
        guard let effect = Effect.preset(name) else {
            let names = Effect.presets.map(\.name)
            let hint = closest(name, in: names).map { " Did you mean '\($0)'?" } ?? ""
            throw ValidationError("unknown preset '\(name)': \(names.joined(separator: ", ")).\(hint)")
        }
        print(try EffectFile.encode(effect))
    }
}

/// `--effect NAME|FILE`, shared by the commands that draw.
struct EffectOption: ParsableArguments {
    @Option(name: .customLong("effect"), help: ArgumentHelp("A preset (confetti, classic, fountain, celebration) or an effect file.", valueName: "name|file"))
    var effect: String?

    func load(default fallback: String) throws -> Effect {
        try Effect.load(effect ?? fallback)
    }
}
