import Foundation
import Testing
import TestSupport

/// The product (the library, the C library, the command, the tools) uses FoundationEssentials
/// or Glibc, never the ICU-backed Foundation, whose data alone would weigh tens of megabytes in
/// every binary: no Swift file under Sources/ or Examples/ imports Foundation (or one of its
/// ICU-backed parts). Tests may.
@Suite(.tags(.library)) struct FoundationImportTests {
    /// An import of Foundation itself, FoundationNetworking, FoundationXML or
    /// FoundationInternationalization, with any attribute or kind before it.
    static var forbidden: Regex<(Substring, Substring)> {
        /^\s*(?:@[A-Za-z_]+\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(Foundation(?:Networking|XML|Internationalization)?)(?:\.|\s|$)/
            .anchorsMatchLineEndings()
    }

    static func importers(under folders: [String]) throws -> [String] {
        var found: [String] = []
        for folder in folders {
            let root = Repository.file(folder)
            guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                throw TestFailure("cannot list \(root.path)")
            }
            for case let file as URL in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for match in text.matches(of: forbidden) {
                    found.append("\(folder)/\(file.path.dropFirst(root.path.count + 1)): import \(match.output.1)")
                }
            }
        }
        return found.sorted()
    }

    @Test func noProductSourceImportsFoundation() throws {
        let found = try Self.importers(under: ["Sources", "Examples"])
        #expect(found.isEmpty, "import FoundationEssentials (or Glibc) instead: \(found)")
    }

    /// The check sees what it looks for: this suite's own folder imports Foundation.
    @Test func theCheckFindsAnImport() throws {
        let found = try Self.importers(under: ["Tests/RuleTests"])
        #expect(found.contains("Tests/RuleTests/FoundationImportTests.swift: import Foundation"), "\(found.prefix(5))")
        #expect("@preconcurrency import Foundation\n".contains(Self.forbidden))
        #expect("import struct Foundation.Date\n".contains(Self.forbidden))
        #expect(!"import FoundationEssentials\n".contains(Self.forbidden))
        #expect(!"// import Foundation in a comment is not an import\n".contains(Self.forbidden))
    }
}
