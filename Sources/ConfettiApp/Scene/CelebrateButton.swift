import ConfettiCore

/// The "Celebrate" button the fireworks burst around: a rounded rectangle with a label.
package struct CelebrateButton: Hashable, Sendable {
    package var frame: Rect
    package var cornerRadius: Double = 14
    package var label = "Celebrate"
    package var fill = RGB(hex: 0x007AFF)
    package var text = RGB(1, 1, 1)

    package init(frame: Rect) {
        self.frame = frame
    }

    /// The button in the middle of a viewport.
    package static func centred(in viewport: Size) -> CelebrateButton {
        CelebrateButton(frame: .button(centredIn: viewport))
    }
}
