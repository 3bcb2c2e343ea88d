import ConfettiCore
import Foundation

/// Renders a celebration headlessly into numbered PNG frames: `frame-0000.png`, ….
///
/// Frame k shows time k / fps. The bursts are spawned and uploaded before the first frame;
/// each stays invisible until its epoch. Same celebration and size, same bytes.
public struct FrameRecorder {
    public var celebration: Celebration
    /// Pixels; one point per pixel.
    public var width: Int
    public var height: Int
    public var fps: Double
    public var frames: Int

    public init(celebration: Celebration, width: Int, height: Int, fps: Double, frames: Int) {
        self.celebration = celebration
        self.width = width
        self.height = height
        self.fps = fps
        self.frames = frames
    }

    /// Writes the frames into `directory` (created if needed) and returns their paths.
    /// Needs a current GL context.
    public func record(to directory: URL, shaders: ShaderDirectory) throws -> [URL] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let viewport = Size(width: Double(width), height: Double(height))
        let spawns = celebration.spawns(in: viewport)
        let capacity = max(spawns.reduce(0) { $0 + $1.particles.count }, 1)
        let renderer = try ConfettiRenderer(shaders: shaders, capacity: capacity)
        let target = try OffscreenTarget(width: width, height: height)
        defer {
            renderer.delete()
            target.delete()
        }
        for spawn in spawns {
            try renderer.add(spawn.particles, physics: celebration.confetti.physics, at: spawn.time)
        }
        var paths: [URL] = []
        for k in 0..<frames {
            target.bind()
            renderer.render(at: Double(k) / fps, viewport: viewport, pixelsPerPoint: 1)
            let url = directory.appendingPathComponent(String(format: "frame-%04d.png", k))
            try PNGFile.write(target.readPixels(), to: url.path)
            paths.append(url)
        }
        return paths
    }
}
