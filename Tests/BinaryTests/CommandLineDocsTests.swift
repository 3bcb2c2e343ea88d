import Foundation
import Testing
import TestSupport

/// docs/cli.md's synopsis and its table of every option are the command line's own: generated
/// from what swift-argument-parser knows of every command (`confetti --experimental-dump-help`),
/// so an option cannot be added, renamed or explained differently without the doc following.
/// `CONFETTI_UPDATE_DOCS=1 swift test --filter DocsTests` rewrites them.
@Suite struct CommandLineDocsTests {
    static let doc = "docs/cli.md"

    @Test func theSynopsisAndTheOptionTablesAreTheCommandLinesOwn() async throws {
        let commands = try await CommandHelp.commands()
        #expect(commands.map(\.name).contains("confetti render") && commands.count >= 10, "\(commands.map(\.name))")
        try GeneratedSection.check(Self.doc, section: "synopsis", equals: CommandHelp.synopsis(commands))
        try GeneratedSection.check(Self.doc, section: "options", equals: CommandHelp.tables(commands))
    }

    /// Every option a user can see, of every command, is in the doc: what the generated tables
    /// hold by construction, checked from the doc's side too.
    @Test func everyOptionOfEveryCommandIsInTheDoc() async throws {
        let commands = try await CommandHelp.commands()
        let text = try GeneratedSection.current(Self.doc, section: "options")
        var seen = 0
        for command in commands {
            guard let heading = text.range(of: "### `\(command.name)`\n") else {
                Issue.record("\(Self.doc) has no table for \(command.name)")
                continue
            }
            let table = text[heading.upperBound...].prefix { _ in true }
            let own = table.range(of: "\n### ").map { table[..<$0.lowerBound] } ?? table
            for argument in command.arguments {
                #expect(own.contains("| \(CommandHelp.cell(argument.label)) |"), "\(command.name): \(argument.label) is not in \(Self.doc)")
                seen += 1
            }
        }
        for option in ["--mute", "--audio <file.wav>", "--shader-dir <dir>"] {
            #expect(text.contains("`\(option)"), "\(option)")
        }
        #expect(seen > 80, "options seen: \(seen)")
    }
}

/// The commands and options as swift-argument-parser describes them (its ToolInfo JSON), and the
/// Markdown made from them.
enum CommandHelp {
    struct Argument {
        var kind: String
        var names: [String]
        var valueName: String?
        var abstract: String
        var defaultValue: String?
        var optional: Bool

        /// The option as a user types it: `--seed <s>`, `--bloom`, `--no-bloom`, `<name>`.
        var label: String {
            let value = valueName.map { "<\($0)>" }
            switch kind {
            case "positional": return "`\(value ?? "value")`"
            case "flag": return names.map { "`\($0)`" }.joined(separator: ", ")
            default: return names.map { "`\($0)\(value.map { " " + $0 } ?? "")`" }.joined(separator: ", ")
            }
        }

        /// As the synopsis shows it.
        var usage: String {
            let value = valueName.map { " <\($0)>" } ?? ""
            let bare = switch kind {
            case "positional": "<\(valueName ?? "value")>"
            case "flag": names.joined(separator: " | ")
            default: "\(names.last ?? "")\(value)"
            }
            return optional ? "[\(bare)]" : bare
        }
    }

    struct Command {
        var name: String
        var abstract: String
        var arguments: [Argument]
    }

    /// Every command the built binary has, the root first, each before its subcommands; the
    /// arguments a user can see, without `--help`, which every command has.
    static func commands() async throws -> [Command] {
        let outcome = try await ConfettiBinary.run(["--experimental-dump-help"])
        guard outcome.status == 0, let json = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any],
              let root = json["command"] as? [String: Any]
        else { throw TestFailure("confetti --experimental-dump-help: exit \(outcome.status), \(outcome.stderr)") }
        var result: [Command] = []
        func visit(_ command: [String: Any], path: [String]) {
            guard command["shouldDisplay"] as? Bool ?? true, let name = command["commandName"] as? String, name != "help" else { return }
            let full = path + [name]
            let arguments = (command["arguments"] as? [[String: Any]] ?? []).compactMap { argument -> Argument? in
                guard argument["shouldDisplay"] as? Bool ?? true else { return nil }
                let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name -> String? in
                    guard let text = name["name"] as? String else { return nil }
                    switch name["kind"] as? String {
                    case "short": return "-" + text
                    case "longWithSingleDash": return "-" + text
                    default: return "--" + text
                    }
                }
                // Every command has --help, and every subcommand the root's --version.
                guard !names.contains("--help"), path.isEmpty || !names.contains("--version") else { return nil }
                return Argument(kind: argument["kind"] as? String ?? "option", names: names, valueName: argument["valueName"] as? String,
                                abstract: oneLine(argument["abstract"] as? String ?? ""), defaultValue: argument["defaultValue"] as? String,
                                optional: argument["isOptional"] as? Bool ?? true)
            }
            result.append(Command(name: full.joined(separator: " "), abstract: oneLine(command["abstract"] as? String ?? ""), arguments: pairingInversions(arguments)))
            for sub in command["subcommands"] as? [[String: Any]] ?? [] { visit(sub, path: full) }
        }
        visit(root, path: [])
        return result
    }

    /// A flag and its inversion (`--bloom`, `--no-bloom`), which the parser lists one after the
    /// other with one help text, as one argument.
    static func pairingInversions(_ arguments: [Argument]) -> [Argument] {
        arguments.reduce(into: []) { paired, argument in
            if argument.kind == "flag", let last = paired.last, last.kind == "flag", last.abstract == argument.abstract,
               argument.names.contains(where: { name in last.names.contains { name == "--no-" + $0.dropFirst(2) } }) {
                paired[paired.count - 1].names += argument.names
            } else {
                paired.append(argument)
            }
        }
    }

    /// Text as a table cell holds it.
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// Each command and every option it takes, wrapped at 100 columns under the first option.
    static func synopsis(_ commands: [Command]) -> String {
        let subcommands = commands.dropFirst()
        let column = (subcommands.map(\.name.count).max() ?? 0) + 1
        return (["```"] + subcommands.flatMap { command -> [String] in
            var lines = [command.name.padding(toLength: column, withPad: " ", startingAt: 0)]
            for usage in command.arguments.map(\.usage) {
                if lines[lines.count - 1].count > column, lines[lines.count - 1].count + 1 + usage.count > 100 {
                    lines.append(String(repeating: " ", count: column))
                }
                lines[lines.count - 1] += (lines[lines.count - 1].count > column ? " " : "") + usage
            }
            return lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        } + ["```"]).joined(separator: "\n")
    }

    /// A table a command: each option, what it does and its default.
    static func tables(_ commands: [Command]) -> String {
        commands.map { command in
            var lines = ["### `\(command.name)`", ""]
            if !command.abstract.isEmpty { lines += [command.abstract, ""] }
            lines += ["| option | what it does |", "| --- | --- |"]
            for argument in command.arguments {
                var what = argument.abstract
                if let value = argument.defaultValue, !value.isEmpty, argument.kind != "flag" { what += " (default: \(value))" }
                lines.append("| \(cell(argument.label)) | \(cell(what)) |")
            }
            return lines.joined(separator: "\n")
        }.joined(separator: "\n\n")
    }
}
