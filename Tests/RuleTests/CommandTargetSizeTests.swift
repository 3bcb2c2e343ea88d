import Foundation
import Testing
import TestSupport

/// The command target only parses options and hands them to ConfettiApp, where tests call the
/// work in process: its files stay within a budget of lines that parsing needs, so work that
/// grows there (an engine, a use case) shows up here first.
@Suite struct CommandTargetSizeTests {
    static let budget = 1_000

    @Test func theCommandTargetStaysWithinItsLines() throws {
        let folder = Repository.file("Sources/confetti")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
        #expect(files.count > 10, "read \(files.map(\.lastPathComponent))")
        let lines = try files.map { try String(contentsOf: $0, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1 }
        let total = lines.reduce(0, +)
        #expect(total <= Self.budget, "Sources/confetti holds \(total) lines, over its \(Self.budget): move the work into ConfettiApp")
    }
}
