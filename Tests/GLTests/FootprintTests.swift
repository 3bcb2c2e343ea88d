@preconcurrency import CEpoxy
@testable import ConfettiApp
import ConfettiCore
import ConfettiGL
import GLTestSupport
import Testing
import TestSupport

/// A launch's footprint (`Footprint`, worked out once at spawn) holds every piece it draws:
/// the overlay repaints and tells the compositor only that part of each frame, so a pixel
/// outside it would be left on screen or never shown.
@Suite(.tags(.math)) struct FootprintTests {
    static let viewport = Size(width: 320, height: 180)

    /// Ages to look at: many per slice, none on a slice's edge, over the effect's whole length.
    static func ages(_ effect: Effect) -> [Double] {
        let seconds = effect.kind.definition.seconds(effect)
        let step = max(Footprint.slice * 1.37, seconds / 120)
        return stride(from: 0.004, through: seconds + 0.1, by: step).map { $0 }
    }

    /// Whether `point` (pt) lies in one of `cells` (nil: anywhere).
    static func inside(_ point: SIMD2<Double>, _ cells: Set<Int>?) -> Bool {
        guard let cells else { return true }
        let key = Cells.key(row: Int((point.y / Cells.size).rounded(.down)), column: Int((point.x / Cells.size).rounded(.down)))
        return cells.contains(key)
    }

    /// Every preset (the sprite and trail presets among them), drawn on the GPU at many ages:
    /// no lit pixel lies outside the launch's bounds for that frame.
    @Test(arguments: Effect.presets.map(\.name))
    func noPixelOfAnyPresetFallsOutsideItsFrameBounds(preset: String) async throws {
        let effect = Effect.preset(preset)!
        let ages = Self.ages(effect)
        let outside = try await SharedGL.run { () -> [String] in
            let celebration = try Celebration(capacity: Overlay.capacity(for: effect), shaders: SharedGL.shaders(), seed: 3)
            celebration.tracksDamage = true
            let target = try OffscreenTarget(width: Int(Self.viewport.width), height: Int(Self.viewport.height))
            defer { celebration.delete(); target.delete() }
            try celebration.fire(effect, at: 0, in: Self.viewport)
            var outside: [String] = []
            var lit = 0
            for age in ages {
                target.bind()
                epoxy_glViewport(0, 0, GLsizei(Self.viewport.width), GLsizei(Self.viewport.height))
                epoxy_glClearColor(0, 0, 0, 0)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                celebration.draw(at: age, viewport: Self.viewport, pixelsPerPoint: 1)
                let image = try target.readPixels()
                let box = celebration.bounds(at: age), cells = celebration.cells(at: age).map(Set.init)
                for y in 0..<image.height {
                    for x in 0..<image.width where image[x, y].a > 0 {
                        lit += 1
                        let centre = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                        if box?.contains(centre) != true || !Self.inside(centre, cells), outside.count < 5 {
                            outside.append("age \(age): pixel (\(x), \(y)) lit, bounds \(box.map { "\($0)" } ?? "none"), in a cell: \(Self.inside(centre, cells))")
                        }
                    }
                }
            }
            #expect(lit > 0, "\(preset) drew nothing to check")
            return outside
        }
        #expect(outside.isEmpty, "\(preset): \(outside.joined(separator: "; "))")
    }

    /// Launches overlapping in time (the overlay's `--fire-every`), in a ring that wraps: every
    /// lit pixel lies inside the union of the live launches' bounds.
    @Test func overlappingLaunchesStayInsideTheUnionOfTheirBounds() async throws {
        let effect = Effect.celebration
        let outside = try await SharedGL.run { () -> [String] in
            let celebration = try Celebration(capacity: Overlay.capacity(for: effect, fireEvery: 0.5), shaders: SharedGL.shaders(), seed: 5)
            celebration.tracksDamage = true
            let target = try OffscreenTarget(width: Int(Self.viewport.width), height: Int(Self.viewport.height))
            defer { celebration.delete(); target.delete() }
            var outside: [String] = []
            var lit = 0
            for step in 0..<60 {
                let now = Double(step) * 0.1
                if step % 5 == 0 { try celebration.fire(effect, at: now, in: Self.viewport) }
                target.bind()
                epoxy_glClearColor(0, 0, 0, 0)
                epoxy_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
                celebration.draw(at: now + 0.01, viewport: Self.viewport, pixelsPerPoint: 1)
                let image = try target.readPixels()
                let box = celebration.bounds(at: now + 0.01), cells = celebration.cells(at: now + 0.01).map(Set.init)
                for y in 0..<image.height {
                    for x in 0..<image.width where image[x, y].a > 0 {
                        lit += 1
                        let centre = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                        if box?.contains(centre) != true || !Self.inside(centre, cells), outside.count < 5 {
                            outside.append("at \(now): pixel (\(x), \(y)) lit, bounds \(box.map { "\($0)" } ?? "none")")
                        }
                    }
                }
            }
            #expect(lit > 0)
            return outside
        }
        #expect(outside.isEmpty, "\(outside.joined(separator: "; "))")
    }

    /// The CPU reference gives the same bounds: every particle and ghost of every preset, evaluated
    /// at ages between the slices' edges, has its whole quad inside its span's footprint there.
    @Test(arguments: Effect.presets.map(\.name))
    func everyEvaluatedQuadOfAnyPresetLiesInsideItsFootprint(preset: String) throws {
        let effect = Effect.preset(preset)!
        let launch = effect.launch(effect.kind, seed: 3, index: 0, around: Rect.button(centredIn: Self.viewport), in: Self.viewport)
        var checked = 0
        for batch in launch.batches {
            checked += try Self.check(batch, ages: Self.ages(effect), preset: preset)
        }
        #expect(checked > 0, "\(preset) evaluated nothing")
    }

    static func check(_ batch: any ParticleBatch, ages: [Double], preset: String) throws -> Int {
        func open<B: ParticleBatch>(_ batch: B) -> Int {
            typealias Kind = B.Kind
            let uniforms = Kind.fitted(batch.uniforms, to: batch.particles)
            let particles = batch.particles.map { Kind.stored($0, uniforms: uniforms) }
            // Every preset, however large: the budget only spares an upload the work.
            let footprint = Footprint(Kind.self, particles, uniforms: uniforms, budget: .infinity)
            var checked = 0
            for age in ages {
                for p in particles {
                    let birth = Kind.birth(of: p), lifetime = Kind.lifetime(of: p, uniforms: uniforms)
                    for k in 0...Kind.ghosts(uniforms) {
                        let own = age - birth - Double(k) * Kind.ghostSpacing(uniforms)
                        guard own >= 0, own < lifetime else { continue }
                        let quad = Kind.drawn(p, Kind.evaluate(p, at: own, ghost: k, uniforms: uniforms))
                        let e = quad.extent
                        let box = footprint.bounds(age: age)
                        let cells = footprint.cells(age: age).map(Set.init)
                        let corners = [SIMD2(-e.x, -e.y), SIMD2(e.x, -e.y), SIMD2(-e.x, e.y), SIMD2(e.x, e.y)].map { SIMD2(quad.centre.x, quad.centre.y) + $0 }
                        #expect(corners.allSatisfy { Self.inside($0, cells) }, "\(preset): a \(Kind.name) (ghost \(k)) at age \(age) reaches outside its cells")
                        let inside = box.map { $0.minX <= quad.centre.x - e.x && quad.centre.x + e.x <= $0.maxX && $0.minY <= quad.centre.y - e.y && quad.centre.y + e.y <= $0.maxY } ?? false
                        #expect(inside, "\(preset): a \(Kind.name) (ghost \(k)) at age \(age) centred at \(quad.centre) ± \(e) is outside \(box.map { "\($0)" } ?? "no bounds")")
                        if !inside { return checked }
                        checked += 1
                    }
                }
            }
            return checked
        }
        return open(batch)
    }
}
