import Foundation
import Testing
import TestSupport

/// docs/architecture.md against the tree it describes: its module table names every target of
/// Package.swift (the C system-library modules included) and nothing else, and its folder tree
/// is the repository's folders, each described. `CONFETTI_UPDATE_DOCS=1 swift test --filter DocsTests`
/// rewrites the folder tree from the real one, keeping each folder's description and leaving
/// new folders' empty for a person to write.
@Suite struct ArchitectureDocsTests {
    static let doc = "docs/architecture.md"

    /// Every target Package.swift declares, by name.
    static func targets() throws -> Set<String> {
        let manifest = try String(contentsOf: Repository.file("Package.swift"), encoding: .utf8)
        let declaration = /\.(?:target|executableTarget|testTarget|systemLibrary|plugin|binaryTarget|macro)\(\s*name:\s*"([^"]+)"/
        return Set(manifest.matches(of: declaration).map { String($0.output.1) })
    }

    /// The names in backticks of the first column of the table under `## Modules`.
    static func tabledModules() throws -> [String] {
        let text = try String(contentsOf: Repository.file(doc), encoding: .utf8)
        guard let heading = text.range(of: "\n## Modules\n") else { throw TestFailure("\(doc) has no ## Modules section") }
        let section = text[heading.upperBound...].prefix { _ in true }
        let body = section.range(of: "\n## ").map { section[..<$0.lowerBound] } ?? section
        return body.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| module ") }.flatMap { row -> [String] in
            let cell = row.dropFirst(2).prefix { $0 != "|" }
            return cell.matches(of: /`([^`]+)`/).map { String($0.output.1) }
        }
    }

    @Test func theModuleTableNamesEveryTargetOnce() throws {
        let targets = try Self.targets(), tabled = try Self.tabledModules()
        #expect(targets.count >= 20, "Package.swift read: \(targets.sorted())")
        let missing = targets.subtracting(tabled).sorted(), unknown = Set(tabled).subtracting(targets).sorted()
        #expect(missing.isEmpty, "targets of Package.swift the module table of \(Self.doc) does not name: \(missing)")
        #expect(unknown.isEmpty, "the module table of \(Self.doc) names what Package.swift does not declare: \(unknown)")
        let twice = Dictionary(grouping: tabled) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
        #expect(twice.isEmpty, "named in two rows: \(twice)")
    }

    @Test func theFolderTreeIsTheRepositorysOwn() throws {
        let described = try FolderTree.descriptions(in: GeneratedSection.current(Self.doc, section: "folder tree"))
        let folders = try FolderTree.folders()
        #expect(folders.contains("Sources/ConfettiCore/Sprite") && folders.contains("Sources/ConfettiApp/Sound"), "\(folders)")
        try GeneratedSection.check(Self.doc, section: "folder tree", equals: FolderTree.markdown(folders, descriptions: described))
        guard !GeneratedSection.updating else { return }
        let undescribed = folders.filter { (described[$0] ?? "").isEmpty }
        #expect(undescribed.isEmpty, "folders the tree in \(Self.doc) does not describe (write what each holds after its name): \(undescribed)")
    }
}

/// The folder tree of docs/architecture.md: a code block, one folder a line, indented two spaces
/// a level, its name and `/`, then what it holds.
enum FolderTree {
    /// How deep the tree goes under each top-level folder: a target's folders under `Sources/`
    /// and a test target's under `Tests/`, one level under the rest.
    static func depth(of top: String) -> Int { ["Sources", "Tests"].contains(top) ? 3 : 2 }

    /// The repository's folders as paths from its root, in tree order (each folder before what is
    /// in it, names sorted), leaving out what the build, the tools and the runs make: hidden
    /// folders, `out`, and caches (`__pycache__`).
    static func folders() throws -> [String] {
        var found: [String] = []
        func walk(_ path: String, level: Int, limit: Int) throws {
            let url = path.isEmpty ? Repository.root : Repository.file(path)
            let names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            for name in names where !name.hasPrefix(".") && !name.hasPrefix("__") && !(path.isEmpty && name == "out") {
                let child = path.isEmpty ? name : path + "/" + name
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: Repository.file(child).path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
                found.append(child)
                let childLimit = path.isEmpty ? depth(of: name) : limit
                if level + 1 < childLimit { try walk(child, level: level + 1, limit: childLimit) }
            }
        }
        try walk("", level: 0, limit: 1)
        return found
    }

    /// Each folder's description in a tree written in this form.
    static func descriptions(in section: String) -> [String: String] {
        var result: [String: String] = [:], stack: [String] = []
        for line in section.split(separator: "\n") where !line.hasPrefix("```") {
            let indent = line.prefix { $0 == " " }.count
            let rest = line.dropFirst(indent)
            guard let slash = rest.firstIndex(of: "/") else { continue }
            let name = String(rest[..<slash]), level = indent / 2
            guard level <= stack.count else { continue }
            stack = Array(stack.prefix(level)) + [name]
            result[stack.joined(separator: "/")] = rest[rest.index(after: slash)...].trimmingCharacters(in: .whitespaces)
        }
        return result
    }

    /// The tree of `folders` with their descriptions, a column wide enough for the longest name.
    static func markdown(_ folders: [String], descriptions: [String: String]) -> String {
        let heads = folders.map { path -> String in
            let parts = path.split(separator: "/")
            return String(repeating: "  ", count: parts.count - 1) + parts.last! + "/"
        }
        let column = (heads.map(\.count).max() ?? 0) + 2
        let lines = zip(folders, heads).map { path, head in
            let description = descriptions[path] ?? ""
            return description.isEmpty ? head : head.padding(toLength: column, withPad: " ", startingAt: 0) + description
        }
        return (["```"] + lines + ["```"]).joined(separator: "\n")
    }
}
