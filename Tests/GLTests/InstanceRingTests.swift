import ConfettiApp
import ConfettiGL
import GLTestSupport
import Testing
import TestSupport

@Suite(.tags(.library)) struct InstanceRingTests {
    /// Clears and draws the confetti alive at `now`.
    @discardableResult
    func render(_ renderer: ParticleRenderer<ConfettiKind>, at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        clearFramebuffer(to: SceneRenderer.background)
        return renderer.draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, side: .overButton)
    }

    let physics = ConfettiPhysics.standard
    let viewport = Size(width: 320, height: 240)

    func pieces(_ seed: UInt64) -> [ConfettiParticle] {
        ConfettiSection.standard.spawn(in: viewport, seed: seed)
    }

    @Test func rendererDrawsExactlyTheLiveRangesAndNothingWhenAllAreDead() async throws {
        try await SharedGL.run {
            let target = try OffscreenTarget(width: 320, height: 240)
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 1000)
            defer { renderer.delete(); target.delete() }
            target.bind()
            for (k, time) in [0.0, 1.0, 2.0].enumerated() {
                try renderer.add(pieces(UInt64(k)), uniforms: physics, at: time)
            }
            #expect(renderer.ring.uploadCount == 3)

            let early = render(renderer, at: 0.5, viewport: viewport, pixelsPerPoint: 1)
            #expect(early.ranges == [0..<30])
            let overlap = render(renderer, at: 1.2, viewport: viewport, pixelsPerPoint: 1)
            #expect(overlap.ranges == [0..<30, 30..<60])
            let last = render(renderer, at: 3.4, viewport: viewport, pixelsPerPoint: 1)
            #expect(last.ranges == [60..<90])
            let none = render(renderer, at: 3.5, viewport: viewport, pixelsPerPoint: 1)
            #expect(none.drawCalls == 0 && none.instances == 0)
            let before = render(renderer, at: -0.01, viewport: viewport, pixelsPerPoint: 1)
            #expect(before.drawCalls == 0)
            // Drawing uploads nothing: each launch was written once.
            #expect(renderer.ring.uploadCount == 3)
            #expect(renderer.ring.uploadedBytes == 90 * 32)
        }
    }

    @Test func fullRingOverwritesOldestSpansWithOneNotice() async throws {
        try await SharedGL.run {
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 100)
            defer { renderer.delete() }
            var notices: [String] = []
            renderer.ring.notice = { notices.append($0) }
            for k in 0..<3 {
                try renderer.add(pieces(UInt64(k)), uniforms: physics, at: 0)
            }
            // 90 of 100 used; the fourth wraps to 0 and overwrites span 0, still alive.
            let fourth = try renderer.add(pieces(3), uniforms: physics, at: 0.1)
            #expect(fourth[0].first == 0)
            #expect(renderer.ring.spans.map(\.first) == [30, 60, 0])
            #expect(renderer.ring.droppedLiveParticles == 30)
            // The fifth overwrites span 1, again alive: counted, but said only once.
            try renderer.add(pieces(4), uniforms: physics, at: 0.2)
            #expect(renderer.ring.droppedLiveParticles == 60)
            #expect(notices.count == 1)
            #expect(notices.first?.contains("capacity 100") == true)
            // Spans long dead are overwritten silently.
            for k in 5..<20 {
                try renderer.add(pieces(UInt64(k)), uniforms: physics, at: 100 + Double(k) * 10)
            }
            #expect(notices.count == 1)
            #expect(renderer.ring.liveParticles(at: 100 + 19 * 10 + 0.5) == 30)
        }
    }

    @Test func aLaunchLargerThanTheRingIsRefusedWithAReason() async throws {
        try await SharedGL.run {
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 10)
            defer { renderer.delete() }
            #expect(throws: GLFailure.self) { try renderer.add(pieces(1), uniforms: physics, at: 0) }
            #expect(renderer.ring.spans.isEmpty)
        }
    }

    /// Spans of one particle in a ring of a million: the span list (and every frame's walk
    /// over it) stays at the live spans plus the 1,024 most recent dead ones, which a paused
    /// viewer can still step back to.
    @Test func tinySpansDoNotGrowTheSpanListAndRecentOnesStillRewind() async throws {
        try await SharedGL.run {
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 1 << 20)
            defer { renderer.delete() }
            let one = Array(pieces(1).prefix(1))
            var longest = 0
            let count = 20_000
            for k in 0..<count {
                let t = Double(k) * 0.01
                try renderer.add(one, uniforms: physics, at: t)
                // A frame every tenth launch, as the viewer draws.
                if k % 10 == 9 {
                    _ = renderer.plan(at: t, side: .overButton)
                    longest = max(longest, renderer.ring.spans.count)
                }
            }
            #expect(renderer.ring.uploadCount == count)
            // 150 alive (1.5 s, 100 a second) and at most 1,024 dead: not 20,000.
            let kept = InstanceRing<ConfettiKind>.keptDeadSpans
            #expect(longest <= 150 + 10 + kept, "\(longest) spans kept")
            #expect(longest >= kept, "dead spans are kept for stepping back")
            let now = Double(count - 1) * 0.01
            // Five seconds back, the spans alive then are all still there.
            #expect((149...151).contains(renderer.plan(at: now - 5, side: .overButton).count))
            // A minute back, they have been forgotten.
            #expect(renderer.plan(at: now - 60, side: .overButton).isEmpty)
        }
    }

    /// A schedule uploaded ahead of its time, as render does: nothing is forgotten before it has died.
    @Test func spansStillToComeAreNeverForgotten() async throws {
        try await SharedGL.run {
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 10_000)
            defer { renderer.delete() }
            let one = Array(pieces(2).prefix(1))
            for k in 0..<3_000 {
                try renderer.add(one, uniforms: physics, at: Double(k) * 0.01)
            }
            #expect(renderer.plan(at: 0, side: .overButton).count == 1)
            #expect(renderer.ring.spans.count == 3_000)
            #expect(renderer.plan(at: 29.995, side: .overButton).count == 150)
            // By then 2,850 have died: the 1,024 most recent of them stay.
            #expect(renderer.ring.spans.count == 150 + InstanceRing<ConfettiKind>.keptDeadSpans)
        }
    }
}
