import ArgumentParser
import ConfettiApp
import ConfettiGL

struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract: "Open the viewer window (the default command).",
        discussion: """
            Controls:
            \(ViewerKeys.text)
            The HUD (H) and the title bar show fps, frame time, live particles, speed and the \
            effect. SIGINT or SIGTERM closes the \
            window cleanly (with --quit-after's statistics so far) and exits with 128 + the signal. \
            An --effect file, and with \
            --shader-dir the shaders, are reloaded when they change; a broken edit is shown in the \
            title and on stderr while the last good version keeps running. Needs a display; \
            without one, use `confetti render`.
            """
    )

    @Option(help: "Confetti pieces per burst (1 … capacity; default: the effect's).")
    var count: Given<Int>?

    @OptionGroup var effect: EffectOption

    @OptionGroup var emoji: EmojiOption

    @Option(help: "Particles each GPU ring holds; the oldest particles are overwritten when it is full.")
    var capacity = Given(Viewer.defaultCapacity)

    @Option(help: "Seed of the launches; launch k of a run draws from RNG stream k of it.")
    var seed: Given<UInt64> = 1

    @Option(help: "Window size in screen units, WxH.")
    var size = PixelSize(width: 1280, height: 720)

    @Flag(help: "Draw as fast as possible instead of waiting for the display's refresh.")
    var noVsync = false

    @Option(help: "Fire the effect every this many seconds, hands-free.")
    var fireEvery: Given<Double>?

    @Option(help: "Close after this many seconds and print frame-time statistics.")
    var quitAfter: Given<Double>?

    @Option(help: "Stress mode: keep about N confetti pieces alive with continuous launches.")
    var stress: Given<Int>?

    @Option(help: "Where S saves screenshots.")
    var screenshotDir: String = "."

    @OptionGroup var shaders: ShaderOptions

    @OptionGroup var motion: MotionOptions

    @OptionGroup var glow: BloomOptions

    @OptionGroup var sound: SoundOptions

    func validate() throws {
        try seed.checkedSeed()
        let capacity = try Viewer.checkedCapacity(capacity)
        if let count { try Viewer.checkCount(count.number("--count", taking: 1...capacity), capacity: capacity) }
        try size.checked("--size")
        try Budget.framePixels(width: size.width, height: size.height)
        try fireEvery?.checked(in: 0.01...3600, "--fire-every")
        try quitAfter?.checked(in: 0...86_400 * 365, "--quit-after")
        // Whether the ring holds a stress level depends on the effect's lifetime: checked in run.
        try stress?.checked(in: 1...Int(Int32.max), "--stress")
        guard !screenshotDir.isEmpty else {
            throw OptionRefusal("--screenshot-dir is empty: give a directory for S to save into, or leave it out for the current one")
        }
    }

    func run() throws {
        var options = Viewer.Options()
        options.width = size.width
        options.height = size.height
        let resolved = try effect.load(default: "celebration")
        options.effect = resolved.effect
        // Kept by the viewer and put on every effect it loads, reloads or switches to. The count
        // is set after the check: it sizes the bursts of the presets the viewer can switch to,
        // whatever the kind it starts with.
        options.overrides = try EffectOverrides(emoji: emoji.emoji, reducedMotion: motion.isOn, bloom: glow.bloom, muted: sound.mute, for: options.effect, name: effect.name(default: "celebration"))
        options.overrides.count = count?.value
        options.capacity = capacity.value
        options.seed = seed.value
        options.vsync = !noVsync
        options.shaderDirectory = shaders.shaderDir
        options.fireEvery = fireEvery?.value
        options.quitAfter = quitAfter?.value
        options.stress = stress?.value
        options.screenshotDirectory = screenshotDir
        // A file, named or by path, is watched and reloaded on change; so are shaders read from a directory.
        options.effectFile = resolved.file
        options.effectName = resolved.name
        try exitStatus(Viewer.showInForeground(options, given: effect.effect ?? "celebration"))
    }
}
