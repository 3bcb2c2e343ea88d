import Foundation
import Testing
import TestSupport

/// The library's public API is the list docs/api.md gives, no more and no less: a public
/// declaration in ConfettiCore or ConfettiGL that the list does not name fails here, and so does
/// a listed name that is no longer public. What the app and the tests share besides is `package`.
@Suite(.tags(.library)) struct PublicAPITests {
    static let root = Repository.root

    /// Every `public` declaration of the library's modules, by the type that holds it ("" for a
    /// top-level type, which is named by its own row): `Celebration` → `fire`, `init`, ….
    static func publicDeclarations() throws -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        let kinds = ["struct", "enum", "class", "typealias", "protocol"]
        for module in ["ConfettiCore", "ConfettiGL"] {
            let folder = root.appendingPathComponent("Sources/" + module)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                var owners: [(name: String, depth: Int)] = [], depth = 0
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    let code = String(line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
                        .replacing(/"(?:[^"\\]|\\.)*"/, with: "")
                    let words = code.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" || $0 == "{" }).map(String.init)
                    let owner = owners.map(\.name).joined(separator: ".")
                    if words.first == "public" {
                        let modifiers: Set = ["public", "static", "final", "convenience", "private(set)", "nonisolated(unsafe)", "private", "set)", "nonisolated", "unsafe)"]
                        let rest = Array(words.drop { modifiers.contains($0) })
                        let kind = rest.first ?? ""
                        // `fire<T>` is `fire`; the operator `<` is itself.
                        let name = rest.count > 1 ? (rest[1].hasPrefix("<") ? rest[1] : String(rest[1].prefix { $0 != "<" })) : ""
                        if kinds.contains(kind), rest.count > 1 {
                            found[(owner.isEmpty ? "" : owner + ".") + name, default: []].formUnion([])
                        } else if kind == "var" || kind == "let" {
                            // `public var x1, y1: Double`, `public static let standard = …`
                            let names = code.split(separator: kind == "var" ? "var " : "let ", maxSplits: 1).last.map(String.init) ?? ""
                            let list = names.prefix { $0 != ":" && $0 != "=" && $0 != "{" }
                            for name in list.split(separator: ",") { found[owner, default: []].insert(name.trimmingCharacters(in: .whitespaces)) }
                        } else if kind == "func", rest.count > 1 {
                            found[owner, default: []].insert(name)
                        } else if kind == "init" || kind == "subscript" {
                            found[owner, default: []].insert(kind)
                        } else {
                            Issue.record("\(module)/\(file): a public declaration this test cannot read: \(line)")
                        }
                    }
                    if code.contains("{"), let match = code.firstMatch(of: /\b(?:struct|enum|class|protocol|extension) (\w+)/) {
                        owners.append((String(match.1), depth + 1))
                    }
                    depth += code.count { $0 == "{" } - code.count { $0 == "}" }
                    while let last = owners.last, depth < last.depth { owners.removeLast() }
                }
            }
        }
        return found
    }

    /// The list in docs/api.md: one row per public type, its public members as code spans in
    /// the last column (`fire(_:at:in:around:)` names `fire`).
    static func listed() throws -> [String: Set<String>] {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/api.md"), encoding: .utf8)
        let open = try #require(doc.range(of: "<!-- public api -->\n"), "docs/api.md has no public API list")
        let close = try #require(doc.range(of: "<!-- /public api -->", range: open.upperBound..<doc.endIndex))
        var listed: [String: Set<String>] = [:]
        for row in doc[open.upperBound..<close.lowerBound].split(separator: "\n") where row.hasPrefix("| `") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let type = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let members = cells.count > 2 ? cells.last! : ""
            listed[type] = Set(members.matches(of: /`([^`(]+)[^`]*`/).map { String($0.1) })
        }
        return listed
    }

    @Test func everyPublicDeclarationIsInTheDocumentedListAndNothingElseIs() throws {
        let found = try Self.publicDeclarations(), listed = try Self.listed()
        var types = Set(found.keys)
        types.remove("")
        #expect(!types.isEmpty && types.contains("Celebration") && found["Celebration"]?.contains("fire") == true, "the scan finds the API")
        for type in types.sorted() {
            guard let members = listed[type] else {
                Issue.record("public \(type) is not in the public API list of docs/api.md")
                continue
            }
            for member in found[type, default: []].subtracting(members).sorted() {
                Issue.record("public \(type).\(member) is not in the public API list of docs/api.md")
            }
            for member in members.subtracting(found[type, default: []]).sorted() {
                Issue.record("docs/api.md lists \(type).\(member), which is not public")
            }
        }
        for type in Set(listed.keys).subtracting(types).sorted() {
            Issue.record("docs/api.md lists \(type), which is not public")
        }
    }

    /// Type-checks `source` as an app outside this package would compile it: against the built
    /// modules, without the package's name, so `package` declarations are out of its reach.
    static func typecheckAsAnOutsideApp(_ source: URL) async throws -> ChildProcess.Outcome {
        let modules = try ConfettiBinary.url().deletingLastPathComponent().appendingPathComponent("Modules")
        let cModules = ["CGLFW", "CEpoxy", "CEGL", "CPNG", "CFreeType", "CHarfBuzz", "CFontconfig"].flatMap { ["-I", root.appendingPathComponent("Sources/" + $0).path] }
        // FreeType's and HarfBuzz's headers sit in their own folders (pkg-config --cflags).
        let headers = ["/usr/include/freetype2", "/usr/include/harfbuzz"].flatMap { ["-Xcc", "-I" + $0] }
        return try await Tool.run("swiftc", ["-typecheck", source.path, "-I", modules.path] + cModules + headers)
    }

    @Test func theExampleAppCompilesAgainstThePublicAPIAlone() async throws {
        let example = Self.root.appendingPathComponent("Examples/CelebrateInGLFW/main.swift")
        let outcome = try await Self.typecheckAsAnOutsideApp(example)
        #expect(outcome.status == 0, "the example reaches past the public API: \(outcome.stderr)")

        // The same check refuses what only the package may use.
        let reaching = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-outside-\(UUID()).swift")
        defer { try? FileManager.default.removeItem(at: reaching) }
        try "import ConfettiGL\nlet celebration = try Celebration()\nprint(celebration.renderers.count, Budget.maxGPUBytes)\n"
            .write(to: reaching, atomically: true, encoding: .utf8)
        let refused = try await Self.typecheckAsAnOutsideApp(reaching)
        #expect(refused.status != 0 && refused.stderr.contains("'renderers' is inaccessible due to 'package' protection level")
                && refused.stderr.contains("cannot find 'Budget' in scope"), "\(refused.stderr)")
    }
}
