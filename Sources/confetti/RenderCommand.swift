import ArgumentParser
import ConfettiApp
import ConfettiGL

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render seeded launches of an effect headlessly to PNG frames or a video.",
        discussion: """
            Uses EGL with no display (Mesa's surfaceless platform) and an offscreen framebuffer. \
            Frame k shows time k/fps. The same options give byte-identical files.
            The effect is any preset (`confetti presets` describes each one) or an effect file.

            Output, by the extension of --out:
              celebration.mp4   H.264 (libx264, yuv420p; width and height must be even)
              celebration.webm  VP8 (libvpx)
              celebration.gif   GIF with a palette made from every frame
              celebration.mov   ProRes 4444 (prores_ks, 10-bit 4:4:4); with --lossless \
            QuickTime Animation (qtrle, 8-bit RGB, exactly the frames)
              celebration.apng  animated PNG, looping
              celebration.webp  animated WebP (libwebp, quality 75), looping
              out/frames a directory (no extension, or ending in /): frame-0000.png, …
            Videos are encoded by ffmpeg (apt-get install ffmpeg), fed raw frames on a pipe.

            Clips with alpha, to lay over footage in an editor or OBS: --transparent draws the \
            particles alone, over nothing (no background, no button), with straight \
            (un-premultiplied) alpha: RGBA PNG frames, .webm as VP9 with alpha (yuva420p; \
            read it with the libvpx-vp9 decoder, since ffmpeg's own VP9 decoder drops the \
            alpha), .mov as ProRes 4444 with alpha (yuva444p10le) or, with --lossless, \
            QuickTime Animation with alpha (ARGB), .apng and .webp as stickers with alpha. \
            Light (glow, white-hot cores, glitter, bloom) gets the alpha of its brightest \
            channel, so over black the clip adds exactly the light the render shows, and over \
            bright footage it still reads as coloured light. .mp4 and .gif hold no alpha and \
            are refused with --transparent.

            Sound: an mp4, webm or mov gets the effect's sound as its track (AAC, Opus or \
            16-bit PCM, 48 kHz stereo), in sync with the frames, when the effect makes any (the shells' lift, \
            burst, crackle and glitter, a rocket's, a cannon's pop, the confetti burst's \
            rustle); --mute leaves it out. --audio show.wav writes the track alone as 16-bit \
            WAV, the same samples for the same options on every machine, never above -1 dBFS; \
            with --audio and no --out no frames are drawn.

            Nothing is ever half-written: each frame and the video are written under a \
            temporary name (.frame-0003.png.tmp-PID, .celebration.mp4.tmp-PID) in the same directory \
            and renamed into place when complete. Ctrl-C (SIGINT) or SIGTERM stops between \
            two frames: complete frames stay, an unfinished video and every temporary file are \
            removed, and the exit status is 130 or 143. A lock file \
            (.confetti-render.lock in the directory, .celebration.mp4.confetti-render.lock beside a \
            video) keeps a second render out while one runs; a lock left by a render that died \
            is taken over.
            A directory that already holds frame-*.png files from an earlier render is refused \
            unless --force, which removes those frames (and nothing else) first. A video file \
            is replaced when the new one is complete.
            Links: --out is your path, and a symbolic link there is followed (to a directory, \
            or to the video file to replace). Inside the directory no link is followed: a \
            link named like a frame is removed by --force or replaced by the frame, never \
            written through. On a terminal a progress bar shows on stderr.
            """
    )

    @OptionGroup var effect: EffectOption

    @Option(help: "Seed of the celebration.")
    var seed: Given<UInt64> = 1

    @Option(help: "Frame size in pixels, WxH.")
    var size = PixelSize(width: 1280, height: 720)

    @Option(help: "Frames per second of animation time.")
    var fps: Given<Double> = 30

    @Option(help: "Number of frames. Default: enough to cover --duration.")
    var frames: Given<Int>?

    @Option(help: "Seconds of animation. Default: until the last piece has gone.")
    var duration: Given<Double>?

    @Option(help: ArgumentHelp("A directory for PNG frames, or a video file ending in .mp4, .webm, .gif, .mov, .apng or .webp (default: out/render, unless --audio alone is asked for).", valueName: "dir|file"))
    var out: String?

    @Flag(help: "The particles alone with straight alpha, over nothing (no background, no button): a clip to lay over footage. PNG frames, .webm (VP9), .mov (ProRes 4444), .apng or .webp.")
    var transparent = false

    @Flag(help: "A .mov as QuickTime Animation (qtrle: lossless 8-bit, larger for busy frames) instead of ProRes 4444.")
    var lossless = false

    @Option(help: ArgumentHelp("Also write the sound track to a WAV file (48 kHz, 16-bit stereo).", valueName: "file.wav"))
    var audio: String?

    @OptionGroup var sound: SoundOptions

    @Flag(help: "Remove the frame-*.png files of an earlier render in the output directory first.")
    var force = false

    @Option(help: "Launches of the effect. Default: 3 for confetti, else 1.")
    var launches: Given<Int>?

    /// `--bursts`, the old name of `--launches`: still taken, hidden from the help, with a
    /// warning (`DeprecatedOption.launches`).
    @Option(name: .customLong("bursts"), help: .hidden)
    var deprecatedBursts: Given<Int>?

    @Option(help: "Seconds between launches.")
    var interval: Given<Double> = 0.35

    @Option(help: "Confetti pieces per burst (default: the effect's).")
    var count: Given<Int>?

    @OptionGroup var emoji: EmojiOption

    @OptionGroup var shaders: ShaderOptions

    @OptionGroup var motion: MotionOptions

    @OptionGroup var glow: BloomOptions

    mutating func validate() throws {
        launches = try DeprecatedOption.launches(launches, bursts: deprecatedBursts, launchesGiven: launches != nil)
        deprecatedBursts = nil
        if let audio { try Render.checkTrackName(audio) }
        if out?.isEmpty == true {
            throw OptionRefusal("--out is empty: give a directory for PNG frames, or a file ending in \(VideoFormat.extensionList)")
        }
        try seed.checkedSeed()
        try size.checked("--size")
        try fps.checked(in: 1...1000, "--fps")
        try frames?.checked(in: Render.frameRange, "--frames")
        try duration?.checked(in: 0.001...3600, "--duration")
        if frames != nil, duration != nil {
            throw OptionRefusal("give --frames or --duration, not both")
        }
        try launches?.checked(in: 1...10_000, "--launches")
        try interval.checked(in: 0...3600, "--interval")
        // Its product with the launches is the budget's, once the effect says whether it has a
        // burst to count (a shell has neither launches of confetti nor a count).
        try count?.checked(in: 1...Budget.maxCapacity, "--count")
    }

    func run() throws {
        let name = effect.name(default: "celebration")
        let loaded = try effect.load(default: "celebration").effect
        let overrides = try EffectOverrides(emoji: emoji.emoji, reducedMotion: motion.isOn, bloom: glow.bloom, count: count?.value, muted: sound.mute, for: loaded, name: name)
        var options = Render.Options()
        options.effect = overrides.recorded(loaded)
        options.effectName = name
        options.seed = seed.value
        (options.width, options.height) = (size.width, size.height)
        options.fps = fps.value
        options.frames = frames?.value
        options.duration = duration?.value
        options.out = out ?? (audio == nil ? "out/render" : nil)
        options.audio = audio
        options.force = force
        options.transparent = transparent
        options.lossless = lossless
        options.launches = launches?.value
        options.interval = interval.value
        options.countGiven = count != nil
        options.headless = shaders.headless
        try exitStatus(Render(options: options).runInForeground())
    }
}
