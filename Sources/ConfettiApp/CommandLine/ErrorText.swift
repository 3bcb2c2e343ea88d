import ConfettiCore

/// How errors reach the terminal: one line first, control characters escaped, and file-system
/// errors in words rather than as an NSError dump.
package enum ErrorText {
    /// `message` as printed: "confetti: " and its first line, then any further lines (usage),
    /// each with control characters and other non-printing characters escaped, so neither a
    /// file's text nor an option's value can move the cursor, clear the screen or forge a line.
    package static func printed(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0), limit: 1000) }
        var text = "confetti: " + lines.joined(separator: "\n")
        if !text.hasSuffix("\n") { text += "\n" }
        return text
    }
}
