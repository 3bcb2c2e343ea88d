import Foundation
import Testing

/// A part of a document that the code writes: the text between `<!-- marker -->` and
/// `<!-- /marker -->`. A test compares it with what the code generates now;
/// `CONFETTI_UPDATE_DOCS=1 swift test --filter DocsTests` writes the generated text in instead.
package enum GeneratedSection {
    /// How to bring every generated section up to date.
    package static let regenerate = "CONFETTI_UPDATE_DOCS=1 swift test --filter DocsTests"

    /// Whether this run rewrites the sections instead of checking them.
    package static var updating: Bool { ProcessInfo.processInfo.environment["CONFETTI_UPDATE_DOCS"] == "1" }

    /// The section `marker` of `file` (relative to the repository's root), between its marker
    /// lines.
    package static func current(_ file: String, section marker: String) throws -> String {
        let text = try String(contentsOf: Repository.file(file), encoding: .utf8)
        let range = try bounds(of: marker, in: text, file: file)
        return String(text[range])
    }

    /// Records an issue unless the section `marker` of `file` equals `generated` (plus a final
    /// newline); rewrites it instead when `updating`.
    package static func check(_ file: String, section marker: String, equals generated: String,
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Repository.file(file)
        var text = try String(contentsOf: url, encoding: .utf8)
        let range = try bounds(of: marker, in: text, file: file)
        if updating {
            text.replaceSubrange(range, with: generated + "\n")
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let current = String(text[range])
        #expect(current == generated + "\n", "\(file)'s \(marker) section is out of date: run \(regenerate)\(firstDifference(current, generated + "\n"))",
                sourceLocation: sourceLocation)
    }

    private static func bounds(of marker: String, in text: String, file: String) throws -> Range<String.Index> {
        let open = "<!-- \(marker) -->\n", close = "<!-- /\(marker) -->"
        guard let start = text.range(of: open) else { throw TestFailure("\(file) has no \(open)") }
        guard let end = text.range(of: close, range: start.upperBound..<text.endIndex) else { throw TestFailure("\(file) has no \(close)") }
        return start.upperBound..<end.lowerBound
    }

    /// The first line that differs, to say what changed.
    private static func firstDifference(_ current: String, _ generated: String) -> String {
        let a = current.split(separator: "\n", omittingEmptySubsequences: false), b = generated.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(a.count, b.count) where (i < a.count ? a[i] : nil) != (i < b.count ? b[i] : nil) {
            return "; first difference at its line \(i + 1): the doc has \((i < a.count ? String(a[i]) : "nothing").debugDescription), the code says \((i < b.count ? String(b[i]) : "nothing").debugDescription)"
        }
        return ""
    }
}
