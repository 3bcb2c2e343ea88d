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

    /// Whether reduced motion is on: the flag, else the desktop's preference.
    var isOn: Bool { reducedMotion ?? DesktopMotionPreference.asksForReducedMotion() }
}
