import FoundationEssentials
import Glibc

/// Effect files: strict JSON (`JSON`), read and written through the tables of `EffectFormat`.
///
/// Every field is checked as it is read, and a bad one stops the load with the file, the field
/// path (with array indices), the value as written, what is allowed, and the line and column.
/// Unknown fields, duplicate keys, trailing commas and sections that do not belong to the
/// effect's kind are errors too. `confetti presets NAME` prints a complete file to start from.
package enum EffectFile {
    /// Larger files are refused before they are read.
    package static let maxBytes = 1 << 20

    /// `file` names the file in messages ("standard input" for a pipe); `directory` is the
    /// folder paths in it (a sprite's image) are relative to, the file's own when it has one
    /// (`EffectReference`), nil for the current directory. Kept apart because a name such as
    /// "standard input" is no path to take a folder from. `checksLaunch`: see `read`.
    package static func decode(_ data: Data, file: String?, directory: String? = nil, checksLaunch: Bool = true) throws -> Effect {
        do {
            let root = try JSON.parse([UInt8](data), maxBytes: maxBytes)
            return try read(root, directory: directory, checksLaunch: checksLaunch)
        } catch let error as JSONSyntaxError {
            throw EffectError(file: file, path: "", message: "not valid JSON: \(error.message) (\(error.position))")
        } catch var error as EffectError {
            error.file = file
            throw error
        }
    }

    /// The effect `root` holds. With `checksLaunch` (the default) its launch is checked against
    /// the budget too; without, it is on its way to `Celebration.fire`, which checks it once,
    /// against what the rings hold (the resident overlay's requests, and `confetti fire`, which
    /// sends them).
    package static func read(_ root: JSONValue, directory: String?, checksLaunch: Bool = true) throws -> Effect {
        let top = FieldValue(value: root, path: "", directory: directory)
        guard case .object(let members) = root.kind else {
            throw EffectError(file: nil, path: "", message: "wrong type: an effect file is a JSON object with a \"kind\", not \(root.typeName) (\(root.position))")
        }
        let kinds = EffectKindName.allCases.map(\.rawValue)
        let known = ["kind"] + EffectFormat.sections.map(\.key)
        for member in members where !known.contains(member.key) {
            let hint = member.key.count <= 64 ? didYouMean(member.key, in: known) : ""
            throw EffectError(file: nil, path: printable(member.key), message: "unknown field.\(hint) Known fields: \(known.joined(separator: ", ")). (\(member.keyPosition))")
        }
        guard let kindMember = root.member("kind") else {
            throw EffectError(file: nil, path: "kind", message: "missing: give \(kinds.map { "\"\($0)\"" }.joined(separator: ", ")) (\(top.value.position))")
        }
        let kindField = top.member("kind", kindMember.value)
        let kindName = try kindField.string()
        guard let kind = EffectKindName(rawValue: kindName) else {
            throw kindField.fail("\(kindField.text) is not a kind: \(kinds.joined(separator: ", ")).\(kindName.count <= 64 ? didYouMean(kindName, in: kinds) : "")")
        }
        var effect = Effect(kind: kind)
        for section in EffectFormat.sections {
            guard let member = root.member(section.key) else { continue }
            guard section.kinds.contains(kind) else {
                let uses = EffectFormat.sections.filter { $0.kinds.contains(kind) }.map(\.key)
                throw EffectError(file: nil, path: section.key, message: "this section does not belong to a \(kind.rawValue) effect, which reads only \(uses.joined(separator: " and ")) (\(member.keyPosition))")
            }
            try section.read(&effect, top.member(section.key, member.value))
        }
        // Every field within its range can still multiply up beyond what any command can spawn
        // (a shell's stars × lifetime / glitterInterval): refused here, so no command that reads
        // a file can skip the budget.
        guard checksLaunch else { return effect }
        do {
            try Budget.launch(effect, .effect(kind), capacity: nil)
        } catch let error as BudgetError {
            throw EffectError(file: nil, path: kind == .show ? "show" : "", message: error.description)
        }
        return effect
    }

    /// The effect as a complete file: its kind and every field of the sections it reads (bloom
    /// only when it differs from `Bloom.standard`).
    package static func encode(_ effect: Effect) -> String {
        document(effect).render()
    }

    /// `encode`'s document, before it is written out as text (a request line holds it).
    package static func document(_ effect: Effect) -> JSONText {
        let sections = EffectFormat.sections.filter { $0.kinds.contains(effect.kind) && $0.isWritten(effect) }.map { ($0.key, $0.write(effect)) }
        return JSONText.object([("kind", .string(effect.kind.rawValue))] + sections)
    }

    /// Every field of every section and the numbers it accepts.
    package static var fields: [EffectFieldInfo] {
        EffectFormat.sections.flatMap(\.fields)
    }

    /// Every field of every section, with its default, what is allowed and what it means, as
    /// Markdown: the field reference in docs/effect-files.md.
    package static var reference: String {
        EffectFormat.sections.map(\.reference).joined(separator: "\n\n")
    }
}
