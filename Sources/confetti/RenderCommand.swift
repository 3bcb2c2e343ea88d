import ArgumentParser
import ConfettiApp
import ConfettiGL
import Foundation

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a seeded show headlessly to numbered PNG frames.",
        discussion: """
            Uses EGL with no display (Mesa's surfaceless platform) and an offscreen framebuffer. \
            Frame k shows time k/fps. The same options give byte-identical files.
            Effects: celebration (the button clicked: two classic fireworks and confetti), \
            confetti (three bursts), classic (two fireworks around the button), fountain.
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

    @Option(help: "Output directory.")
    var out: String = "out/render"

    @Option(help: "Launches of the effect. Default: 3 for confetti, else 1.")
    var bursts: Int?

    @Option(help: "Seconds between launches.")
    var interval: Double = 0.35

    @Option(help: "Confetti pieces per burst (default: the effect's).")
    var count: Int?

    @OptionGroup var shaders: ShaderOptions

    func validate() throws {
        try requireFinite(fps, in: 1...1000, "--fps")
        if let frames { try FrameLimits.validateFrames(frames) }
        if let duration { try requireFinite(duration, in: 0.001...3600, "--duration") }
        if frames != nil, duration != nil {
            throw ValidationError("give --frames or --duration, not both")
        }
        if let bursts { try require(bursts, in: 1...10_000, "--bursts") }
        try requireFinite(interval, in: 0...3600, "--interval")
        if let count {
            try require(count, in: 1...ConfettiCommandLimits.maxCapacity, "--count")
            try require((bursts ?? 3) * count, in: 1...ConfettiCommandLimits.maxCapacity, "--bursts × --count")
        }
    }

    func run() throws {
        let chosen = try effect.load(default: "celebration")
        var show = Show(effect: chosen, seed: seed, launches: bursts, interval: interval)
        if let count { show.effect.confetti.count = count }
        // Spawned once: the recorder's schedule gives the duration and is what it uploads.
        var recorder = FrameRecorder(show: show, width: size.width, height: size.height, fps: fps, frames: 1)
        let seconds = duration ?? recorder.duration
        recorder.frames = frames ?? max(1, Int((seconds * fps).rounded(.up)))
        try FrameLimits.validateFrames(recorder.frames)

        let directory = URL(fileURLWithPath: out)
        let paths = try shaders.withHeadlessGL { library in
            try recorder.record(to: directory, shaders: library)
        }
        print("wrote \(paths.count) frames of \(effect.effect ?? "celebration") (\(size), \(fps.compactText) fps, seed \(seed)) to \(directory.standardizedFileURL.path)/frame-0000.png … \(paths.last!.lastPathComponent)")
    }
}

enum FrameLimits {
    static func validateFrames(_ frames: Int) throws {
        try require(frames, in: 1...100_000, "--frames")
    }
}
