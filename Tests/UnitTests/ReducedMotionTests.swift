@testable import ConfettiCore
import Foundation
import Testing
import TestSupport

/// The largest difference between two vectors' components.
func gap<V: SIMD>(_ a: V, _ b: V) -> Double where V.Scalar == Double {
    (0..<V.scalarCount).map { abs(a[$0] - b[$0]) }.max() ?? 0
}

/// Reduced motion follows the effect format's field table: every field declares what it
/// measures, and the slowdown scales it by that unit's power of s.
extension ReducedMotionTests {
    /// The power of seconds a field's meaning names: pt/s² is −2, anything per second (/s, per
    /// second) −1, seconds 1, none 0 (a "second colour" or a "secondary burst" is no time). The
    /// declared unit must agree, so a field cannot be given a unit its own description
    /// contradicts.
    static func secondsPower(named meaning: String) -> Int {
        if meaning.contains("/s²") { return -2 }
        if meaning.contains("/s") || meaning.contains("per second") { return -1 }
        if meaning.contains("seconds") { return 1 }
        return 0
    }

    @Test func everyFieldDeclaresTheUnitItsMeaningNames() {
        let fields = EffectFile.fields
        #expect(fields.count > 100)
        for field in fields {
            let path = "\(field.section).\(field.name)"
            guard let power = field.unit.secondsPower else {
                // A tuple: the wind's gusts, [amplitude pt/s, frequency rad/s, phase rad].
                #expect(path == "confetti.windGusts" && field.unit == .tuple([.speed, .frequency, .angle]) || field.name.hasSuffix("olorRamp"),
                        "\(path): \(field.unit)")
                continue
            }
            #expect(power == Self.secondsPower(named: field.meaning), "\(path) is declared a \(field.unit) but means \"\(field.meaning)\"")
        }
        // The three the slowdown missed, by name.
        let unit = Dictionary(fields.map { ("\($0.section).\($0.name)", $0.unit) }, uniquingKeysWith: { a, _ in a })
        #expect(unit["confetti.windSpeed"] == .speed && unit["confetti.trailSpacing"] == .duration && unit["confetti.ribbonWaveSpeed"] == .angularSpeed)
    }

    /// Every number of a field as the file writes it, each with its unit (a tuple's components
    /// their own).
    static func numbers(_ json: JSONText, _ unit: FieldUnit) -> [(value: Double, unit: FieldUnit)] {
        switch (json, unit) {
        case (.number(let v), _): [(v, unit)]
        case (.array(let entries), .tuple(let units)):
            entries.flatMap { entry -> [(value: Double, unit: FieldUnit)] in
                guard case .array(let parts) = entry else { return [] }
                return zip(parts, units).flatMap { numbers($0, $1) }
            }
        case (.array(let items), _): items.flatMap { numbers($0, unit) }
        default: []
        }
    }

    /// Over every preset and every field of every section measured in time (a speed, frequency
    /// or angular speed × s, an acceleration × s², a duration ÷ s), enumerated from the field
    /// table: the reduced effect's value is the original's scaled by its unit's power of s.
    /// Two are set outright instead, as docs/effects.md says: a stream's rate also halves (half
    /// the pieces), and stars do not strobe.
    @Test func everyTimedFieldOfEveryPresetIsScaledByItsUnitsPowerOfTheSlowdown() {
        let s = Effect.reducedMotionSlowdown
        let setOutright: [String: (Double) -> Double] = [
            "confetti.rate": { $0 * s / 2 },
            "shell.strobePeriod": { _ in 0 },
        ]
        var scaled: [String: Int] = [:]
        for (name, effect, _) in Effect.presets {
            let reduced = effect.reducedMotion
            for section in EffectFormat.sections {
                guard case .object(let before) = section.write(effect), case .object(let after) = section.write(reduced) else {
                    Issue.record("\(section.key) is not written as an object")
                    continue
                }
                #expect(before.count == section.fields.count && after.count == section.fields.count)
                for (field, (old, new)) in zip(section.fields, zip(before, after)) {
                    let path = "\(field.section).\(field.name)"
                    let was = Self.numbers(old.1, field.unit), now = Self.numbers(new.1, field.unit)
                    #expect(was.count == now.count, "\(name): \(path) has \(was.count) numbers, reduced \(now.count)")
                    for (a, b) in zip(was, now) {
                        guard let n = a.unit.secondsPower, n != 0 else { continue }
                        let expected = setOutright[path]?(a.value) ?? a.value * pow(s, Double(-n))
                        #expect(abs(b.value - expected) <= 1e-12 * abs(expected),
                                "\(name): \(path), a \(a.unit), is \(b.value.compactText) reduced, not \(a.value.compactText) × s^\(-n) = \(expected.compactText)")
                        if a.value != 0 { scaled[path, default: 0] += 1 }
                    }
                }
            }
        }
        // The sweep reached the fields that were missed, with values that show it.
        for path in ["confetti.windSpeed", "confetti.windGusts", "confetti.trailSpacing", "confetti.ribbonWaveSpeed",
                     "rocket.rocketTrailSpacing", "rocket.sparkTrailSpacing", "shell.trailSpacing", "confetti.gravity", "shell.riseTime"] {
            #expect(scaled[path, default: 0] > 0, "\(path) was never checked with a value other than 0")
        }
    }

    /// Every preset that launches stars: a star under the reduced effect's physics, launched
    /// s times as fast, born and dying 1/s times as late, is drawn at age t/s where and as the
    /// star under the effect's is at age t, its trail's ghosts included.
    @Test func aReducedStarOfEveryFireworkPresetIsTheSameStarSlowedDownItsTrailToo() {
        let s = Effect.reducedMotionSlowdown
        var checked = 0
        for (name, effect, _) in Effect.presets {
            let reduced = effect.reducedMotion
            // Each physics its stars use, with the reduced effect's, and a lifetime they live.
            var pairs: [(String, StarPhysics, StarPhysics, Double)] = []
            switch effect.kind {
            case .rocket:
                let (r, q) = (effect.rocket, reduced.rocket)
                let climb = RocketSection.climb(height: 400, time: r.riseTime.lowerBound, drag: r.drag)
                let slowClimb = RocketSection.climb(height: 400, time: q.riseTime.lowerBound, drag: q.drag)
                pairs.append(("sparks", r.sparkPhysics, q.sparkPhysics, r.sparkLifetime))
                pairs.append(("rocket", r.rocketPhysics(climb), q.rocketPhysics(slowClimb), climb.apexTime))
            case .shell, .show:
                let styles = effect.kind == .shell ? [(effect.shell, reduced.shell)] : zip(effect.show.styles, reduced.show.styles).map { $0 }
                #expect(!styles.isEmpty)
                for (l, q) in styles {
                    var steady = l.shell.physics, steadyGlitter = l.shell.stages.glitter.physics
                    // No flicker, no strobe: reduced motion turns them off.
                    (steady.flicker.amount, steady.strobe.period, steadyGlitter.flicker.amount, steadyGlitter.strobe.period) = (0, 0, 0, 0)
                    pairs.append(("stars", steady, q.shell.physics, l.shell.lifetime))
                    pairs.append(("glitter", steadyGlitter, q.shell.stages.glitter.physics, l.shell.stages.glitter.lifetime))
                }
            default:
                continue
            }
            for (what, physics, slowPhysics, lifetime) in pairs {
                let star = Star(position: Point(300, 400), velocity: SIMD2(120, -340), birth: 0.25, lifetime: lifetime, radius: 3,
                                color: RGB(1, 0.5, 0.2), secondColor: RGB(0.2, 0.5, 1), seed: 77)
                var slowStar = star
                (slowStar.velocity, slowStar.birth, slowStar.lifetime) = (star.velocity * s, star.birth / s, star.lifetime / s)
                for t in stride(from: 0.0, through: lifetime + physics.trailDuration, by: lifetime / 16) {
                    for k in 0...physics.trail.ghosts {
                        let d = StarKind.drawn(star, physics.evaluate(star, at: t - Double(k) * physics.trail.spacing, ghost: k))
                        let e = StarKind.drawn(slowStar, slowPhysics.evaluate(slowStar, at: t / s - Double(k) * slowPhysics.trail.spacing, ghost: k))
                        let at = "\(name) \(what) at \(t) s, ghost \(k)"
                        #expect(abs(d.centre.x - e.centre.x) + abs(d.centre.y - e.centre.y) <= 1e-3 * d.centreError + 1e-12,
                                "\(at): centre (\(d.centre.x), \(d.centre.y)) vs (\(e.centre.x), \(e.centre.y))")
                        #expect(abs(d.angle - e.angle) <= 1e-3 * d.angleError + 1e-12, "\(at): angle \(d.angle) vs \(e.angle)")
                        #expect(gap(d.halfSize, e.halfSize) <= 1e-3 * d.halfSizeError + 1e-12, "\(at): size \(d.halfSize) vs \(e.halfSize)")
                        #expect(gap(d.color, e.color) <= 1e-3 * d.colorError + 1e-12, "\(at): colour \(d.color) vs \(e.color)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 1_000)
    }

    /// The speeds a shell launch holds outside its fields (the rockets' sideways drift, the
    /// glitter's jitter) are slowed too: a reduced rocket climbs and drifts along the same path,
    /// s times slower, and a glitter spark's own speed is s times smaller.
    @Test func aReducedShellRocketDriftsAlongTheSamePathSlowedDown() {
        let s = Effect.reducedMotionSlowdown, viewport = Size(width: 1280, height: 720)
        var checked = 0
        for (name, effect, _) in Effect.presets where effect.kind == .shell {
            var (a, b) = (SeededGenerator(seed: 5), SeededGenerator(seed: 5))
            let original = effect.shell.launch(in: viewport, using: &a).batches
            let reduced = effect.reducedMotion.shell.launch(in: viewport, using: &b).batches
            // The first rocket draws its x, apex, rise time and drift before anything else.
            guard let rocket = original.first?.typed(StarKind.self), let slow = reduced.first?.typed(StarKind.self) else {
                Issue.record("\(name): no rocket")
                continue
            }
            let (r, q) = (rocket.particles[0], slow.particles[0])
            #expect(abs(q.velocity.x - r.velocity.x * s) <= 1e-12 * abs(r.velocity.x) + 1e-12, "\(name): drift \(q.velocity.x), not \(r.velocity.x) × \(s)")
            for t in stride(from: 0.0, through: r.lifetime, by: r.lifetime / 8) {
                let p = rocket.uniforms.motion(r, at: t).p, slowP = slow.uniforms.motion(q, at: t / s).p
                #expect(abs(p.x - slowP.x) < 1e-6 && abs(p.y - slowP.y) < 1e-6, "\(name): the rocket at \(t) s is at \(p), slowed at \(slowP)")
            }
            #expect(effect.reducedMotion.shell.shell.stages.glitter.jitter == effect.shell.shell.stages.glitter.jitter * s, "\(name): glitter jitter")
            checked += 1
        }
        #expect(checked >= 7)
    }
}

/// Reduced motion is the same effect slowed down in time, with fewer pieces and no crackle.
@Suite(.tags(.math)) struct ReducedMotionTests {
    /// Every preset that throws confetti: a piece of the reduced effect, at age t/s, is drawn
    /// where and as the piece of the effect is at age t: its trail's ghosts (spaced in time) and,
    /// as a ribbon, its wave (turning in time) too. Wind, spin, flutter and spread all enter.
    @Test func aReducedPieceOfEveryPresetIsTheSamePieceSlowedDownItsTrailAndRibbonWaveToo() {
        let viewport = Size(width: 1280, height: 720)
        let s = Effect.reducedMotionSlowdown
        let throwsConfetti = EffectFile.fields.first { $0.section == "confetti" }!.kinds
        var checked = 0
        for (name, effect, _) in Effect.presets where throwsConfetti.contains(effect.kind) {
            let confetti = effect.confetti, slow = effect.reducedMotion.confetti
            // Half: a burst's count rounded down (at least one), a stream's rate × duration
            // rounded up, as its count always is.
            let half = confetti.emission.rate > 0 ? (confetti.pieceCount + 1) / 2 : max(1, confetti.pieceCount / 2)
            #expect(slow.pieceCount == half, "\(name): \(confetti.pieceCount) pieces reduced to \(slow.pieceCount), not \(half)")
            #expect(slow.physics.trail.ghosts == confetti.physics.trail.ghosts, "\(name): as many ghosts")
            for seed in UInt64(1)...3 {
                var a = SeededGenerator(seed: seed), b = SeededGenerator(seed: seed)
                let fast = confetti.spawnOne(in: viewport, using: &a), reduced = slow.spawnOne(in: viewport, using: &b)
                var fastRibbon = fast, reducedRibbon = reduced
                (fastRibbon.shape, reducedRibbon.shape) = (.ribbon, .ribbon)
                for (p, q) in [(fast, reduced), (fastRibbon, reducedRibbon)] {
                    for t in stride(from: 0.0, through: confetti.physics.lifetime, by: 0.1) {
                        let drawn = ConfettiKind.drawnInstances(p, at: t, uniforms: confetti.physics)
                        let slowed = ConfettiKind.drawnInstances(q, at: t / s, uniforms: slow.physics)
                        #expect(drawn.count == slowed.count)
                        for (k, (d, e)) in zip(drawn, slowed).enumerated() {
                            let at = "\(name), seed \(seed), \(p.shape) at \(t) s, instance \(k)"
                            // A thousandth of the float32 error each is allowed: double rounding.
                            #expect(abs(d.centre.x - e.centre.x) + abs(d.centre.y - e.centre.y) <= 1e-3 * d.centreError + 1e-12,
                                    "\(at): centre (\(d.centre.x), \(d.centre.y)) vs (\(e.centre.x), \(e.centre.y))")
                            #expect(abs(d.angle - e.angle) <= 1e-3 * d.angleError + 1e-12, "\(at): angle \(d.angle) vs \(e.angle)")
                            #expect(gap(d.halfSize, e.halfSize) <= 1e-3 * d.halfSizeError + 1e-12, "\(at): size \(d.halfSize) vs \(e.halfSize)")
                            #expect(gap(d.color, e.color) <= 1e-3 * d.colorError + 1e-12, "\(at): colour \(d.color) vs \(e.color)")
                            #expect(gap(d.wave, e.wave) <= 1e-3 * d.waveError + 1e-12, "\(at): wave \(d.wave) vs \(e.wave)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked > 1_000)
        #expect(Effect.finale.reducedMotion.rocket.crackles == 0, "no flashing")
        #expect(Effect.celebration.reducedMotion.classic.firework.timing.duration == Effect.celebration.classic.firework.timing.duration / s)
    }
}
