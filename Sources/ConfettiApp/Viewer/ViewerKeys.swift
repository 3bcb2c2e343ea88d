/// The viewer's controls: the one table the viewer's `--help`, the README and the code that
/// handles keys agree on (a test compares them).
package enum ViewerKeys {
    package static let table: [(keys: String, action: String)] = [
        ("click the button", "celebrate: two classic fireworks around its corners and a confetti burst"),
        ("click elsewhere", "a classic firework at the cursor"),
        ("F", "a fountain of sparks above the button"),
        ("Space", "a confetti burst (--count N pieces)"),
        ("P", "pause / resume"),
        ("← →", "step one frame (1/60 s) back / forward while paused: rewinding is exact"),
        ("- +", "half / double speed (1/16× … 16×)"),
        ("R", "clear"),
        ("S", "save a screenshot (confetti-NNNN.png in --screenshot-dir, path printed)"),
        ("H", "show / hide the HUD: fps, frame time, live particles, speed, paused time, effect"),
        ("1 … 6, 0", "stress mode: keep 1k, 10k, 50k, 100k, 500k or 1M pieces alive; 0 stops"),
        ("N B", "next / previous preset (`confetti presets`), fired at once; the HUD and title name it"),
        ("Enter", "fire the current preset again"),
        ("E", "continuous emitter on / off: rain (or the preset's own stream) until stopped"),
        ("Esc, Q", "quit"),
    ]

    /// The table as aligned plain text, for `--help`.
    package static var text: String {
        let width = table.map(\.keys.count).max() ?? 0
        return table.map { "  " + $0.keys + String(repeating: " ", count: width - $0.keys.count + 3) + $0.action }.joined(separator: "\n")
    }

    /// The table as Markdown, for the README.
    package static var markdown: String {
        (["| key | action |", "| --- | --- |"] + table.map { "| \($0.keys) | \($0.action) |" }).joined(separator: "\n")
    }
}
