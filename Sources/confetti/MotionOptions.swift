import ArgumentParser
import ConfettiApp
import ConfettiGL

/// `--reduced-motion` / `--no-reduced-motion`, shared by view, overlay and render. Neither
/// given: on when the desktop asks for fewer animations (GNOME's enable-animations is false).
struct MotionOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Fewer, slower pieces and no flashing (docs/effects.md, Reduced motion).",
        discussion: "Default: on when `gsettings get org.gnome.desktop.interface enable-animations` prints false (gsettings on the PATH, asked for at most 1 s); --no-reduced-motion overrides it."))
    var reducedMotion: Bool?

    /// Whether reduced motion is on: the flag, else the desktop's preference (asked once).
    var isOn: Bool {
        if let reducedMotion { return reducedMotion }
        if let asked = Self.desktop { return asked }
        let asked = DesktopMotionPreference.asksForReducedMotion()
        Self.desktop = asked
        return asked
    }

    nonisolated(unsafe) private static var desktop: Bool?

    /// The effect as this run plays it.
    func applied(to effect: Effect) -> Effect {
        isOn ? effect.reducedMotion : effect
    }
}
