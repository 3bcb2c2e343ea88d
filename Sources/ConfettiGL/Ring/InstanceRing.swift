@preconcurrency import CEpoxy
import ConfettiCore
import FoundationEssentials
import Glibc

/// A span of an `InstanceRing`: one batch's records of one button side, in one contiguous
/// range, drawn by one draw call; and when it is on screen.
///
/// Times are kept relative to the span's own epoch (the moment it was launched, in the
/// caller's double-precision clock): the records hold birth times as seconds after the epoch
/// and the shader gets `now - epoch` as a float. Float32 seconds since start would step by 8 ms
/// after a day; this way a viewer running for months animates as it did in its first second.
package struct RingSpan<Kind: ParticleKind>: Sendable {
    package var id: Int
    package var first: Int
    package var count: Int
    /// Seconds, in the caller's clock.
    package var epoch: Double
    /// Seconds after the epoch when the first particle appears and the last one dies.
    package var appears: Double
    package var dies: Double
    /// What every particle of the span shares (its batch's uniforms).
    package var uniforms: Kind.Uniforms {
        didSet { uniformValues = Kind.uniformValues(uniforms, sprites: sprites) }
    }
    /// Where its batch's sprites are in the atlas (none: an empty table).
    package var sprites: SpriteTable {
        didSet { uniformValues = Kind.uniformValues(uniforms, sprites: sprites) }
    }
    /// `uniforms` and `sprites` as the shader takes them, worked out once (wind filters, grids,
    /// ramps), not every frame: the draw's CPU cost stays a few µs per span.
    package private(set) var uniformValues: [ShaderUniform]
    /// Which pass draws it.
    package var side: ButtonSide
    /// The fragment shader's shapes its particles need: which program variant draws it.
    package var shapes: DrawnQuad.ShapeSet = DrawnQuad.allShapes
    /// Where its particles can be at each age (empty unless its renderer tracks damage).
    package var footprint = Footprint()

    package init(id: Int, first: Int, count: Int, epoch: Double, appears: Double, dies: Double, uniforms: Kind.Uniforms, sprites: SpriteTable = SpriteTable(), side: ButtonSide) {
        self.id = id
        self.first = first
        self.count = count
        self.epoch = epoch
        self.appears = appears
        self.dies = dies
        self.uniforms = uniforms
        self.sprites = sprites
        self.uniformValues = Kind.uniformValues(uniforms, sprites: sprites)
        self.side = side
    }

    package func isLive(at now: Double) -> Bool {
        let t = now - epoch
        return t >= appears && t < dies
    }

    /// Nothing of it is still to come: every particle has died.
    package func isOver(at now: Double) -> Bool {
        now - epoch >= dies
    }

    /// Where its particles can be at `now` (pt, the viewport drawn): nil when none is drawn, or
    /// when it was uploaded without a footprint.
    package func bounds(at now: Double) -> Footprint.Box? {
        isLive(at: now) ? footprint.bounds(age: now - epoch) : nil
    }

    /// The cells its particles can touch at `now` (`Cells`); nil when they may be anywhere.
    package func cells(at now: Double) -> [Int]? {
        isLive(at: now) ? footprint.cells(age: now - epoch) : []
    }

    /// The time uniform for this span: the subtraction happens in double precision.
    package func age(at now: Double) -> Float {
        Float(now - epoch)
    }
}

/// A GPU buffer of up to `capacity` per-particle records, filled one span at a time.
///
/// Each span is uploaded once into a contiguous range and never written again. When the next
/// span does not fit, writing wraps to the start and overwrites the oldest spans; if any of
/// them was still alive the ring says so once.
///
/// The buffer starts small (`initialRecords`) and grows when a span needs room beyond it, up
/// to the capacity: a new buffer, the old records copied over on the GPU
/// (glCopyBufferSubData) at the same places. Spans keep their ranges, so where each one is
/// written, and which ones a full ring overwrites, are what a buffer of the whole capacity
/// allocated up front would give; an app that fires a 30-piece burst pays for a few thousand
/// records, not a million.
package final class InstanceRing<Kind: ParticleKind> {
    package let capacity: Int
    package private(set) var buffer: GLuint = 0
    /// Spans in the order they were written, oldest first. Dead spans stay until overwritten,
    /// so a paused viewer can step back in time to them, but no more than `keptDeadSpans` of
    /// them: drawing forgets older dead ones (see `forgetDead`), so tiny spans cannot make the
    /// array, and every frame's walk over it, grow to the capacity.
    package private(set) var spans: [RingSpan<Kind>] = []
    /// Dead spans kept for stepping back: 1,024 is 100 s of stress launches, or hundreds of clicks.
    package static var keptDeadSpans: Int { 1_024 }
    /// Upload calls and bytes since creation: one call per span, none per frame.
    package private(set) var uploadCount = 0
    package private(set) var uploadedBytes = 0
    /// Live particles lost to overwriting since creation.
    package private(set) var droppedLiveParticles = 0
    /// Told once when live spans start being overwritten (the app says so, and what to
    /// change); `droppedLiveParticles` counts them either way.
    package var notice: ((String) -> Void)?
    private var head = 0
    private var nextID = 0
    private var noticeGiven = false

    package static var stride: Int { MemoryLayout<Kind.Record>.stride }
    /// Records the buffer has room for now: from `initialRecords` (or the capacity, if less) up
    /// to the capacity, grown as spans need.
    package private(set) var allocated: Int
    /// What the buffer starts with: 4,096 records, 0.1 to 0.5 MB by kind.
    package static var initialRecords: Int { 4_096 }

    package init(capacity: Int) throws {
        guard capacity > 0 else { throw GLFailure("the instance ring needs a capacity of at least 1, not \(capacity)") }
        self.capacity = capacity
        allocated = min(capacity, Self.initialRecords)
        let bytes = allocated * Self.stride
        epoxy_glGenBuffers(1, &buffer)
        withBuffer(GL_ARRAY_BUFFER, buffer) { epoxy_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bytes), nil, GLenum(GL_STATIC_DRAW)) }
        try glCheck("allocating an instance ring of \(allocated) \(Kind.noun) (\(bytes) bytes)")
    }

    package func delete() {
        epoxy_glDeleteBuffers(1, &buffer)
        buffer = 0
    }

    /// GPU memory the ring holds now, in bytes.
    package var byteSize: Int { allocated * Self.stride }

    /// Makes room for records up to `end` (≤ capacity): a buffer twice as large, or `end` if
    /// more, at most the capacity, with every record so far copied to the same place.
    private func grow(toHold end: Int) throws {
        guard end > allocated else { return }
        let larger = min(capacity, max(end, allocated * 2))
        var fresh: GLuint = 0
        epoxy_glGenBuffers(1, &fresh)
        withBuffer(GL_COPY_WRITE_BUFFER, fresh) {
            epoxy_glBufferData(GLenum(GL_COPY_WRITE_BUFFER), GLsizeiptr(larger * Self.stride), nil, GLenum(GL_STATIC_DRAW))
            withBuffer(GL_COPY_READ_BUFFER, buffer) {
                epoxy_glCopyBufferSubData(GLenum(GL_COPY_READ_BUFFER), GLenum(GL_COPY_WRITE_BUFFER), 0, 0, GLsizeiptr(allocated * Self.stride))
            }
        }
        do {
            try glCheck("growing the \(Kind.plural) ring from \(allocated) to \(larger) records (\(larger * Self.stride) bytes)")
        } catch {
            epoxy_glDeleteBuffers(1, &fresh)
            throw error
        }
        epoxy_glDeleteBuffers(1, &buffer)
        buffer = fresh
        allocated = larger
    }

    /// `body` with `name` bound to `target`, then the app's buffer bound there again: a `fire`
    /// between the app's own calls must not change what it has bound.
    private func withBuffer(_ target: Int32, _ name: GLuint, _ body: () -> Void) {
        let binding = switch target {
        case GL_COPY_READ_BUFFER: GL_COPY_READ_BUFFER_BINDING
        case GL_COPY_WRITE_BUFFER: GL_COPY_WRITE_BUFFER_BINDING
        default: GL_ARRAY_BUFFER_BINDING
        }
        var bound: GLint = 0
        epoxy_glGetIntegerv(GLenum(binding), &bound)
        epoxy_glBindBuffer(GLenum(target), name)
        body()
        epoxy_glBindBuffer(GLenum(target), bound != 0 && epoxy_glIsBuffer(GLuint(bound)) == GLboolean(GL_TRUE) ? GLuint(bound) : 0)
    }

    /// Uploads one span and returns it. `now` only decides whether overwritten spans
    /// were still alive, for the notice. Leaves GL_ARRAY_BUFFER as it found it.
    package func write(_ records: [Kind.Record], epoch: Double, appears: Double, dies: Double, uniforms: Kind.Uniforms, sprites: SpriteTable = SpriteTable(), side: ButtonSide, shapes: DrawnQuad.ShapeSet = DrawnQuad.allShapes, footprint: Footprint = Footprint(), now: Double) throws -> RingSpan<Kind> {
        guard !records.isEmpty else { throw GLFailure("a span of the ring needs at least one particle") }
        guard records.count <= capacity else {
            throw GLFailure("\(records.count) particles do not fit in the instance ring (capacity \(capacity))")
        }
        // An error left by an earlier call (a draw, say) is not this upload's.
        try glCheck("an earlier call such as a draw (found before uploading \(records.count) \(Kind.noun), which did not happen)")
        if head + records.count > capacity { head = 0 }
        let range = head..<(head + records.count)
        try grow(toHold: range.upperBound)
        evict(overlapping: range, now: now)

        withBuffer(GL_ARRAY_BUFFER, buffer) {
            records.withUnsafeBytes { bytes in
                epoxy_glBufferSubData(GLenum(GL_ARRAY_BUFFER), GLintptr(range.lowerBound * Self.stride), GLsizeiptr(bytes.count), bytes.baseAddress)
            }
        }
        try glCheck("uploading \(records.count) \(Kind.noun)")
        uploadCount += 1
        uploadedBytes += records.count * Self.stride

        var span = RingSpan<Kind>(
            id: nextID, first: range.lowerBound, count: records.count,
            epoch: epoch, appears: appears, dies: dies, uniforms: uniforms, sprites: sprites, side: side
        )
        span.shapes = shapes
        span.footprint = footprint
        nextID += 1
        head = range.upperBound
        spans.append(span)
        return span
    }

    package func liveParticles(at now: Double) -> Int {
        spans.reduce(0) { $0 + ($1.isLive(at: now) ? $1.count : 0) }
    }

    /// Records of the spans not over at `now`, alive or still to appear: what a launch that
    /// must overwrite none of them joins (`Celebration.keepsLiveParticles`). O(spans).
    package func heldParticles(at now: Double) -> Int {
        spans.reduce(0) { $0 + ($1.isOver(at: now) ? 0 : $1.count) }
    }

    /// Forgets the oldest spans that are over at `now` beyond the `keptDeadSpans` most recent
    /// ones. Spans still to come or alive are kept, so a schedule uploaded ahead of time (render)
    /// loses nothing; only times before `now` lose what had died long before. O(spans), and
    /// nothing at all while there are no more spans than that.
    package func forgetDead(at now: Double) {
        guard spans.count > Self.keptDeadSpans else { return }
        let dead = spans.reduce(0) { $0 + ($1.isOver(at: now) ? 1 : 0) }
        var excess = dead - Self.keptDeadSpans
        guard excess > 0 else { return }
        spans.removeAll { span in
            guard excess > 0, span.isOver(at: now) else { return false }
            excess -= 1
            return true
        }
    }

    /// Forgets every span; the next one is written at the start.
    package func removeAll() {
        spans.removeAll()
        head = 0
    }

    private func evict(overlapping range: Range<Int>, now: Double) {
        var lost = 0
        spans.removeAll { span in
            let overlaps = span.first < range.upperBound && range.lowerBound < span.first + span.count
            if overlaps, span.isLive(at: now) { lost += span.count }
            return overlaps
        }
        guard lost > 0 else { return }
        droppedLiveParticles += lost
        if !noticeGiven {
            noticeGiven = true
            notice?("the \(Kind.plural) ring (capacity \(capacity)) is full: its oldest particles are being overwritten while still alive (\(lost) this time)")
        }
    }
}
