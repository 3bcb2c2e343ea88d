import Foundation
import Testing
import TestSupport

/// The tests are laid out so a name finds its file: every file of a test target that holds
/// tests holds exactly one suite, named like the file, and no test outside it. `--filter Name`
/// then runs what `Name.swift` says, and the lanes (`Lane`) tag whole suites.
@Suite struct TestLayoutTests {
    /// The Swift files of every test target (Tests/*/, subfolders included), but not the
    /// support targets, which hold no tests.
    static func testFiles() throws -> [URL] {
        let tests = Repository.file("Tests")
        let targets = try FileManager.default.contentsOfDirectory(at: tests, includingPropertiesForKeys: nil)
            .filter { $0.lastPathComponent.hasSuffix("Tests") }
        #expect(targets.count >= 3, "found the test targets: \(targets.map(\.lastPathComponent))")
        return targets.flatMap { target in
            (FileManager.default.enumerator(at: target, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { $0.pathExtension == "swift" }
        }.sorted { $0.path < $1.path }
    }

    /// What is wrong with `text`, the source of `file`: nil when it holds no tests, or one suite
    /// named `file` (without .swift) and every test inside it.
    static func problem(in text: String, file: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let suites = lines.compactMap { line -> String? in
            guard line.hasPrefix("@Suite"), let range = line.range(of: #"\bstruct\s+\w+"#, options: .regularExpression) else { return nil }
            return String(line[range].split(separator: " ").last!)
        }
        let holdsTests = lines.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix("@Test") }
        let looseTests = lines.filter { $0.hasPrefix("@Test") }.count
        if !holdsTests && suites.isEmpty { return nil }
        if suites != [file] { return "holds the suites \(suites), not one named \(file)" }
        if looseTests > 0 { return "holds \(looseTests) tests outside its suite" }
        return nil
    }

    @Test func everyFileWithTestsHoldsOneSuiteNamedLikeIt() throws {
        let files = try Self.testFiles()
        #expect(files.count > 50, "read \(files.count) files")
        for file in files {
            let name = file.deletingPathExtension().lastPathComponent
            let problem = Self.problem(in: try String(contentsOf: file, encoding: .utf8), file: name)
            #expect(problem == nil, "\(file.path.dropFirst(Repository.root.path.count + 1)) \(problem ?? "")")
        }
    }

    @Test func theRuleCatchesTwoSuitesALooseTestAndAMisnamedSuite() {
        let one = "import Testing\n\n@Suite struct A {\n    @Test func a() {}\n}\n"
        #expect(Self.problem(in: one, file: "A") == nil)
        #expect(Self.problem(in: "enum Helper {}\n", file: "Helper") == nil)
        #expect(Self.problem(in: one + "@Suite struct B {\n    @Test func b() {}\n}\n", file: "A") != nil)
        #expect(Self.problem(in: one + "@Test func loose() {}\n", file: "A") != nil)
        #expect(Self.problem(in: one, file: "ATests") != nil)
        #expect(Self.problem(in: "extension A {\n    @Test func elsewhere() {}\n}\n", file: "AMore") != nil)
        #expect(Self.problem(in: "@Suite(.serialized, .tags(.math)) struct A {\n    @Test func a() {}\n}\n", file: "A") == nil)
    }
}
