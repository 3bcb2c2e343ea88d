@preconcurrency import CEpoxy
@testable import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The HUD's frame-time graph: the last 4 s of frames, each a column of its frame time with its
/// GPU time over it and a one-pixel line at 16.7 ms, to scale at content scales 1 and 2.
@Suite(.tags(.math)) struct FrameGraphTests {
    @Test func theGraphKeepsTheLastFourSecondsOfFrames() async throws {
        try await SharedGL.run {
            let graph = try FrameGraph(shaders: SharedGL.shaders())
            defer { graph.delete() }
            for i in 0..<600 { graph.record(end: Double(i) / 60, frame: 1.0 / 60, gpu: .nan) }
            #expect(graph.history.count == 241, "\(graph.history.count) frames in the last 4 s at 60 fps")
            #expect(graph.history.first!.end >= graph.history.last!.end - FrameGraph.span)
            for i in 0..<2_000 { graph.record(end: 100 + Double(i) / 1_000, frame: 0.001, gpu: 0.0005) }
            #expect(graph.history.count == FrameGraph.maxFrames)
            #expect(graph.topMilliseconds == 2000.0 / 60, "two 60 fps frames at the least")
            graph.record(end: 200, frame: 0.1, gpu: 0.02)
            #expect(abs(graph.topMilliseconds - 100) < 1e-9, "\(graph.topMilliseconds): the slowest frame fits, rounded up to a 60 fps frame")
        }
    }

    @Test(arguments: [1.0, 2.0])
    func barsAndTheSixtyHertzLineAreToScale(_ scale: Double) async throws {
        let size = Size(width: 240, height: 64)
        let columns = try await SharedGL.run {
            let graph = try FrameGraph(shaders: SharedGL.shaders())
            let target = try OffscreenTarget(width: Int(size.width * scale), height: Int(size.height * scale))
            defer { graph.delete(); target.delete() }
            target.bind()
            for i in 0..<120 { graph.record(end: Double(i) / 30, frame: 0.020, gpu: 0.005) }
            graph.draw(in: Rect(x: 0, y: 0, width: size.width, height: size.height), viewport: size, pixelsPerPoint: scale)
            let image = try target.readPixels()
            // Rows of each colour in every tenth column.
            return stride(from: 5, to: image.width, by: 10).map { x in
                (0..<image.height).reduce(into: [0, 0, 0, 0]) { counts, y in
                    let p = image[x, y]
                    for (k, colour) in [FrameGraph.frameColour, FrameGraph.gpuColour, FrameGraph.lineColour, FrameGraph.panelColour].enumerated() {
                        let c = colour.rgba8
                        if abs(Int(p.r) - Int(c.0)) + abs(Int(p.g) - Int(c.1)) + abs(Int(p.b) - Int(c.2)) <= 3 { counts[k] += 1 }
                    }
                }
            }
        }
        // Top 33.3 ms over 64 pt: GPU 5 ms is 9.6 pt tall, the frame's 20 ms 38.4 pt (its part
        // above the GPU time 28.8 pt, less the line's row), the line one pixel.
        for counts in columns {
            #expect(abs(Double(counts[1]) - 9.6 * scale) <= 1, "GPU rows \(counts[1]) at scale \(scale)")
            #expect(abs(Double(counts[0] + counts[2]) - 28.8 * scale) <= 1.5, "frame rows \(counts[0]) at scale \(scale)")
            #expect(counts[2] == 1, "the 16.7 ms line is \(counts[2]) pixels thick at scale \(scale)")
            // Above the bars, the dark panel, and nothing else anywhere.
            #expect(abs(Double(counts[3]) - (64 - 38.4) * scale) <= 1.5, "panel rows \(counts[3]) at scale \(scale)")
            #expect(counts.reduce(0, +) == Int(64 * scale), "\(counts) at scale \(scale)")
        }
    }
}
