import CPosix
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A one-line progress bar on stderr, redrawn in place, for a terminal only:
///
///     celebration.mp4 [##########----------]  23/45 frames  12.3 frames/s  0:02 left
///
/// When stderr is not a terminal (a pipe, a file, CI) it draws nothing.
package struct ProgressBar {
    package let total: Int
    package let label: String
    package let enabled: Bool
    /// From the first update (0 frames done), so set-up time does not count against the rate.
    private var start: ContinuousClock.Instant?
    private var lastDraw: ContinuousClock.Instant?
    private var lastLength = 0
    private var drawn = false

    package init(total: Int, label: String, enabled: Bool = ProgressBar.stderrIsTerminal) {
        self.total = total
        // A long path keeps its end, where the name is.
        self.label = label.count > 20 ? "…" + label.suffix(19) : label
        self.enabled = enabled
    }

    package static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// `done` frames of `total`; redrawn at most ten times a second, and always for the last
    /// frame or with a note (which replaces the time left: "encoding …").
    package mutating func update(done: Int, note: String? = nil) {
        guard enabled else { return }
        let now = ContinuousClock.now
        let start = self.start ?? now
        self.start = start
        if let lastDraw, note == nil, done < total, now - lastDraw < .milliseconds(100) { return }
        lastDraw = now
        let width = Int(confetti_terminal_columns(STDERR_FILENO))
        let line = Self.line(label: label, done: done, total: total, elapsed: seconds(now - start),
                             columns: width > 0 ? width : 80, note: note)
        // Pad over what a longer previous line left, rather than rely on escape sequences.
        let padding = String(repeating: " ", count: max(0, lastLength - line.count))
        lastLength = line.count
        drawn = true
        StandardStream.error("\r" + line + padding)
    }

    /// Ends the line, if one was drawn.
    package mutating func finish() {
        guard enabled, drawn else { return }
        drawn = false
        StandardStream.error("\n")
    }

    /// The line itself: label, bar, frames done / total, rate, time left (or the note).
    package static func line(label: String, done: Int, total: Int, elapsed: Double, columns: Int = 80, note: String? = nil) -> String {
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let rateText = done > 0 && elapsed > 0 ? String(printf: rate < 10 ? "%.1f" : "%.0f", rate) : "–"
        let tail: String
        if let note {
            tail = note
        } else if done >= total {
            tail = "done in " + clock(elapsed)
        } else if done > 0 && rate > 0 {
            tail = clock(Double(total - done) / rate) + " left"
        } else {
            tail = "–:– left"
        }
        let counts = "\(String(repeating: " ", count: max(0, "\(total)".count - "\(done)".count)))\(done)/\(total) frames  \(rateText) frames/s  \(tail)"
        // The bar keeps one width while the text after it changes: room for the longest text.
        let room = columns - 1 - label.count - 4 - (2 * "\(total)".count + 40)
        guard room >= 10 else { return "\(label)  \(counts)" }
        let width = min(room, 30)
        let filled = total > 0 ? min(width, width * done / total) : width
        return "\(label) [\(String(repeating: "#", count: filled))\(String(repeating: "-", count: width - filled))]  \(counts)"
    }

    /// `0:07`, `12:34`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        if s >= 3600 { return String(printf: "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60) }
        return String(printf: "%ld:%02ld", s / 60, s % 60)
    }

    private func seconds(_ duration: Duration) -> Double {
        let (s, attoseconds) = duration.components
        return Double(s) + Double(attoseconds) * 1e-18
    }
}
