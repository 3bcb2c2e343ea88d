import CGLFW
import ConfettiApp
import ConfettiCore
import Testing

/// `ViewerKeys.table` is the viewer's dispatch as well as its help: `Viewer.handle` takes the
/// action of the first binding an event matches. So each row's keys must reach that row's own
/// actions (no earlier row may take them), no key may belong to two rows, and a held key's
/// auto-repeats must do only what the row says they do. No window needed: this is the lookup
/// `handle` makes; the window tests press the keys for real.
@Suite struct ViewerKeysTests {
    static let button = Rect(x: 100, y: 100, width: 200, height: 56)

    /// An event that sets `trigger` off, as a first press.
    static func event(_ trigger: ViewerKeys.Trigger) -> WindowEvent {
        switch trigger {
        case .key(let code, _): .key(Int(code), repeated: false)
        case .character(let c): .character(c)
        case .clickOnButton: .click(x: button.midX, y: button.minY + button.height / 2)
        case .clickElsewhere: .click(x: button.minX - 1, y: button.minY + button.height / 2)
        }
    }

    /// What a key is, whether or not it repeats: two rows holding the same one would disagree.
    static func identity(_ trigger: ViewerKeys.Trigger) -> String {
        switch trigger {
        case .key(let code, _): "key code \(code)"
        case .character(let c): "character \(c)"
        case .clickOnButton: "a click on the button"
        case .clickElsewhere: "a click elsewhere"
        }
    }

    @Test func everyRowsKeysDispatchToItsOwnActionsAndNoKeyIsInTwoRows() {
        var rowOf: [String: String] = [:]
        for row in ViewerKeys.table {
            #expect(!row.bindings.isEmpty, "'\(row.keys)' is documented but sets nothing off")
            for (trigger, action) in row.bindings {
                let found = ViewerKeys.action(for: Self.event(trigger), button: Self.button)
                #expect(found == action, "'\(row.keys)': \(trigger) dispatches to \(String(describing: found)), not \(action)")
                let key = Self.identity(trigger)
                if let other = rowOf[key] {
                    Issue.record("\(key) is in row '\(other)' and in row '\(row.keys)'")
                }
                rowOf[key] = row.keys
            }
        }
        #expect(rowOf.count > ViewerKeys.table.count)
    }

    @Test func aHeldKeyRepeatsOnlyWhatItsRowAllowsAndUnlistedInputDoesNothing() {
        var repeating: [String] = []
        for row in ViewerKeys.table {
            for (trigger, action) in row.bindings {
                guard case .key(let code, let repeats) = trigger else { continue }
                let found = ViewerKeys.action(for: .key(Int(code), repeated: true), button: Self.button)
                #expect(found == (repeats ? action : nil), "'\(row.keys)': an auto-repeat of key code \(code) dispatches to \(String(describing: found))")
                if repeats { repeating.append(row.keys) }
            }
        }
        // Stepping, speed, clear and quit repeat; what fires, toggles or switches does not.
        #expect(Set(repeating) == ["← →", "- +", "R", "Esc, Q"], "\(repeating)")
        #expect(ViewerKeys.action(for: .refresh, button: Self.button) == nil)
        #expect(ViewerKeys.action(for: .key(Int(GLFW_KEY_Z), repeated: false), button: Self.button) == nil)
        #expect(ViewerKeys.action(for: .character("z"), button: Self.button) == nil)
    }

    /// A few rows by what their help says, so that a row cannot be wired to another's action
    /// and still pass the checks above.
    @Test func theKeysTheHelpNamesDoWhatItSays() throws {
        func action(_ event: WindowEvent) -> ViewerAction? { ViewerKeys.action(for: event, button: Self.button) }
        func key(_ code: Int32) -> WindowEvent { .key(Int(code), repeated: false) }
        #expect(action(.click(x: Self.button.midX, y: Self.button.minY + Self.button.height / 2)) == .celebrate)
        #expect(action(.click(x: 5, y: 5)) == .fireworkAtClick)
        #expect(action(key(GLFW_KEY_SPACE)) == .confetti)
        #expect(action(key(GLFW_KEY_F)) == .fountain)
        #expect(action(key(GLFW_KEY_LEFT)) == .step(frames: -1) && action(key(GLFW_KEY_RIGHT)) == .step(frames: 1))
        #expect(action(.character("+")) == .speedUp && action(.character("-")) == .slowDown)
        for (n, code) in [GLFW_KEY_1, GLFW_KEY_2, GLFW_KEY_3, GLFW_KEY_4, GLFW_KEY_5, GLFW_KEY_6].enumerated() {
            #expect(action(key(code)) == .stress(key: n + 1))
        }
        #expect(action(key(GLFW_KEY_0)) == .stopStress)
        #expect(action(key(GLFW_KEY_N)) == .switchPreset(by: 1) && action(key(GLFW_KEY_B)) == .switchPreset(by: -1))
        #expect(action(key(GLFW_KEY_ESCAPE)) == .quit && action(key(GLFW_KEY_Q)) == .quit)
        // The help's stress row names as many levels as there are keys.
        let stressRow = try #require(ViewerKeys.table.first { $0.bindings.contains { $0.action == .stopStress } })
        #expect(stressRow.bindings.count == Viewer.stressLevels.count + 1)
        #expect(stressRow.help.contains("1M") && stressRow.help.contains("1k"))
    }
}
