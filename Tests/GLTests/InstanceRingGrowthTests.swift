@preconcurrency import CEpoxy
import ConfettiApp
import ConfettiGL
import GLTestSupport
import Testing

/// A ring starts small and grows to its capacity as launches need room, keeping every record
/// where it was: which spans are written where, and which a full ring overwrites, are what a
/// ring allocated whole up front gives.
@Suite struct InstanceRingGrowthTests {
    let viewport = Size(width: 320, height: 240)

    func pieces(_ seed: UInt64) -> [ConfettiParticle] {
        ConfettiSection.standard.spawn(in: viewport, seed: seed)
    }

    /// The ring's first `count` records, as the GPU holds them.
    func bytes(of ring: InstanceRing<ConfettiKind>, count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count * InstanceRing<ConfettiKind>.stride)
        epoxy_glBindBuffer(GLenum(GL_COPY_READ_BUFFER), ring.buffer)
        bytes.withUnsafeMutableBytes { epoxy_glGetBufferSubData(GLenum(GL_COPY_READ_BUFFER), 0, GLsizeiptr($0.count), $0.baseAddress) }
        epoxy_glBindBuffer(GLenum(GL_COPY_READ_BUFFER), 0)
        return bytes
    }

    @Test func aRingGrowsByCopyingItsRecordsInPlaceAndWrapsAtItsCapacityAsBefore() async throws {
        try await SharedGL.run {
            let capacity = 10_000
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: capacity)
            defer { renderer.delete() }
            let ring = renderer.ring
            #expect(ring.allocated == InstanceRing<ConfettiKind>.initialRecords && ring.byteSize == 4_096 * InstanceRing<ConfettiKind>.stride,
                    "a small buffer first: \(ring.allocated) records")
            // 30 pieces a launch: 136 launches fill 4,080 records, the 137th needs more room.
            for k in 0..<136 {
                try renderer.add(pieces(UInt64(k)), uniforms: ConfettiPhysics.standard, at: Double(k))
            }
            #expect(ring.allocated == 4_096)
            let before = bytes(of: ring, count: 4_080)
            let grownFrom = ring.buffer
            try renderer.add(pieces(136), uniforms: ConfettiPhysics.standard, at: 136)
            #expect(ring.allocated == 8_192 && ring.buffer != grownFrom, "doubled: \(ring.allocated)")
            #expect(bytes(of: ring, count: 4_080) == before, "every record copied to the same place")
            #expect(epoxy_glGetError() == GLenum(GL_NO_ERROR))
            // On to the capacity (not beyond), then wrapping to 0 exactly where a whole ring would.
            for k in 137..<333 {
                try renderer.add(pieces(UInt64(k)), uniforms: ConfettiPhysics.standard, at: Double(k))
            }
            #expect(ring.allocated == capacity)
            #expect(ring.spans.map(\.first) == (0..<333).map { $0 * 30 }.suffix(InstanceRing<ConfettiKind>.keptDeadSpans), "\(ring.spans.prefix(3).map(\.first))")
            let wrapped = try renderer.add(pieces(333), uniforms: ConfettiPhysics.standard, at: 333)
            #expect(wrapped.map(\.first) == [0] && ring.allocated == capacity)
            #expect(!ring.spans.contains { $0.first == 0 && $0.id == 0 }, "the oldest span overwritten")
        }
    }

    @Test func aRingOfASmallCapacityIsAllocatedWholeAndNeverGrows() async throws {
        try await SharedGL.run {
            let renderer = try ParticleRenderer<ConfettiKind>(shaders: SharedGL.shaders(), capacity: 100)
            defer { renderer.delete() }
            #expect(renderer.ring.allocated == 100)
            for k in 0..<10 {
                try renderer.add(pieces(UInt64(k)), uniforms: ConfettiPhysics.standard, at: 0)
            }
            #expect(renderer.ring.allocated == 100 && renderer.ring.byteSize == 100 * InstanceRing<ConfettiKind>.stride)
        }
    }
}
