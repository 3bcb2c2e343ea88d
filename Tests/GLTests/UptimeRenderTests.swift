import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The renderer's own time path: each span's time rebased on its epoch in double precision.
@Suite(.tags(.math)) struct UptimeRenderTests {
    @Test func aShowRenderedAfterThirtyDaysOfUptimeIsByteIdenticalToOneAtZero() async throws {
        // Confetti launches 0.375 s apart and frames 1/32 s apart: every time is a dyadic
        // fraction, so the rebased age is exactly the age at clock 0 and any difference in the
        // pixels is the time path's. (A float clock would step by 0.25 s at 30 days.)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-uptime-\(UUID())")
        defer { try? FileManager.default.removeItem(at: base) }
        var recorder = FrameRecorder(schedule: LaunchSchedule(effect: .celebration, seed: 9, launches: 3, interval: 0.375), width: 320, height: 180, fps: 32, frames: 40)
        let atZero = try await SharedGL.run { try recorder.record(to: base.appendingPathComponent("zero"), shaders: SharedGL.shaders()) }
        recorder.clockStart = 30 * 86_400
        let later = try await SharedGL.run { try recorder.record(to: base.appendingPathComponent("later"), shaders: SharedGL.shaders()) }
        #expect(atZero.count == 40 && later.count == 40)
        var distinct = Set<Data>()
        for (a, b) in zip(atZero, later) {
            let bytesA = try Data(contentsOf: a), bytesB = try Data(contentsOf: b)
            #expect(bytesA == bytesB, "\(a.lastPathComponent) differs after 30 days of uptime")
            distinct.insert(bytesA)
        }
        #expect(distinct.count >= 30, "the frames show the animation")
    }
}
