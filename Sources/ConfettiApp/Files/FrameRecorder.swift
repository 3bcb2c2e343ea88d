import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// Renders a launch schedule headlessly, frame by frame, into PNG frames (`frame-0000.png`, …) or a video.
///
/// Frame k shows time k / fps. Every batch is spawned and uploaded before the first frame and
/// stays invisible until its launch. Same schedule and size, same bytes.
package struct FrameRecorder {
    package let schedule: LaunchSchedule
    /// The schedule spawned for this frame size, once: recording uploads exactly these particles.
    package let batches: [ScheduledBatch]
    /// The sounds of the same pass, on the schedule's clock (render's audio track).
    package let sounds: [SoundEvent]
    /// Pixels; one point per pixel.
    package var width: Int
    package var height: Int
    package var fps: Double
    package var frames: Int
    /// Where the renderer's clock starts, in seconds: a schedule recorded after a long uptime must
    /// look exactly as one recorded at 0 (each span's time is rebased on its own epoch).
    package var clockStart = 0.0
    /// The particles alone, over nothing (no background, no button), as straight colour with
    /// alpha (`StraightAlpha`): a clip to lay over footage.
    package var transparent = false

    package init(schedule: LaunchSchedule, width: Int, height: Int, fps: Double, frames: Int) {
        self.schedule = schedule
        (batches, sounds) = schedule.spawned(in: Size(width: Double(width), height: Double(height)))
        self.width = width
        self.height = height
        self.fps = fps
        self.frames = frames
    }

    /// Seconds until the last particle has gone.
    package var duration: Double { LaunchSchedule.duration(of: batches) }

    /// Capacity of each of the scene's rings, one per particle kind: the whole schedule, since it is
    /// all spawned before the first frame (`Budget.render` counts it so).
    package var ringCapacity: Int { max(batches.map(\.batch.particleCount).reduce(0, +), 1) }

    /// Writes the frames as PNG files into `directory` (created if needed, earlier frames in it
    /// replaced) and returns their paths. Needs a current GL context.
    package func record(to directory: URL, shaders: ShaderLibrary) throws -> [URL] {
        let sink = try PNGFrameDirectory(directory.path, force: true)
        do {
            try record(into: sink, shaders: shaders)
            try sink.finish()
        } catch {
            sink.abandon()
            throw error
        }
        return sink.paths
    }

    /// Draws every frame and hands it to `sink`. `progress` is called with the number of frames
    /// done, 0 first, then after each frame; it may throw to stop between two frames. Neither
    /// finishes nor abandons the sink: that is the caller's. Needs a current GL context.
    package func record(into sink: FrameSink, shaders: ShaderLibrary, progress: (Int) throws -> Void = { _ in }) throws {
        let viewport = Size(width: Double(width), height: Double(height))
        let scene = try SceneRenderer(shaders: shaders, capacity: ringCapacity)
        let target = try OffscreenTarget(width: width, height: height)
        defer {
            scene.delete()
            target.delete()
        }
        // Fireworks burst around the Celebrate button, so it is drawn for them, except in a clip.
        scene.button = schedule.effect.kind.hasButton && !transparent ? .centred(in: viewport) : nil
        scene.transparent = transparent
        try scene.glow(schedule.effect.bloom)
        for item in batches {
            try scene.celebration.add(item.batch, at: clockStart + item.time)
        }
        try progress(0)
        for k in 0..<frames {
            target.bind()
            scene.render(at: clockStart + Double(k) / fps, viewport: viewport, pixelsPerPoint: 1)
            if let failure = scene.takeBloomFailure() { throw failure }
            let frame = try target.readPixels()
            try sink.write(transparent ? StraightAlpha.clip(frame) : frame, index: k)
            try progress(k + 1)
        }
    }
}
