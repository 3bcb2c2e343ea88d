import ArgumentParser
import ConfettiApp
import ConfettiGL
import Foundation

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
              out/frames a directory (no extension, or ending in /): frame-0000.png, …
            Videos are encoded by ffmpeg (apt-get install ffmpeg), fed raw frames on a pipe.

            Sound: an mp4 or webm gets the effect's sound as its track (AAC or Opus, 48 kHz \
            stereo), in sync with the frames, when the effect makes any (the shells' lift, \
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
    var seed: UInt64 = 1

    @Option(help: "Frame size in pixels, WxH.")
    var size = PixelSize(width: 1280, height: 720)

    @Option(help: "Frames per second of animation time.")
    var fps: Double = 30

    @Option(help: "Number of frames. Default: enough to cover --duration.")
    var frames: Int?

    @Option(help: "Seconds of animation. Default: until the last piece has gone.")
    var duration: Double?

    @Option(help: ArgumentHelp("A directory for PNG frames, or a video file ending in .mp4, .webm or .gif (default: out/render, unless --audio alone is asked for).", valueName: "dir|file"))
    var out: String?

    @Option(help: ArgumentHelp("Also write the sound track to a WAV file (48 kHz, 16-bit stereo).", valueName: "file.wav"))
    var audio: String?

    @OptionGroup var sound: SoundOptions

    @Flag(help: "Remove the frame-*.png files of an earlier render in the output directory first.")
    var force = false

    @Option(help: "Launches of the effect. Default: 3 for confetti, else 1.")
    var launches: Int?

    /// `--bursts`, the old name of `--launches`: still taken, hidden from the help, with a
    /// warning (`DeprecatedOption.launches`).
    @Option(name: .customLong("bursts"), help: .hidden)
    var deprecatedBursts: Int?

    @Option(help: "Seconds between launches.")
    var interval: Double = 0.35

    @Option(help: "Confetti pieces per burst (default: the effect's).")
    var count: Int?

    @OptionGroup var emoji: EmojiOption

    @OptionGroup var shaders: ShaderOptions

    @OptionGroup var motion: MotionOptions

    @OptionGroup var glow: BloomOptions

    mutating func validate() throws {
        launches = try DeprecatedOption.launches(launches, bursts: deprecatedBursts, launchesGiven: launches != nil)
        deprecatedBursts = nil
        if let audio {
            guard !audio.isEmpty else { throw OptionRefusal("--audio is empty: give a file ending in .wav") }
            guard PathText.fileExtension(audio)?.lowercased() == "wav" else {
                throw OptionRefusal("--audio \(audio): the track is written as WAV; give a file ending in .wav")
            }
        }
        if out?.isEmpty == true {
            throw OptionRefusal("--out is empty: give a directory for PNG frames, or a file ending in \(VideoFormat.extensionList)")
        }
        try requireFinite(fps, in: 1...1000, "--fps")
        if let frames { try FrameLimits.validateFrames(frames) }
        if let duration { try requireFinite(duration, in: 0.001...3600, "--duration") }
        if frames != nil, duration != nil {
            throw OptionRefusal("give --frames or --duration, not both")
        }
        if let launches { try require(launches, in: 1...10_000, "--launches") }
        try requireFinite(interval, in: 0...3600, "--interval")
        if let count {
            // Its product with the launches is the budget's, once the effect says whether it has a
            // burst to count (a shell has neither launches of confetti nor a count).
            try require(count, in: 1...ConfettiCommandLimits.maxCapacity, "--count")
        }
    }

    func run() throws {
        // Checked before anything is drawn or created: the output type and what it needs.
        let wanted = try (out ?? (audio == nil ? "out/render" : nil)).map(OutputTarget.parse)
        if let audio {
            do { try AtomicFile.checkWritable(audio) } catch { throw OutputRefusal("--audio \(audio): \(error)") }
        }
        var ffmpeg: String?
        if case .video(let path, let format) = wanted {
            ffmpeg = FFmpeg.locate()
            guard ffmpeg != nil else { throw OutputRefusal(FFmpeg.missingMessage(for: path)) }
            if format.needsEvenSize && (size.width % 2 != 0 || size.height % 2 != 0) {
                throw OptionRefusal("--size \(size): .\(format.rawValue) (\(format.codecName), yuv420p) needs an even width and height, such as \(size.width + size.width % 2)x\(size.height + size.height % 2)")
            }
        }

        let name = effect.effect ?? "celebration"
        let chosen = try sound.applied(to: EffectOption.applying(count: count, to: glow.applied(to: motion.applied(to: emoji.applied(to: effect.load(default: "celebration"), name: name))), name: name))
        let schedule = LaunchSchedule(effect: chosen, seed: seed, launches: launches, interval: interval)
        // Spawned once: the recorder's batches give the duration and are what it uploads.
        var recorder = FrameRecorder(schedule: schedule, width: size.width, height: size.height, fps: fps, frames: 1)
        let heard = SoundTrack(schedule.sounds(in: Size(width: Double(size.width), height: Double(size.height))))
        // The track alone runs until its last sound has ended too.
        let seconds = duration ?? (wanted == nil ? max(recorder.duration, Double(heard.sampleCount) / Double(SoundTrack.sampleRate)) : recorder.duration)
        recorder.frames = frames ?? max(1, Int((seconds * fps).rounded(.up)))
        try FrameLimits.validateFrames(recorder.frames)
        // As long as the frames: frame k shows k / fps, and lasts until (k + 1) / fps. Made only
        // where it is written, as it is written.
        let track = audio != nil || (!heard.events.isEmpty && wanted?.hasAudio == true)
            ? try SoundTrackFile(heard, seconds: Double(recorder.frames) / fps, what: "\(recorder.frames) frames at \(fps.compactText) fps",
                                 hint: "give fewer --frames or a higher --fps") : nil
        // From here on SIGINT, SIGTERM and SIGHUP stop the render between frames (or blocks of
        // the track) and clean up.
        StopSignals.install()
        if let audio { try track!.write(to: audio) }
        guard let target = wanted else {
            print("wrote \(audio!): \(heard.events.count) sounds of \(effect.effect ?? "celebration") (seed \(seed)), \(String(format: "%.2f", Double(track!.frames) / Double(SoundTrack.sampleRate))) s")
            return
        }

        let started = ContinuousClock.now
        var bar = ProgressBar(total: recorder.frames, label: out ?? "out/render")
        var done = 0
        var opened: FrameSink?
        do {
            // The GL context first: with no driver, nothing is created on disk.
            try shaders.withHeadlessGL { library, _ in
                let sink: FrameSink
                switch target {
                case .frames(let directory):
                    sink = try PNGFrameDirectory(directory, force: force)
                case .video(let path, let format):
                    sink = try VideoFile(path: path, format: format, width: size.width, height: size.height, fps: fps, ffmpeg: ffmpeg!,
                                         audio: heard.events.isEmpty ? nil : track)
                }
                opened = sink
                try recorder.record(into: sink, shaders: library) { frames in
                    done = frames
                    if case .video(_, let format) = target, frames == recorder.frames {
                        bar.update(done: frames, note: "encoding \(format.rawValue) …")
                    } else {
                        bar.update(done: frames)
                    }
                    try StopSignals.check()
                }
            }
            try opened!.finish()
            bar.update(done: done)
            bar.finish()
        } catch let interrupted as Interrupted {
            bar.finish()
            let left = opened?.abandon() ?? "nothing was written"
            FileHandle.standardError.write(Data("confetti: \(interrupted) after \(done) of \(recorder.frames) frames; \(left)\n".utf8))
            throw ExitCode(interrupted.status)
        } catch {
            bar.finish()
            _ = opened?.abandon()
            throw error
        }

        let what = "\(effect.effect ?? "celebration") (\(size), \(fps.compactText) fps, seed \(seed))"
        switch target {
        case .frames(let directory):
            let path = URL(fileURLWithPath: directory).standardizedFileURL.path
            print("wrote \(recorder.frames) frames of \(what) to \(path)/\(PNGFrameDirectory.frameName(0)) … \(PNGFrameDirectory.frameName(recorder.frames - 1))")
        case .video(let path, let format):
            let elapsed = ContinuousClock.now - started
            let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            print("wrote \(path): \(recorder.frames) frames of \(what), \(format.codecName), \(bytes) bytes, in \(String(format: "%.1f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)) s")
        }
    }
}

enum FrameLimits {
    static func validateFrames(_ frames: Int) throws {
        try require(frames, in: 1...100_000, "--frames")
    }
}
