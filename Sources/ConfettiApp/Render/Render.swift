import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc
import SystemPackage

/// `confetti render`: seeded launches of an effect drawn headlessly to PNG frames or a video,
/// with its sound track, or the track alone as WAV. The same options give byte-identical files.
///
/// `check` runs before anything is spawned or written; `run` draws. Frame k shows k / fps; the
/// frames run until the last piece has gone (or `frames`, or `duration`); the track as long.
package struct Render {
    package struct Options: Sendable {
        /// The effect as it plays (`EffectOverrides.recorded`).
        package var effect = Effect.celebration
        /// What messages call the effect: a preset's name or the file as given.
        package var effectName = "celebration"
        package var seed: UInt64 = 1
        package var width = 1280
        package var height = 720
        package var fps = 30.0
        /// Frames to draw; nil: enough to cover `duration`.
        package var frames: Int?
        /// Seconds of animation; nil: until the last piece has gone (with no frames asked for,
        /// until the last sound has ended too).
        package var duration: Double?
        /// A directory for PNG frames or a video file (`OutputTarget`); nil: no frames, the
        /// track alone to `audio`.
        package var out: String? = "out/render"
        /// A WAV file for the sound track, as well.
        package var audio: String?
        /// Remove the frame-*.png files of an earlier render in the directory first.
        package var force = false
        /// Launches of the effect; nil: the effect's own number (`LaunchSchedule`).
        package var launches: Int?
        /// Seconds between launches.
        package var interval = 0.35
        /// Whether the effect's confetti count was set by the command (`--count`): the budget
        /// names the option then.
        package var countGiven = false
        /// The particles alone, over nothing, with straight alpha (`FrameRecorder.transparent`):
        /// RGBA PNG frames, or a video whose format holds alpha (`VideoFormat.holdsAlpha`).
        package var transparent = false
        /// A .mov as QuickTime Animation (lossless) instead of ProRes 4444.
        package var lossless = false
        package var headless = HeadlessSetup()

        package init() {}
    }

    /// What a render wrote.
    package struct Outcome: Sendable, Equatable {
        package var frames: Int
        /// The sounds on the track.
        package var sounds: Int
        /// Samples per channel of the track (48 kHz), as long as the frames or, for the track
        /// alone, until the last sound has ended.
        package var audioFrames: Int
        /// The line that says what was written.
        package var summary: String
    }

    package var options: Options

    package init(options: Options) { self.options = options }

    /// The launches as scheduled: `options.launches` of them, or the effect's own number.
    package var schedule: LaunchSchedule {
        LaunchSchedule(effect: options.effect, seed: options.seed, launches: options.launches, interval: options.interval)
    }

    /// Checked before anything is spawned or written: the shader files on disk (read now, since
    /// the output folder is made before the programs are built) and the budget (particles per
    /// launch and in all launches, GPU bytes, frames, frames × pixels).
    package func check() throws {
        _ = try ShaderLibrary.resolve(options.headless.shaderDirectory, requiring: SceneRenderer.programFiles)
        try Budget.render(Budget.RenderRequest(
            effect: options.effect, launches: options.launches, interval: options.interval, countGiven: options.countGiven,
            width: options.width, height: options.height, fps: options.fps, frames: options.frames, duration: options.duration
        ))
    }

    /// Draws the frames into the output and writes the track. From the first frame on, SIGINT,
    /// SIGTERM and SIGHUP (`StopSignals`, installed here) stop it between two frames: complete
    /// frames stay, an unfinished video and every temporary file are removed, what stayed is
    /// said on stderr, and `Interrupted` is thrown.
    package func run() throws -> Outcome {
        let o = options
        // Checked before anything is drawn or created: the output type and what it needs.
        let wanted = try o.out.map(OutputTarget.parse)
        if let audio = o.audio {
            do { try AtomicFile.checkWritable(audio) } catch { throw OutputRefusal("--audio \(audio): \(error)") }
        }
        if o.transparent, case .video(_, let format) = wanted, !format.holdsAlpha {
            throw OptionRefusal("--transparent: .\(format.rawValue) (\(VideoEncoding(format).codecName)) has no alpha channel; write \(VideoFormat.alphaList), or PNG frames to a directory")
        }
        if o.transparent, wanted == nil {
            throw OptionRefusal("--transparent draws frames with alpha, but with --audio alone none are drawn: give --out too, or leave --transparent out")
        }
        if o.lossless {
            guard case .video(_, .mov) = wanted else {
                throw OptionRefusal("--lossless picks QuickTime Animation instead of ProRes 4444 for a .mov; --out \(o.out ?? "") is not a .mov, so leave --lossless out")
            }
        }
        var ffmpeg: String?
        if case .video(let path, let format) = wanted {
            ffmpeg = FFmpeg.locate()
            guard ffmpeg != nil else { throw OutputRefusal(FFmpeg.missingMessage(for: path)) }
            if format.needsEvenSize && (o.width % 2 != 0 || o.height % 2 != 0) {
                throw OptionRefusal("--size \(o.width)x\(o.height): .\(format.rawValue) (\(VideoEncoding(format).codecName), yuv420p) needs an even width and height, such as \(o.width + o.width % 2)x\(o.height + o.height % 2)")
            }
        }

        let encoding = wanted.flatMap { target -> VideoEncoding? in
            if case .video(_, let format) = target { VideoEncoding(format, transparent: o.transparent, lossless: o.lossless) } else { nil }
        }
        let schedule = schedule
        // Spawned once: the recorder's batches give the duration and are what it uploads.
        var recorder = FrameRecorder(schedule: schedule, width: o.width, height: o.height, fps: o.fps, frames: 1)
        recorder.transparent = o.transparent
        let heard = SoundTrack(recorder.sounds)
        // The track alone runs until its last sound has ended too.
        let seconds = o.duration ?? (wanted == nil ? max(recorder.duration, Double(heard.sampleCount) / Double(SoundTrack.sampleRate)) : recorder.duration)
        recorder.frames = o.frames ?? max(1, Int((seconds * o.fps).rounded(.up)))
        try require(recorder.frames, in: Self.frameRange, "--frames")
        // As long as the frames: frame k shows k / fps, and lasts until (k + 1) / fps. Made only
        // where it is written, as it is written.
        let track = o.audio != nil || (!heard.events.isEmpty && wanted?.hasAudio == true)
            ? try SoundTrackFile(heard, seconds: Double(recorder.frames) / o.fps, what: "\(recorder.frames) frames at \(o.fps.compactText) fps",
                                 hint: "give fewer --frames or a higher --fps") : nil
        let audioFrames = track?.frames ?? Int((Double(recorder.frames) / o.fps * Double(SoundTrack.sampleRate)).rounded())
        // From here on SIGINT, SIGTERM and SIGHUP stop the render between frames (or blocks of
        // the track) and clean up.
        StopSignals.install()
        if let audio = o.audio {
            do {
                try track!.write(to: audio)
            } catch let interrupted as Interrupted {
                // The track is written whole or not at all: its temporary file is gone.
                StandardStream.error("confetti: \(interrupted) while writing \(audio); nothing was written\n")
                throw interrupted
            }
        }
        guard let target = wanted, let out = o.out else {
            let summary = "wrote \(o.audio!): \(heard.events.count) sounds of \(o.effectName) (seed \(o.seed)), \(String(printf: "%.2f", Double(audioFrames) / Double(SoundTrack.sampleRate))) s"
            return Outcome(frames: 0, sounds: heard.events.count, audioFrames: audioFrames, summary: summary)
        }

        let started = ContinuousClock.now
        var bar = ProgressBar(total: recorder.frames, label: out)
        var done = 0
        var opened: FrameSink?
        do {
            // The GL context first: with no driver, nothing is created on disk.
            try o.headless.run { library, _ in
                let sink: FrameSink
                switch target {
                case .frames(let directory):
                    sink = try PNGFrameDirectory(directory, force: o.force)
                case .video(let path, _):
                    sink = try VideoFile(path: path, encoding: encoding!, width: o.width, height: o.height, fps: o.fps, ffmpeg: ffmpeg!,
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
            StandardStream.error("confetti: \(interrupted) after \(done) of \(recorder.frames) frames; \(left)\n")
            throw interrupted
        } catch {
            bar.finish()
            _ = opened?.abandon()
            throw error
        }

        let what = "\(o.effectName) (\(o.width)x\(o.height), \(o.fps.compactText) fps, seed \(o.seed))"
        let summary: String
        switch target {
        case .frames(let directory):
            let path = URL(fileURLWithPath: directory).standardizedFileURL.path
            summary = "wrote \(recorder.frames) frames of \(what) to \(path)/\(PNGFrameDirectory.frameName(0)) … \(PNGFrameDirectory.frameName(recorder.frames - 1))"
        case .video(let path, _):
            let elapsed = ContinuousClock.now - started
            var status = stat()
            let bytes = stat(path, &status) == 0 ? Int(status.st_size) : 0
            summary = "wrote \(path): \(recorder.frames) frames of \(what), \(encoding!.codecName), \(bytes) bytes, in \(String(printf: "%.1f", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)) s"
        }
        return Outcome(frames: recorder.frames, sounds: heard.events.count, audioFrames: audioFrames, summary: summary)
    }

    /// Refuses a track file (`--audio`) whose name does not end in .wav, the one format the
    /// track is written in.
    package static func checkTrackName(_ audio: String) throws {
        guard !audio.isEmpty else { throw OptionRefusal("--audio is empty: give a file ending in .wav") }
        guard FilePath.fileExtension(of: audio) == "wav" else {
            throw OptionRefusal("--audio \(audio): the track is written as WAV; give a file ending in .wav")
        }
    }

    /// Frames a render may have, asked for or covering its duration.
    package static let frameRange = 1...100_000
}
