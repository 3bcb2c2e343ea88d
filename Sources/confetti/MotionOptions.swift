import ArgumentParser
import ConfettiApp
import ConfettiGL

/// `--reduced-motion` / `--no-reduced-motion`, shared by view, overlay, render and fire. Neither
/// given: on when the desktop asks for fewer animations (`DesktopMotionPreference`).
struct MotionOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Fewer, slower pieces and no flashing (docs/effects.md, Reduced motion).",
        discussion: "Default: on when the desktop asks for fewer animations: the settings portal (org.freedesktop.appearance reduced-motion, GNOME's enable-animations), else gsettings; KDE's AnimationDurationFactor=0 in kdeglobals; GTK's gtk-enable-animations=false in gtk-4.0 or gtk-3.0/settings.ini ($XDG_CONFIG_HOME, then $XDG_CONFIG_DIRS). Each program asked at most 1 s; --no-reduced-motion overrides them all."))
    var reducedMotion: Bool?

    /// Whether reduced motion is on: the flag, else the desktop's preference.
    var isOn: Bool { reducedMotion ?? DesktopMotionPreference.asksForReducedMotion() }
}
