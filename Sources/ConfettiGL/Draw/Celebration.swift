@preconcurrency import CEpoxy
import ConfettiCore
import FoundationEssentials
import Glibc

/// Confetti and fireworks over an app's own OpenGL drawing: the library's front door.
///
/// ```swift
/// import ConfettiGL
/// // The app's own OpenGL 3.3+ context is current and its framebuffer bound.
/// let celebration = try Celebration()
/// try celebration.fire(.confetti, at: now, in: viewport)   // viewport in points
/// celebration.draw(at: now, viewport: viewport, pixelsPerPoint: scale)
/// if celebration.isIdle(at: now) { /* nothing to animate: stop redrawing */ }
/// ```
///
/// Times are seconds in any clock the app likes (they are subtracted in double precision, so
/// months of uptime are fine); each `fire` is one seeded launch, launch k drawing from RNG
/// stream k of `seed`. Each particle kind has its own GPU ring of up to `capacity` records,
/// which starts small and grows as launches need room (`InstanceRing`).
public final class Celebration {
    /// Particles each particle kind's GPU ring holds; the oldest particles are overwritten when it is full.
    public static let defaultCapacity = 1 << 20

    public let capacity: Int
    package let shaders: ShaderLibrary
    /// Seed of the launches `fire` makes; launch k draws from RNG stream k
    /// (`SeededGenerator.init(seed:launch:)`).
    public var seed: UInt64
    /// Launches `fire` has made so far.
    public private(set) var launches = 0

    /// Counts `count` launches made before this celebration (by the same program before it let
    /// go of its GL context): the next launch is the one index `count` gives.
    package func launchesBefore(_ count: Int) { launches = count }

    /// One renderer per particle kind (`ParticleKinds.all`), in drawing order.
    package let renderers: [any KindRenderer]
    /// The pictures sprites are drawn as, for every kind.
    package let atlas = SpriteAtlas()
    /// Times every draw on the GPU, read back a few draws later.
    private let timer = GPUTimer()

    /// GPU milliseconds of the newest draw whose timing has come back: each `draw` is timed on
    /// its own with GL timestamps and read back once the GPU has finished it, usually two or
    /// three draws later, so asking never makes the CPU wait. nil until one has come back.
    public var gpuMilliseconds: Double? { timer.latestMilliseconds }

    /// Whether each draw is timed on the GPU (`gpuMilliseconds`); on by default. Off for a
    /// caller that never asks, as the timestamps cost the software rasteriser a pass over the
    /// whole framebuffer (`GPUTimer.isEnabled`).
    package var timesDraws: Bool {
        get { timer.isEnabled }
        set { timer.isEnabled = newValue }
    }

    /// GPU memory the rings hold now: the records each has room for × its record's size.
    package var ringBytes: Int { renderers.map(\.ringBytes).reduce(0, +) }

    /// The renderer of one kind, for code about that kind alone (tests of its ring).
    package func renderer<Kind: ParticleKind>(of _: Kind.Type) -> ParticleRenderer<Kind> {
        renderers.lazy.compactMap { $0 as? ParticleRenderer<Kind> }.first!
    }

    /// Needs a current OpenGL 3.3 core context. Builds the programs now, so an old context
    /// fails here rather than at the first draw.
    public convenience init(capacity: Int = Celebration.defaultCapacity, seed: UInt64 = 1) throws {
        try self.init(capacity: capacity, shaders: .embedded, seed: seed)
    }

    /// With shaders from `shaders` (the viewer's hot reload reads them from a directory).
    package init(capacity: Int, shaders: ShaderLibrary, seed: UInt64) throws {
        do {
            try Budget.capacity(capacity)
        } catch let error as BudgetError {
            throw CelebrationError(error.description)
        }
        try requireGL33()
        self.capacity = capacity
        self.shaders = shaders
        self.seed = seed
        renderers = try AppGLErrors.keep {
            var made: [any KindRenderer] = []
            do {
                for kind in ParticleKinds.all {
                    made.append(try Self.renderer(of: kind, shaders: shaders, capacity: capacity))
                }
            } catch {
                made.forEach { $0.delete() }
                throw error
            }
            return made
        }
    }

    private static func renderer<Kind: ParticleKind>(of _: Kind.Type, shaders: ShaderLibrary, capacity: Int) throws -> any KindRenderer {
        try ParticleRenderer<Kind>(shaders: shaders, capacity: capacity)
    }

    /// The largest capacity: every kind's ring (`Budget.Ring.allCases`) within `Budget.maxGPUBytes`, 1 GiB.
    public static var maxCapacity: Int { Budget.maxCapacity }

    /// Frees the GL objects; the context must be current.
    public func delete() {
        AppGLErrors.setAside {
            renderers.forEach { $0.delete() }
            atlas.delete()
            timer.delete()
        }
    }

    /// One launch of `effect` at time `now`, sized to `viewport` (points). Fireworks burst
    /// around `button` (default: a 200×56 pt rectangle in the middle of the viewport). Bad input,
    /// or a launch beyond `Budget` (too many particles to spawn, or more than a ring holds),
    /// throws a `CelebrationError` before anything is spawned and changes nothing.
    public func fire(_ effect: Effect, at now: Double, in viewport: Size, around button: Rect? = nil) throws {
        try fire(effect, nil, at: now, in: viewport, around: button)
    }

    /// One launch spawned as `fire` spawns it in `viewport`, then moved by `offset` (points of
    /// the viewport `draw` is given): how the overlay plays a launch on one output of a desktop
    /// drawn as one view (`Launch.moved`). Nil moves nothing. `payload` is what it fires (by
    /// default the effect's own kind; the viewer's keys fire its confetti, its fountain, or one
    /// firework bursting in the middle of `button`), checked against `Budget` here, once, with `names` in a refusal. With `seed`,
    /// the launch is the one that seed gives (its first stream, as launch 0 of a celebration of
    /// that seed), the same every time it is fired; without, launch k of `seed` draws from
    /// stream k, so each launch differs. Returns what it launched, its sounds on the clock of
    /// `now`: the front end plays or records them.
    @discardableResult
    package func fire(_ effect: Effect, _ payload: Budget.Payload? = nil, at now: Double, in viewport: Size, around button: Rect?, movedBy offset: SIMD2<Double>? = nil,
                      seed launchSeed: UInt64? = nil, names: Budget.Names = Budget.Names()) throws -> Launch {
        guard now.isFinite else { throw CelebrationError("the time must be a finite number of seconds, not \(now)") }
        guard viewport.width.isFinite, viewport.height.isFinite, viewport.width > 0, viewport.height > 0,
              viewport.width <= Self.maxViewportSide, viewport.height <= Self.maxViewportSide else {
            throw CelebrationError("the viewport must be 0 < width, height ≤ \(Int(Self.maxViewportSide)) points, not \(viewport.width)×\(viewport.height)")
        }
        let frame = button ?? Rect.button(centredIn: viewport)
        guard [frame.x, frame.y, frame.width, frame.height].allSatisfy(\.isFinite) else {
            throw CelebrationError("the button rectangle must be finite, not \(frame)")
        }
        let payload = payload ?? .effect(effect.kind)
        do {
            try Budget.launch(effect, payload, capacity: capacity, names: names, held: keepsLiveParticles ? held(at: now) : nil)
        } catch let error as BudgetError {
            throw CelebrationError(error.description)
        }
        return try fire(at: now, seed: launchSeed, movedBy: offset) { seed, index in
            // Spawned in ConfettiCore from (seed, stream), its sounds with it.
            switch payload {
            case .effect(let kind): effect.launch(kind, seed: seed, index: index, around: frame, in: viewport)
            case .firework: effect.firework(at: Point(frame.midX, frame.y + frame.height / 2), seed: seed, index: index, in: viewport)
            }
        }
    }

    /// The one launch path every `fire` ends in: the launch `spawn` makes of (seed, index),
    /// launch k of `seed` (or launch 0 of `launchSeed`), moved by `offset`, uploaded at `now`
    /// and its sounds kept for `audio`. The caller has checked it against `Budget`. The index is
    /// taken even if the upload then fails, so a launch already in part on screen is never
    /// drawn again by the next. Returns the launch, its sounds on the clock of `now`.
    @discardableResult
    package func fire(at now: Double, seed launchSeed: UInt64? = nil, movedBy offset: SIMD2<Double>? = nil,
                      _ spawn: (_ seed: UInt64, _ index: Int) throws -> Launch) throws -> Launch {
        let spawned = try spawn(launchSeed ?? seed, launchSeed == nil ? launches : 0)
        let launch = offset.map { spawned.moved(by: $0) } ?? spawned
        launches += 1
        try AppGLErrors.keep { try upload(launch.batches, at: now) }
        // Returned only once it is on its way: a launch that could not be uploaded makes no sound.
        let sounds = launch.sounds.map { $0.delayed(by: now) }
        // Kept for `audio` once the launch is on its way; what ended long before is forgotten.
        soundPlayer.dropEnded(before: SoundTrack.sample(at: max(0, now - Self.keptAudioSeconds)))
        soundPlayer.add(sounds)
        return Launch(batches: launch.batches, sounds: sounds)
    }

    /// The sound of the launches `fire` made, on its clock, which `audio` synthesises.
    package var soundPlayer = SoundPlayer(SoundTrack())

    /// Whether a launch that would overwrite particles still alive or to come is refused rather
    /// than fired (the resident overlay, whose launches overlap and must each play whole). Off
    /// by default: an app's rings overwrite their oldest particles when full.
    package var keepsLiveParticles = false

    /// What each ring holds at `now` of the launches not over yet (alive, or still to appear),
    /// by ring: what a new launch joins when `keepsLiveParticles` is on.
    package func held(at now: Double) -> [(ring: Budget.Ring, particles: Int)] {
        renderers.map { (Budget.Ring($0.kind), $0.heldParticles(at: now)) }
    }

    /// Uploads the batches of one launch spawned at `time` (the clock `draw` is given): one
    /// that the app has spawned itself (a firework where the user clicked, confetti of its own
    /// count). Nothing is checked against `Budget` here: that is the caller's (an upload larger
    /// than a ring throws). Every picture of the launch has its atlas page before anything is
    /// uploaded, so a full atlas refuses the whole launch rather than leaving part of it on screen.
    package func upload(_ batches: [any ParticleBatch], at time: Double) throws {
        guard time.isFinite else { throw CelebrationError("the time must be a finite number of seconds, not \(time)") }
        let pictures = batches.flatMap(\.sprites)
        if !pictures.isEmpty {
            let until = time + (batches.map(\.duration).max() ?? 0)
            _ = try atlas.pages(for: pictures, now: time, until: until)
        }
        for batch in batches {
            try add(batch, at: time)
        }
    }

    /// One launch of a preset by name (any of `Effect.presets`: `confetti`, `rain`, `finale`, …).
    /// An unknown name is refused in `UnknownEffect`'s words, as a `CelebrationError` like any
    /// bad input to `fire`. The library reads no effects folder: the commands do.
    public func fire(_ preset: String, at now: Double, in viewport: Size, around button: Rect? = nil) throws {
        let effect: Effect
        do {
            effect = try EffectReference.name(preset).resolve(among: .none).effect
        } catch let error as UnknownEffect {
            throw CelebrationError(error.description)
        }
        try fire(effect, at: now, in: viewport, around: button)
    }

    /// The largest viewport side `fire` accepts, in points.
    public static let maxViewportSide = 1_000_000.0

    /// Uploads one batch launched at `time` (the clock `draw` is given), its sprites to the atlas.
    package func add(_ batch: any ParticleBatch, at time: Double) throws {
        let pages = try atlas.pages(for: batch.sprites, now: time, until: time + batch.duration)
        let sprites = SpriteTable(images: batch.sprites, pages: pages)
        try renderers.first { ObjectIdentifier($0.kind) == ObjectIdentifier(batch.kind) }!.add(batch, sprites: sprites, at: time)
    }

    /// Draws everything alive at `now` over what the bound framebuffer holds, then puts back
    /// every piece of GL state it touched (blending, program, vertex array, array buffer,
    /// viewport, depth test, face culling, framebuffer bindings, the active texture unit and
    /// unit 0's array texture).
    @discardableResult
    public func draw(at now: Double, viewport: Size, pixelsPerPoint: Double) -> FrameStats {
        ButtonSide.allCases.reduce(FrameStats()) { $0 + draw(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, side: $1) }
    }

    /// Draws what is on one side of the button (for an app that draws its own button between
    /// the two), state preserved.
    @discardableResult
    public func draw(at now: Double, viewport: Size, pixelsPerPoint: Double, side: ButtonSide) -> FrameStats {
        AppGLErrors.setAside { drawing(at: now, viewport: viewport, pixelsPerPoint: pixelsPerPoint, side: side) }
    }

    /// `draw` for a caller that sets the app's GL errors aside itself and reads what the draw
    /// leaves behind (the C library reports it).
    package func drawing(at now: Double, viewport: Size, pixelsPerPoint: Double, side: ButtonSide) -> FrameStats {
        let passes = renderers.compactMap { $0.pass(at: now, side: side) }
        guard !passes.isEmpty else { return FrameStats() }
        let saved = GLStateSnapshot()
        defer { saved.restore() }
        atlas.bind()
        timer.begin()
        defer { timer.endFrame() }
        return passes.reduce(FrameStats()) { $0 + $1.execute(viewport, pixelsPerPoint) }
    }

    /// True when nothing is alive or waiting to appear at `now`: the app may stop redrawing.
    public func isIdle(at now: Double) -> Bool {
        renderers.allSatisfy { $0.isIdle(at: now) }
    }

    /// Whether each launch works out where its pieces can be at every age when it is uploaded
    /// (`Footprint`), so `bounds(at:)` can say what a frame changes. Off by default: a render
    /// draws whole frames and spends nothing on it.
    package var tracksDamage: Bool {
        get { renderers.allSatisfy(\.tracksDamage) }
        set { for renderer in renderers { renderer.tracksDamage = newValue } }
    }

    /// Where the particles alive at `now` can be (pt, the viewport `draw` is given), from the
    /// footprints of the live spans: O(spans). nil when nothing is drawn. A launch uploaded
    /// while `tracksDamage` was off may be anywhere (`Footprint.everywhere`).
    package func bounds(at now: Double) -> Footprint.Box? {
        renderers.reduce(Footprint.Box?.none) { box, renderer in renderer.bounds(at: now).map { $0.union(box) } ?? box }
    }

    /// The keys of the cells (`Cells`) the particles alive at `now` can touch, in order, each
    /// once, from the live spans' footprints (`Cells.union` of their lists). nil when some may
    /// be anywhere.
    package func cells(at now: Double) -> [Int]? {
        var lists: [[Int]] = []
        for renderer in renderers where !renderer.addCells(at: now, to: &lists) { return nil }
        return Cells.union(lists)
    }

    public func liveParticles(at now: Double) -> Int {
        renderers.map { $0.liveParticles(at: now) }.reduce(0, +)
    }

    /// Forgets every launch, with its sound and its pictures.
    public func removeAll() {
        renderers.forEach { $0.removeAll() }
        atlas.forget()
        soundPlayer = SoundPlayer(SoundTrack())
    }

    /// Rebuilds every program from its files. Each one that fails keeps its previous version;
    /// the first error is thrown after all have been tried.
    package func reloadShaders() throws {
        try reloadEach(renderers.map { $0.reloadShaders })
    }

    /// The root file of every program it builds: each registered particle kind's vertex and
    /// fragment shader (`ParticleKinds.all`), each once.
    package static var programFiles: [String] {
        ParticleKinds.all.flatMap { [$0.vertexShader, $0.fragmentShader] }.reduce(into: []) { files, name in
            if !files.contains(name) { files.append(name) }
        }
    }

    /// Every shader file the programs were built from (what hot reload watches).
    package var shaderFiles: [String] {
        Array(Set(renderers.flatMap(\.shaderFiles))).sorted()
    }
}

/// Bad input to `Celebration` or `BloomPass`, said plainly.
public struct CelebrationError: Error, CustomStringConvertible, Sendable {
    public var description: String
    package init(_ description: String) { self.description = description }
}

/// Runs every reload, so that each program that builds is taken even when another fails, then
/// throws the first failure.
package func reloadEach(_ reloads: [() throws -> Void]) throws {
    var failure: (any Error)?
    for reload in reloads {
        do { try reload() } catch { failure = failure ?? error }
    }
    if let failure { throw failure }
}
