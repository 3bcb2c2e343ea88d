import ArgumentParser
import ConfettiApp
import ConfettiGL

struct OverlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overlay",
        abstract: "Play an effect once over the whole desktop, on every monitor, letting every click through.",
        discussion: """
            It covers every monitor and never takes the focus or any input: clicks and keys go to \
            the windows beneath. On Wayland it is a layer-shell surface on each output (sway, KWin, \
            Hyprland, river, …); where the compositor has no layer shell (GNOME's Mutter) it says so \
            in one line and opens a window on each output, which the desktop places. On X11 it is \
            one always-on-top window over every monitor XRandR lists. It plays the effect once \
            (default: the celebration, around the middle of the first monitor; --at and --output place \
            it as `confetti fire` does) and exits 0 when the last \
            particle has gone, or with --fire-every again and again until stopped; SIGINT and \
            SIGTERM end it early (exit 130 and 143). On X11 a \
            transparent window needs a compositing manager (xcompmgr, picom, or a desktop's own); \
            without one it exits 2, and --opaque draws over a plain background instead. \
            --resident stays instead, hidden while idle, and plays what `confetti fire` (or any \
            program, over $XDG_RUNTIME_DIR/confetti/overlay.socket) sends; --stop ends it.
            """
    )

    @OptionGroup var effect: EffectOption

    @Option(help: "Seed of the launch.")
    var seed: Given<UInt64> = 1

    @Option(help: "Confetti pieces in the burst (default: the effect's).")
    var count: Given<Int>?

    @OptionGroup var emoji: EmojiOption

    @OptionGroup var place: PlaceOptions

    @Option(help: "Fire the effect again every this many seconds, until SIGINT or SIGTERM.")
    var fireEvery: Given<Double>?

    @Flag(help: "Draw over the viewer's background colour instead of the desktop (needs no compositing manager).")
    var opaque = false

    @Flag(help: "Draw as fast as possible instead of waiting for the display's refresh.")
    var noVsync = false

    @Flag(help: ArgumentHelp("Stay, and play each launch sent over the socket in $XDG_RUNTIME_DIR/confetti (confetti fire), until --stop.",
                             discussion: "Launches overlap; those past the budget of what is alive at once are refused. Nothing is mapped or drawn while nothing is alive; after $CONFETTI_RESIDENT_SLEEP_AFTER seconds idle (default \(ResidentSleep.defaultSeconds.compactText), or never) it lets go of GL and the desktop until the next request. Socket-activated when systemd passes the socket (LISTEN_FDS)."))
    var resident = false

    @Option(help: ArgumentHelp("With --resident: particles each ring holds at once; a launch that would take one past it is refused.", discussion: "Default: \(Budget.format(Budget.residentCapacity))."))
    var capacity: Given<Int>?

    @Flag(help: "End the resident overlay (exit 0 whether or not one was running).")
    var stop = false

    @Flag(help: "With --resident: keep the surfaces mapped while idle, drawing nothing (for the GNOME Shell extension).")
    var keepMapped = false

    @OptionGroup var motion: MotionOptions

    @OptionGroup var glow: BloomOptions

    @OptionGroup var sound: SoundOptions

    func validate() throws {
        try seed.checkedSeed()
        try count?.checked(in: 1...Budget.maxCapacity, "--count")
        try fireEvery?.checked(in: 0.01...3600, "--fire-every")
        try capacity?.checked(in: 1...Budget.maxCapacity, "--capacity")
        if (keepMapped || capacity != nil) && !resident { throw OptionRefusal("--keep-mapped and --capacity are for --resident: add --resident, or leave them out") }
        if place.isGiven && (resident || stop) { throw OptionRefusal("--at and --output place the launch of a one-shot overlay; a resident overlay takes them with each launch (confetti fire --at, --output): leave them out") }
        if stop && resident { throw OptionRefusal("--stop ends a resident overlay and --resident starts one: give one of them") }
    }

    func run() throws {
        if stop {
            if try !ResidentFire.stop() { StandardStream.error("confetti: no resident overlay was running\n") }
            return
        }
        if resident {
            var options = ResidentOverlay.Options()
            (options.overlay.muted, options.overlay.opaque, options.overlay.vsync) = (sound.mute, opaque, !noVsync)
            (options.keepMapped, options.reducedMotion, options.overlay.capacity) = (keepMapped, motion.isOn, capacity?.value)
            return try exitStatus(ResidentOverlay.runInForeground(options))
        }
        var options = Overlay.Options()
        let loaded = try effect.load(default: "celebration").effect
        // The sound output starts muted instead (`Overlay.Options.muted`).
        options.effect = try EffectOverrides(emoji: emoji.emoji, reducedMotion: motion.isOn, bloom: glow.bloom, count: count?.value, for: loaded, name: effect.name(default: "celebration")).applied(to: loaded)
        (options.seed, options.muted, options.fireEvery) = (seed.value, sound.mute, fireEvery?.value)
        (options.opaque, options.vsync, options.place) = (opaque, !noVsync, try place.place())
        try exitStatus(Overlay.playInForeground(options))
    }
}
