@preconcurrency import CEpoxy
import ConfettiCore
import FoundationEssentials
import Glibc

/// What one frame asked of GL.
public struct FrameStats: Equatable, Sendable {
    public var drawCalls = 0
    public var instances = 0
    /// The ring ranges drawn, in order.
    package var ranges: [Range<Int>] = []

    public init(drawCalls: Int = 0, instances: Int = 0, ranges: [Range<Int>] = []) {
        self.drawCalls = drawCalls
        self.instances = instances
        self.ranges = ranges
    }

    public static func + (a: FrameStats, b: FrameStats) -> FrameStats {
        FrameStats(drawCalls: a.drawCalls + b.drawCalls, instances: a.instances + b.instances, ranges: a.ranges + b.ranges)
    }
}

/// Draws the spans of one particle kind: one instanced quad per record, one draw per span
/// alive at the given time, none for the rest.
///
/// Spawn → record → ring → shader → pixels: `add` uploads a batch once, one span per side of
/// the button; `draw` sets the time uniform and draws. The CPU's share of a frame is O(spans),
/// whatever the particle count.
package final class ParticleRenderer<Kind: ParticleKind>: KindRenderer {
    package let ring: InstanceRing<Kind>
    package private(set) var program: ShaderProgram
    /// `program` specialised to a span's key (`SHAPES`, in both shaders): its fragment shader to
    /// the shapes the span holds (particle.frag.glsl), its vertex shader to whether paper is lit
    /// (paper.glsl), built when first needed. llvmpipe pays for every branch of a shader, taken
    /// or not, so a span of rectangles should not pay for stars, nor unlit paper for light
    /// (docs/performance.md).
    private var variants: [DrawnQuad.ShapeSet: ShaderProgram] = [:]
    private var vao: GLuint = 0
    /// Whether each span gets its `Footprint` at upload (the overlays' damage); off, an upload
    /// costs nothing more than its records.
    package var tracksDamage = false

    /// What the program must read and nothing more: the record and the uniforms set per draw.
    package static var interface: ProgramInterface { ProgramInterface(Kind.self, sampleUniforms: Kind.defaultUniforms) }

    package init(shaders: ShaderLibrary, capacity: Int) throws {
        program = try Self.build(shaders)
        ring = try InstanceRing(capacity: capacity)
        epoxy_glGenVertexArrays(1, &vao)
        try glCheck("creating the vertex array for \(Kind.name)")
    }

    private static func build(_ shaders: ShaderLibrary) throws -> ShaderProgram {
        let program = try ShaderProgram(shaders, vertex: Kind.vertexShader, fragment: Kind.fragmentShader)
        do {
            try interface.check(program)
        } catch {
            program.delete()
            throw error
        }
        return program
    }

    package func delete() {
        epoxy_glDeleteVertexArrays(1, &vao)
        ring.delete()
        program.delete()
        deleteVariants()
    }

    private func deleteVariants() {
        variants.values.forEach { $0.delete() }
        variants = [:]
    }

    /// The program that draws a span whose key is `shapes`.
    func program(for shapes: DrawnQuad.ShapeSet) -> ShaderProgram {
        if shapes == DrawnQuad.allShapes { return program }
        if let variant = variants[shapes] { return variant }
        // The same files as `program`, which compiled and passed its interface check. Should a
        // variant still fail, the full program draws the span: the same pixels, more slowly.
        guard let variant = try? ShaderProgram(program.library, vertex: Kind.vertexShader, fragment: Kind.fragmentShader,
                                          vertexDefines: ["SHAPES \(shapes)"], fragmentDefines: ["SHAPES \(shapes)"]) else {
            return program
        }
        variants[shapes] = variant
        return variant
    }

    /// Builds the program again from its files. On failure (compile, link, or an interface the
    /// renderer cannot feed) the old program stays and keeps drawing, and the error is thrown.
    package func reloadShaders() throws {
        let fresh = try Self.build(program.library)
        program.delete()
        program = fresh
        deleteVariants()
    }

    /// Uploads particles launched at `time` (the clock `draw` is given): one span per side of
    /// the button, so each side is one draw. Returns the spans written.
    @discardableResult
    package func add(_ particles: [Kind.Particle], uniforms: Kind.Uniforms, sprites: SpriteTable = SpriteTable(), at time: Double) throws -> [RingSpan<Kind>] {
        // One fit for the whole launch: every side's span carries the same uniforms.
        let uniforms = Kind.fitted(uniforms, to: particles)
        return try ButtonSide.allCases.compactMap { side -> RingSpan<Kind>? in
            let members = particles.filter { Kind.side(of: $0) == side }
            guard !members.isEmpty else { return nil }
            let births = members.map(Kind.birth)
            let lifetimes = members.map { Kind.lifetime(of: $0, uniforms: uniforms) }
            // A trail outlives its piece by its last ghost's lag.
            return try ring.write(
                members.map { Kind.record($0, uniforms: uniforms) }, epoch: time,
                appears: births.min()!, dies: zip(births, lifetimes).map(+).max()! + Kind.trailDuration(uniforms),
                uniforms: uniforms, sprites: sprites, side: side,
                shapes: members.reduce(0) { $0 | Kind.shapes(of: $1, uniforms: uniforms) },
                footprint: tracksDamage ? Footprint(Kind.self, members.map { Kind.stored($0, uniforms: uniforms) }, uniforms: uniforms) : Footprint(),
                now: time
            )
        }
    }

    /// Uploads a batch of this renderer's kind, its sprites where `sprites` says they are in the
    /// atlas; `Celebration` hands each batch to its kind's.
    package func add(_ batch: any ParticleBatch, sprites: SpriteTable, at time: Double) throws {
        guard let batch = batch.typed(Kind.self) else {
            preconditionFailure("a batch of \(batch.kind.plural) handed to the \(Kind.plural) renderer")
        }
        try add(batch.particles, uniforms: batch.uniforms, sprites: sprites, at: time)
    }

    package func removeAll() { ring.removeAll() }

    package var kind: any ParticleKind.Type { Kind.self }
    package var ringBytes: Int { ring.byteSize }
    package var spanCount: Int { ring.spans.count }
    package var shaderFiles: [String] { program.files }
    package var notice: ((String) -> Void)? {
        get { ring.notice }
        set { ring.notice = newValue }
    }

    package func pass(at now: Double, side: ButtonSide) -> PlannedPass? {
        let plan = plan(at: now, side: side)
        return plan.isEmpty ? nil : PlannedPass { self.execute(plan, viewport: $0, pixelsPerPoint: $1) }
    }

    /// One draw of a frame: a live span and its time uniform.
    package struct PlannedDraw: Sendable {
        package var span: RingSpan<Kind>
        package var age: Float
    }

    /// The CPU's whole share of a frame: which spans of `side` are alive at `now`, and their
    /// time uniforms. O(spans), whatever the number of particles. Forgets spans long dead
    /// (`InstanceRing.forgetDead`), so the walk stays short.
    package func plan(at now: Double, side: ButtonSide) -> [PlannedDraw] {
        ring.forgetDead(at: now)
        return ring.spans.compactMap { span in
            span.side == side && span.isLive(at: now) ? PlannedDraw(span: span, age: span.age(at: now)) : nil
        }
    }

    /// Draws the spans of `side` alive at `now` over the bound framebuffer.
    @discardableResult
    package func draw(at now: Double, viewport: Size, pixelsPerPoint: Double, side: ButtonSide) -> FrameStats {
        execute(plan(at: now, side: side), viewport: viewport, pixelsPerPoint: pixelsPerPoint)
    }

    /// Issues the planned draws: one instanced draw each, none for an empty plan. Sets blending
    /// for premultiplied colour, no depth test or face culling, and its program, and leaves the
    /// vertex array and array buffer unbound (`Celebration.draw` puts the caller's state back).
    @discardableResult
    package func execute(_ plan: [PlannedDraw], viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        var stats = FrameStats()
        guard !plan.isEmpty else { return stats }

        // The pieces are flat and drawn in order, over everything: no depth test, either winding.
        epoxy_glDisable(GLenum(GL_DEPTH_TEST))
        epoxy_glDisable(GLenum(GL_CULL_FACE))
        epoxy_glEnable(GLenum(GL_BLEND))
        // Premultiplied alpha: the fragment shaders have already multiplied colour by coverage
        // and opacity.
        epoxy_glBlendEquation(GLenum(GL_FUNC_ADD))
        epoxy_glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        epoxy_glBindVertexArray(vao)
        var current: ShaderProgram?
        for draw in plan {
            let span = draw.span
            let program = program(for: span.shapes)
            if program !== current {
                program.use()
                current = program
            }
            setUniforms(FrameUniforms.values(age: draw.age, viewport: viewport, pixelsPerPoint: pixelsPerPoint) + span.uniformValues, on: program)
            // Each record is its particle and its trail's ghosts: one instance each.
            let perRecord = Kind.ghosts(span.uniforms) + 1
            bindInstanceAttributes(Kind.attributes, stride: InstanceRing<Kind>.stride, buffer: ring.buffer, first: span.first, instancesPerRecord: perRecord)
            epoxy_glDrawArraysInstanced(GLenum(GL_TRIANGLE_STRIP), 0, 4, GLsizei(span.count * perRecord))
            stats.drawCalls += 1
            stats.instances += span.count * perRecord
            stats.ranges.append(span.first..<(span.first + span.count))
        }
        epoxy_glBindVertexArray(0)
        epoxy_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        return stats
    }

    package func liveParticles(at now: Double) -> Int { ring.liveParticles(at: now) }

    package func heldParticles(at now: Double) -> Int { ring.heldParticles(at: now) }

    package func bounds(at now: Double) -> Footprint.Box? {
        ring.spans.reduce(Footprint.Box?.none) { box, span in span.bounds(at: now).map { $0.union(box) } ?? box }
    }

    package func addCells(at now: Double, to lists: inout [[Int]]) -> Bool {
        for span in ring.spans {
            guard let touched = span.cells(at: now), touched.first != Cells.everywhere else { return false }
            if !touched.isEmpty { lists.append(touched) }
        }
        return true
    }

    /// True when no span has anything alive or still to appear at `now`.
    package func isIdle(at now: Double) -> Bool {
        ring.spans.allSatisfy { $0.isOver(at: now) }
    }
}

/// What `Celebration` asks of each kind's renderer, whatever the kind (`ParticleRenderer`).
package protocol KindRenderer: AnyObject {
    var kind: any ParticleKind.Type { get }
    var ringBytes: Int { get }
    /// Spans its ring holds, alive or not yet forgotten.
    var spanCount: Int { get }
    var shaderFiles: [String] { get }
    /// Told when the ring overwrites spans still alive (`InstanceRing.notice`).
    var notice: ((String) -> Void)? { get set }
    func add(_ batch: any ParticleBatch, sprites: SpriteTable, at time: Double) throws
    /// The kind's share of a frame's `side`: nil when it has nothing alive there.
    func pass(at now: Double, side: ButtonSide) -> PlannedPass?
    func liveParticles(at now: Double) -> Int
    /// Particles of the spans not over at `now`: alive, or still to appear (`InstanceRing.heldParticles`).
    func heldParticles(at now: Double) -> Int
    /// Where its live spans' particles can be at `now` (pt), from their footprints.
    func bounds(at now: Double) -> Footprint.Box?
    /// Appends the cells of each of its spans at `now` (`Footprint.cells(age:)`, in order) to
    /// `lists`; false when some may be anywhere.
    func addCells(at now: Double, to lists: inout [[Int]]) -> Bool
    /// Whether uploads get footprints (`ParticleRenderer.tracksDamage`).
    var tracksDamage: Bool { get set }
    func isIdle(at now: Double) -> Bool
    func removeAll()
    func reloadShaders() throws
    func delete()
}

/// A kind's planned draws for one side of a frame, issued by `execute(viewport, pixelsPerPoint)`.
package struct PlannedPass {
    package let execute: (Size, Double) -> FrameStats
}
