import ArgumentParser
import ConfettiApp
import ConfettiCore
import FoundationEssentials
import Glibc

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
            for preset in Effect.presets {
                let width = Effect.presets.map(\.name.count).max()! + 1
                print("\((preset.name + String(repeating: " ", count: max(0, width - preset.name.count)))) \(preset.summary)")
            }
            return
        }
        guard let effect = Effect.preset(name) else {
            let names = Effect.presets.map(\.name)
            throw OptionRefusal("unknown preset '\(printable(name))': \(names.joined(separator: ", ")).\(name.count <= 64 ? didYouMean(name, in: names) : "")")
        }
        print(EffectFile.encode(effect))
    }
}
