@preconcurrency import CEpoxy
import ConfettiCore
import Foundation

/// A burst's place in an `InstanceRing`, and when it is on screen.
///
/// Times are kept relative to the burst's own epoch (the moment it was launched, in the
/// caller's double-precision clock): the records hold birth times as seconds after the epoch
/// and the shader gets `now - epoch` as a float. Float32 seconds since start would step by 8 ms
/// after a day; this way a viewer running for months animates as it did in its first second.
package struct Burst<Kind: ParticleKind>: Sendable {
    package var id: Int
    package var first: Int
    package var count: Int
    /// Seconds, in the caller's clock.
    package var epoch: Double
    /// Seconds after the epoch when the first particle appears and the last one dies.
    package var appears: Double
    package var dies: Double
    /// What every particle of the burst shares.
    package var uniforms: Kind.Uniforms {
        didSet { uniformValues = uniforms.uniforms }
    }
    /// `uniforms` as the shader takes them, worked out once (wind filters, grids, ramps), not
    /// every frame: the draw's CPU cost stays a few µs per burst.
    package private(set) var uniformValues: [ShaderUniform]
    /// Which pass draws it.
    package var layer: Layer
    /// The fragment shader's shapes its particles need: which program variant draws it.
    package var shapes: DrawnQuad.ShapeSet = DrawnQuad.allShapes

    package init(id: Int, first: Int, count: Int, epoch: Double, appears: Double, dies: Double, uniforms: Kind.Uniforms, layer: Layer) {
        self.id = id
        self.first = first
        self.count = count
        self.epoch = epoch
        self.appears = appears
        self.dies = dies
        self.uniforms = uniforms
        self.uniformValues = uniforms.uniforms
        self.layer = layer
    }

    package func isLive(at now: Double) -> Bool {
        let t = now - epoch
        return t >= appears && t < dies
    }

    /// Nothing of it is still to come: every particle has died.
    package func isOver(at now: Double) -> Bool {
        now - epoch >= dies
    }

    /// The time uniform for this burst: the subtraction happens in double precision.
    package func age(at now: Double) -> Float {
        Float(now - epoch)
    }
}

/// A fixed-capacity GPU buffer of per-particle records, filled one burst at a time.
///
/// Each burst is uploaded once into a contiguous range and never written again. When the next
/// burst does not fit, writing wraps to the start and overwrites the oldest bursts; if any of
/// them was still alive the ring says so once.
package final class InstanceRing<Kind: ParticleKind> {
    package let capacity: Int
    package private(set) var buffer: GLuint = 0
    /// Bursts in the order they were written, oldest first. Dead bursts stay until overwritten,
    /// so a paused viewer can step back in time to them, but no more than `keptDeadBursts` of
    /// them: drawing forgets older dead ones (see `forgetDead`), so tiny bursts cannot make the
    /// array, and every frame's walk over it, grow to the capacity.
    package private(set) var bursts: [Burst<Kind>] = []
    /// Dead bursts kept for stepping back: 1,024 is 100 s of stress bursts, or hundreds of clicks.
    package static var keptDeadBursts: Int { 1_024 }
    /// Upload calls and bytes since creation: one call per burst, none per frame.
    package private(set) var uploadCount = 0
    package private(set) var uploadedBytes = 0
    /// Live particles lost to overwriting since creation.
    package private(set) var droppedLiveParticles = 0
    /// Told once when live bursts start being overwritten (the app says so, and what to
    /// change); `droppedLiveParticles` counts them either way.
    package var notice: ((String) -> Void)?
    private var head = 0
    private var nextID = 0
    private var noticeGiven = false

    package static var stride: Int { MemoryLayout<Kind.Record>.stride }

    package init(capacity: Int) throws {
        guard capacity > 0 else { throw GLFailure("the instance ring needs a capacity of at least 1, not \(capacity)") }
        self.capacity = capacity
        let bytes = capacity * Self.stride
        epoxy_glGenBuffers(1, &buffer)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes), nil, GLenum(GL_STATIC_DRAW))
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        try glCheck("allocating an instance ring of \(capacity) \(Kind.noun) (\(bytes) bytes)")
    }

    package func delete() {
        epoxy_glDeleteBuffers(1, &buffer)
        buffer = 0
    }

    /// GPU memory the ring holds, in bytes.
    package var byteSize: Int { capacity * Self.stride }

    /// Uploads one burst and returns its range. `now` only decides whether overwritten bursts
    /// were still alive, for the notice. Leaves GL_ARRAY_BUFFER unbound.
    package func write(_ records: [Kind.Record], epoch: Double, appears: Double, dies: Double, uniforms: Kind.Uniforms, layer: Layer, shapes: DrawnQuad.ShapeSet = DrawnQuad.allShapes, now: Double) throws -> Burst<Kind> {
        guard !records.isEmpty else { throw GLFailure("a burst needs at least one particle") }
        guard records.count <= capacity else {
            throw GLFailure("a burst of \(records.count) particles does not fit in the instance ring (capacity \(capacity))")
        }
        // An error left by an earlier call (a draw, say) is not this upload's.
        try glCheck("an earlier call such as a draw (found before uploading a burst of \(records.count) \(Kind.noun), which did not happen)")
        if head + records.count > capacity { head = 0 }
        let range = head..<(head + records.count)
        evict(overlapping: range, now: now)

        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer)
        records.withUnsafeBytes { bytes in
            epoxy_glBufferSubData(GLenum(GL_ARRAY_BUFFER), GLintptr(range.lowerBound * Self.stride), GLsizeiptr(bytes.count), bytes.baseAddress)
        }
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        try glCheck("uploading a burst of \(records.count) \(Kind.noun)")
        uploadCount += 1
        uploadedBytes += records.count * Self.stride

        var burst = Burst<Kind>(
            id: nextID, first: range.lowerBound, count: records.count,
            epoch: epoch, appears: appears, dies: dies, uniforms: uniforms, layer: layer
        )
        burst.shapes = shapes
        nextID += 1
        head = range.upperBound
        bursts.append(burst)
        return burst
    }

    package func liveParticles(at now: Double) -> Int {
        bursts.reduce(0) { $0 + ($1.isLive(at: now) ? $1.count : 0) }
    }

    /// Forgets the oldest bursts that are over at `now` beyond the `keptDeadBursts` most recent
    /// ones. Bursts still to come or alive are kept, so a show uploaded ahead of time (render)
    /// loses nothing; only times before `now` lose what had died long before. O(bursts), and
    /// nothing at all while there are no more bursts than that.
    package func forgetDead(at now: Double) {
        guard bursts.count > Self.keptDeadBursts else { return }
        let dead = bursts.reduce(0) { $0 + ($1.isOver(at: now) ? 1 : 0) }
        var excess = dead - Self.keptDeadBursts
        guard excess > 0 else { return }
        bursts.removeAll { burst in
            guard excess > 0, burst.isOver(at: now) else { return false }
            excess -= 1
            return true
        }
    }

    /// Forgets every burst; the next one is written at the start.
    package func removeAll() {
        bursts.removeAll()
        head = 0
    }

    private func evict(overlapping range: Range<Int>, now: Double) {
        var lost = 0
        bursts.removeAll { burst in
            let overlaps = burst.first < range.upperBound && range.lowerBound < burst.first + burst.count
            if overlaps, burst.isLive(at: now) { lost += burst.count }
            return overlaps
        }
        guard lost > 0 else { return }
        droppedLiveParticles += lost
        if !noticeGiven {
            noticeGiven = true
            notice?("the \(Kind.plural) ring (capacity \(capacity)) is full: its oldest bursts are being overwritten while still alive (\(lost) particles this time)")
        }
    }
}
