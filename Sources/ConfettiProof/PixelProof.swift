import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc
import Synchronization

/// The pixel proof: a headless render of some batches at one time against the CPU reference
/// rasteriser's picture of the same, pixel by pixel.
package enum PixelProof {
    /// How far the two pictures are apart, over the pixels either one drew on.
    package struct Difference: Sendable {
        /// The largest difference of any channel of any pixel, in levels of 255.
        package var worst = 0
        /// Pixels either picture drew on.
        package var inked = 0
        package var total = 0
        /// Where the worst pixel is (pixels from the top-left).
        package var worstAt = (x: 0, y: 0)
        /// Pixels further off than `allowed` lets them be, and the first of them.
        package var beyondBound = 0
        package var firstBeyond = (x: 0, y: 0, levels: 0, draws: 0)
        package var mean: Double { inked == 0 ? 0 : Double(total) / Double(inked) }

        package init() {}
    }

    /// The CPU's picture, drawn in the renderer's order: what is behind the button, `between`
    /// (the app's button, where it draws one), then what is over it, each side kind by kind
    /// (`ParticleKinds.all`).
    ///
    /// Each particle is evaluated at the age the GPU computes, as the parity check does: the
    /// shader gets `Float(time − epoch)` (`render` launches at 0) and subtracts the float birth
    /// and ghost lag in float. Evaluated at the exact age instead, a piece spinning at 36,000
    /// deg/s turns 0.002° further than the GPU's (the float time is 6e-8 s off at 1 s), which at
    /// the tip of a 255 pt piece drawn at scale 2 moves an antialiased edge by 0.01 px, 2.4
    /// levels of 255: the GPU was right, and the reference was drawing another instant.
    package static func reference(_ batches: [any ParticleBatch], at time: Double, epoch: Double = 0, viewport: Size, pixelsPerPoint: Double, background: RGB,
                                  between: ((inout ReferenceRasteriser) -> Void)? = nil) -> ReferenceRasteriser {
        let width = Int(viewport.width * pixelsPerPoint), height = Int(viewport.height * pixelsPerPoint)
        var image = ReferenceRasteriser(width: width, height: height, pixelsPerPoint: pixelsPerPoint, background: background)
        quads(batches, at: time, epoch: epoch, pixelsPerPoint: pixelsPerPoint, side: .behindButton) { image.draw($0, sprites: $1) }
        between?(&image)
        quads(batches, at: time, epoch: epoch, pixelsPerPoint: pixelsPerPoint, side: .overButton) { image.draw($0, sprites: $1) }
        return image
    }

    /// Pixels `reference` shades for the same arguments, counted without shading them: the
    /// CPU's share of the pixel proof, which `verify` checks against its budget first.
    package static func pixelsVisited(_ batches: [any ParticleBatch], at time: Double, epoch: Double = 0, viewport: Size, pixelsPerPoint: Double) -> Double {
        let image = ReferenceRasteriser(width: Int(viewport.width * pixelsPerPoint), height: Int(viewport.height * pixelsPerPoint),
                                        pixelsPerPoint: pixelsPerPoint, background: RGB(0, 0, 0))
        var visited = 0.0
        for side in [ButtonSide.behindButton, .overButton] {
            quads(batches, at: time, epoch: epoch, pixelsPerPoint: pixelsPerPoint, side: side, texels: false) { quad, _ in
                visited += Double(image.pixelsVisited(by: quad))
            }
        }
        return visited
    }

    /// Every instance on `side`, in the renderer's order, as drawn at `time`: each particle as
    /// its record holds it (on the grids the renderer fits), its trail's ghosts oldest first and
    /// then itself, batches kind by kind, so blending matches.
    /// `texels`: whether `body` needs the batches' sprites sampled (counting pixels does not).
    private static func quads(_ batches: [any ParticleBatch], at time: Double, epoch: Double, pixelsPerPoint: Double, side: ButtonSide,
                              texels: Bool = true, _ body: (DrawnQuad, [SpriteTexels]) -> Void) {
        func visit<Batch: ParticleBatch>(_ batch: Batch) {
            typealias Kind = Batch.Kind
            let uniforms = Kind.fitted(batch.uniforms, to: batch.particles)
            let sprites = texels ? batch.sprites.map(SpriteTexelCache.texels) : []
            for particle in batch.particles where Kind.side(of: particle) == side {
                let p = Kind.stored(particle, uniforms: uniforms)
                let uTime = Float(time - epoch), birth = Float(Kind.birth(of: p)), spacing = Float(Kind.ghostSpacing(uniforms))
                for k in stride(from: Kind.ghosts(uniforms), through: 0, by: -1) {
                    let age = Double(uTime - birth - Float(k) * spacing)
                    let sample = Kind.evaluate(p, at: age, ghost: k, uniforms: uniforms)
                    body(Kind.drawn(p, sample, pixelsPerPoint: pixelsPerPoint), sprites)
                }
            }
        }
        for batch in batches.inDrawingOrder { visit(batch) }
    }

    /// The GPU's picture of the particles alone, through `Celebration`, over `background`; a
    /// context must be current.
    package static func render(_ batches: [any ParticleBatch], at time: Double, viewport: Size, pixelsPerPoint: Double, background: RGB, shaders: ShaderLibrary) throws -> RGBAImage {
        try render(batches, at: [time], viewport: viewport, pixelsPerPoint: pixelsPerPoint, background: background, shaders: shaders)[0]
    }

    /// Its pictures at each of `times`, in order, from one upload: `Celebration` draws what is
    /// alive at each time from the same records, so the programs are linked and the batches
    /// uploaded once, whatever the number of pictures.
    package static func render(_ batches: [any ParticleBatch], at times: [Double], viewport: Size, pixelsPerPoint: Double, background: RGB, shaders: ShaderLibrary) throws -> [RGBAImage] {
        let records = batches.map(\.particleCount).reduce(0, +)
        let celebration = try Celebration(capacity: max(records, 1), shaders: shaders, seed: 1)
        let target = try OffscreenTarget(width: Int(viewport.width * pixelsPerPoint), height: Int(viewport.height * pixelsPerPoint))
        defer { celebration.delete(); target.delete() }
        for batch in batches { try celebration.add(batch, at: 0) }
        return try times.map { time in
            target.bind()
            clearFramebuffer(to: background)
            celebration.draw(at: time, viewport: viewport, pixelsPerPoint: pixelsPerPoint)
            return try target.readPixels()
        }
    }

    /// The levels a pixel may be off after `draws` draws blended into it: `single` for one,
    /// and a level more for each further draw, since each blend rounds to 8 bits and a
    /// rounding that goes the other way is carried into every blend over it.
    package static func allowed(draws: Int, single: Int) -> Int { max(single, single + draws - 1) }

    package static func difference(_ gpu: RGBAImage, _ cpu: ReferenceRasteriser, background: RGB, single: Int = 2) -> Difference {
        var d = Difference()
        let b = background.rgba8
        // Channel by channel, by index: slices, arrays, tuples and zip made a debug build (the
        // tests') spend most of the proof's time here.
        let gpuPixels = gpu.pixels, cpuPixels = cpu.pixels
        for pixel in 0..<(min(gpuPixels.count, cpuPixels.count) + 3) / 4 {
            let i = 4 * pixel
            let g0 = gpuPixels[i], g1 = gpuPixels[i + 1], g2 = gpuPixels[i + 2]
            let c0 = cpuPixels[i], c1 = cpuPixels[i + 1], c2 = cpuPixels[i + 2]
            guard g0 != b.0 || g1 != b.1 || g2 != b.2 || c0 != b.0 || c1 != b.1 || c2 != b.2 else { continue }
            let diff = max(abs(Int(g0) - Int(c0)), abs(Int(g1) - Int(c1)), abs(Int(g2) - Int(c2)))
            if diff > d.worst { d.worstAt = ((i / 4) % gpu.width, (i / 4) / gpu.width) }
            let draws = Int(cpu.draws[i / 4])
            if diff > allowed(draws: draws, single: single) + Int(cpu.slack[i / 4]) {
                if d.beyondBound == 0 { d.firstBeyond = ((i / 4) % gpu.width, (i / 4) / gpu.width, diff, draws) }
                d.beyondBound += 1
            }
            d.worst = max(d.worst, diff)
            d.total += diff
            d.inked += 1
        }
        return d
    }
}

/// Each picture's texels, made once: every batch of a launch carries the same pictures, and
/// the proof draws the launch at several times, so 1000 fireworks of 32 emoji made 32,000 sets
/// of texels a time (256², 9 levels each) where 32 do. A picture is found by its pixels' storage,
/// which every batch of a launch shares, and compared whole only then; the cache holds the
/// picture, so that storage cannot be freed and reused by another while it is known. It keeps
/// the pictures seen last, at most two batches' worth: a few megabytes.
enum SpriteTexelCache {
    private static let made = Mutex([Int: (image: SpriteImage, texels: SpriteTexels)]())
    static let capacity = 2 * SpriteTable.capacity

    static func texels(_ image: SpriteImage) -> SpriteTexels {
        let key = image.pixels.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
        if let known = made.withLock({ $0[key] }), known.image == image { return known.texels }
        let texels = SpriteTexels(image)
        made.withLock { made in
            if made.count >= capacity { made.removeAll() }
            made[key] = (image, texels)
        }
        return texels
    }
}
