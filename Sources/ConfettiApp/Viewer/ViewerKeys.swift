import CGLFW
import ConfettiCore

/// The viewer's controls: one table that is at once what `Viewer.handle` dispatches on and what
/// `--help` and the README say (DocsTests compares the README with it). Each row holds the keys or
/// clicks that set it off, the words the help uses for them, and the action each one takes, so
/// a key cannot do one thing and be documented as another.
package enum ViewerKeys {
    /// What sets an action off.
    package enum Trigger: Hashable, Sendable {
        /// A GLFW key code pressed; its auto-repeats while held count too when `repeats`.
        case key(Int32, repeats: Bool = false)
        /// Text typed, which follows the keyboard layout (so `+` is `+` wherever it lives).
        case character(Character)
        /// A left click inside the button.
        case clickOnButton
        /// A left click anywhere else.
        case clickElsewhere

        /// Whether `event` sets this off, with the button's frame at `button`.
        package func matches(_ event: WindowEvent, button: Rect) -> Bool {
            switch (self, event) {
            case let (.key(code, repeats), .key(pressed, repeated)): pressed == Int(code) && (repeats || !repeated)
            case let (.character(wanted), .character(typed)): wanted == typed
            case let (.clickOnButton, .click(x, y)): button.contains(Point(x, y))
            case let (.clickElsewhere, .click(x, y)): !button.contains(Point(x, y))
            default: false
            }
        }
    }

    /// One line of the help, and what its keys do.
    package struct Row: Sendable {
        /// How the help names the keys ("Space", "1 … 6, 0").
        package let keys: String
        /// What the help says they do.
        package let help: String
        /// Each key of the row and the action it takes.
        package let bindings: [(trigger: Trigger, action: ViewerAction)]

        init(_ keys: String, _ help: String, _ bindings: [(trigger: Trigger, action: ViewerAction)]) {
            self.keys = keys
            self.help = help
            self.bindings = bindings
        }
    }

    package static let table: [Row] = [
        Row("click the button", "celebrate: two classic fireworks around its corners and a confetti burst", [(.clickOnButton, .celebrate)]),
        Row("click elsewhere", "a classic firework at the cursor", [(.clickElsewhere, .fireworkAtClick)]),
        Row("F", "a fountain of sparks above the button", [(.key(GLFW_KEY_F), .fountain)]),
        Row("Space", "the effect's confetti: a burst (--count N pieces), or its stream", [(.key(GLFW_KEY_SPACE), .confetti)]),
        Row("P", "pause / resume", [(.key(GLFW_KEY_P), .togglePause)]),
        // Held down, the arrows step on frame by frame.
        Row("← →", "step one frame (1/60 s) back / forward while paused: rewinding is exact", [
            (.key(GLFW_KEY_LEFT, repeats: true), .step(frames: -1)),
            (.key(GLFW_KEY_RIGHT, repeats: true), .step(frames: 1)),
        ]),
        // The characters wherever the layout puts them (with or without Shift), and the keypad's
        // keys by code, repeating while held as typed characters do.
        Row("- +", "half / double speed (1/16× … 16×)", [
            (.character("-"), .slowDown), (.character("_"), .slowDown),
            (.character("+"), .speedUp), (.character("="), .speedUp),
            (.key(GLFW_KEY_KP_SUBTRACT, repeats: true), .slowDown),
            (.key(GLFW_KEY_KP_ADD, repeats: true), .speedUp),
        ]),
        Row("R", "clear", [(.key(GLFW_KEY_R, repeats: true), .clear)]),
        Row("S", "save a screenshot (confetti-NNNN.png in --screenshot-dir, path printed)", [(.key(GLFW_KEY_S), .screenshot)]),
        Row("H", "the HUD with its frame-time graph, then the HUD alone, then nothing: fps, frame time, live particles, speed, paused time, effect; GPU and CPU time and GPU memory; the last 4 s of frame and GPU times", [(.key(GLFW_KEY_H), .cycleHUD)]),
        Row("1 … 6, 0", "stress mode: keep 1k, 10k, 50k, 100k, 500k or 1M pieces alive; 0 stops",
            Viewer.stressLevels.indices.map { (.key(GLFW_KEY_1 + Int32($0)), .stress(key: $0 + 1)) } + [(.key(GLFW_KEY_0), .stopStress)]),
        Row("N B", "next / previous preset (`confetti presets`), fired at once; the HUD and title name it", [
            (.key(GLFW_KEY_N), .switchPreset(by: 1)),
            (.key(GLFW_KEY_B), .switchPreset(by: -1)),
        ]),
        Row("Enter", "fire the current preset again", [(.key(GLFW_KEY_ENTER), .fireEffect), (.key(GLFW_KEY_KP_ENTER), .fireEffect)]),
        Row("E", "continuous emitter on / off: rain (or the preset's own stream) until stopped", [(.key(GLFW_KEY_E), .toggleEmitter)]),
        Row("M", "sound off / on (--mute starts it off): the lift, burst, crackle and glitter of fireworks, the pop of a cannon", [(.key(GLFW_KEY_M), .toggleMute)]),
        Row("Esc, Q", "quit", [(.key(GLFW_KEY_ESCAPE, repeats: true), .quit), (.key(GLFW_KEY_Q, repeats: true), .quit)]),
    ]

    /// The action `event` sets off, with the button's frame at `button`: the first binding in
    /// the table that it matches, or nil when it matches none.
    package static func action(for event: WindowEvent, button: Rect) -> ViewerAction? {
        for row in table {
            for binding in row.bindings where binding.trigger.matches(event, button: button) {
                return binding.action
            }
        }
        return nil
    }

    /// The table as aligned plain text, for `--help`.
    package static var text: String {
        let width = table.map(\.keys.count).max() ?? 0
        return table.map { "  " + $0.keys + String(repeating: " ", count: width - $0.keys.count + 3) + $0.help }.joined(separator: "\n")
    }

    /// The table as Markdown, for the README.
    package static var markdown: String {
        (["| key | action |", "| --- | --- |"] + table.map { "| \($0.keys) | \($0.help) |" }).joined(separator: "\n")
    }
}
