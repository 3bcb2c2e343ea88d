import ConfettiCore
import Foundation
import Testing

/// Rain, cannons and streams: where pieces enter and when, all decided at spawn.
@Suite struct EmissionTests {
    let viewport = Size(width: 1280, height: 720)

    @Test func aBurstEmitsTheSeedArticlesPiecesUnchanged() {
        // The default emission draws exactly what spawnOne draws, piece after piece.
        var a = SeededGenerator(seed: 11), b = SeededGenerator(seed: 11)
        let emitted = ConfettiLaunch.standard.spawn(in: viewport, using: &a)
        let drawn = (0..<30).map { _ in ConfettiLaunch.standard.spawnOne(in: viewport, using: &b) }
        #expect(emitted == drawn)
        #expect(emitted.allSatisfy { $0.birth == 0 })
    }

    @Test func rainEntersAboveTheTopEdgeMovingDownAtItsRateForItsDuration() {
        let confetti = Effect.rain.confetti
        let pieces = confetti.spawn(in: viewport, seed: 5)
        let rate = confetti.emission.rate, duration = confetti.emission.duration
        #expect(pieces.count == Int((rate * duration).rounded(.up)))
        for (i, p) in pieces.enumerated() {
            #expect(p.initialPosition.y == -confetti.launchBelowBottom)
            #expect(p.initialVelocity.y > 0, "rain falls")
            #expect(p.birth == Double(i) / rate && p.birth < duration)
            #expect(p.initialPosition.x >= 0 && p.initialPosition.x <= viewport.width)
        }
    }

    @Test func aStreamEmitsCeilOfRateTimesDurationPiecesEachAtIOverRate() {
        var confetti = ConfettiLaunch.standard
        confetti.emission.rate = 7
        confetti.emission.duration = 1
        #expect(confetti.spawn(in: viewport, seed: 1).map(\.birth) == (0..<7).map { Double($0) / 7 })
        confetti.emission.duration = 1.01
        #expect(confetti.pieceCount == 8, "a piece at 7/7 = 1 s < 1.01 s")
        confetti.emission.rate = 0
        #expect(confetti.pieceCount == confetti.count, "rate 0 throws count pieces at once")
    }

    @Test func aCannonAimsIntoTheViewportFromOutsideItsCornerWithinItsSpread() {
        for corner in ConfettiEmission.Corner.allCases {
            var confetti = ConfettiLaunch.standard
            confetti.count = 400
            confetti.emission.emitter = .cannon
            confetti.emission.corner = corner
            confetti.emission.angle = 35
            confetti.emission.spread = 30
            let b = confetti.launchBelowBottom
            let left = corner == .bottomLeft || corner == .topLeft
            let bottom = corner == .bottomLeft || corner == .bottomRight
            var aims: [Double] = []
            for p in confetti.spawn(in: viewport, seed: 9) {
                #expect(p.initialPosition == Point(left ? -b : viewport.width + b, bottom ? viewport.height + b : -b))
                // Into the viewport on both axes.
                #expect((p.initialVelocity.x > 0) == left && (p.initialVelocity.y < 0) == bottom)
                aims.append(atan2(abs(p.initialVelocity.y), abs(p.initialVelocity.x)) * 180 / .pi)
            }
            #expect(aims.min()! >= 20 - 1e-9 && aims.max()! <= 50 + 1e-9, "\(corner): aims \(aims.min()!)…\(aims.max()!)")
            #expect(aims.min()! < 21 && aims.max()! > 49, "\(corner): the whole spread is used")
        }
    }
}

/// Rockets: the apex in closed form, and every later burst scheduled at spawn.
@Suite struct RocketTests {
    let viewport = Size(width: 1280, height: 720)

    @Test func theClimbReachesItsHeightAtItsRiseTimeWhereTheVerticalSpeedVanishes() {
        var rng = SeededGenerator(seed: 21)
        for _ in 0..<500 {
            // k·T up to 8: beyond, the rocket creeps to its apex over e^(−kT) and the top is
            // flat to double precision.
            let height = rng.uniform(10, 5000), time = rng.uniform(0.05, 5), drag = rng.uniform(0.001, 8) / time
            let climb = RocketLaunch.climb(height: height, time: time, drag: drag)
            #expect(abs(climb.apexTime - time) <= 1e-9 * time, "apex \(climb.apexTime) for rise time \(time) (drag \(drag))")
            let physics = ConfettiPhysics(gravity: climb.gravity, drag: drag, lifetime: 100, fadeOutDuration: 1)
            let rocket = ConfettiParticle(initialPosition: Point(0, 0), initialVelocity: SIMD2(0, -climb.speed), initialRotation: 0, rotationSpeed: 0,
                                          flutterAmplitude: 0, flutterFrequency: 0, flutterPhase: 0, flipFrequency: 0, flipPhase: 0,
                                          spreadStrength: 0, size: Size(width: 4, height: 4), color: .red)
            let apex = physics.evaluate(rocket, at: climb.apexTime).y
            #expect(abs(-apex - height) <= 1e-7 * height, "climbs \(-apex) for \(height)")
            // Highest there: a little before and after, the rocket is lower (y down). (Closer in,
            // the difference, about g·δ²/2, sinks below the rounding of the terms.)
            let delta = 0.02 * time
            #expect(physics.evaluate(rocket, at: climb.apexTime - delta).y > apex)
            #expect(physics.evaluate(rocket, at: climb.apexTime + delta).y > apex)
        }
    }

    @Test func eachRocketDiesAtItsApexWhereItsSparksAreBornAndCracklesBurstWhereTheirSparksAre() {
        let launch = Effect.finale.rocket
        var rng = SeededGenerator(seed: 4)
        let spawns = launch.launch(in: viewport, using: &rng).batches
        #expect(spawns.count == 3 * launch.rockets)
        #expect(spawns.reduce(0) { $0 + $1.particleCount } == launch.particleCount)
        for r in 0..<launch.rockets {
            guard let rocketBatch = spawns[3 * r].typed(StarKind.self), let sparkBatch = spawns[3 * r + 1].typed(StarKind.self),
                  let crackleBatch = spawns[3 * r + 2].typed(StarKind.self) else {
                Issue.record("rocket \(r) is not three batches of stars")
                return
            }
            let (rockets, rocketPhysics) = (rocketBatch.particles, rocketBatch.uniforms)
            let (sparks, sparkPhysics) = (sparkBatch.particles, sparkBatch.uniforms)
            let (crackles, cracklePhysics) = (crackleBatch.particles, crackleBatch.uniforms)
            let rocket = rockets[0]
            #expect(rockets.count == 1 && rocket.birth == Double(r) * launch.stagger)
            let apexTime = rocket.lifetime
            let apex = rocketPhysics.evaluate(rocket, at: apexTime)
            // At its apex it stops climbing.
            #expect(abs(apex.vy) < 1e-9 * max(1, abs(rocket.velocity.y)))
            #expect(launch.riseTime.contains(apexTime * (1 - 1e-12)) || launch.riseTime.contains(apexTime))
            let climb = (viewport.height + launch.launchBelowBottom - apex.y) / viewport.height
            #expect(climb >= launch.apexHeight.lowerBound - 1e-9 && climb <= launch.apexHeight.upperBound + 1e-9)
            #expect(sparks.count == launch.sparkCount)
            for spark in sparks {
                #expect(spark.birth == rocket.birth + apexTime)
                #expect(spark.position == Point(apex.x, apex.y))
                // A sphere seen from the side: no faster than the fastest, most of them slower.
                let speed = (spark.velocity * spark.velocity).sum().squareRoot() / viewport.height
                #expect(speed <= launch.sparkSpeed.upperBound * (1 + 1e-12))
            }
            let slow = sparks.filter { ($0.velocity * $0.velocity).sum().squareRoot() / viewport.height < launch.sparkSpeed.lowerBound }
            #expect(!slow.isEmpty, "no spark flies towards or away from the viewer: a flat ring, not a shell")
            #expect(crackles.count == launch.crackles * launch.crackleSparks)
            for (c, group) in stride(from: 0, to: crackles.count, by: launch.crackleSparks).enumerated() {
                let parent = sparks[c * launch.sparkCount / launch.crackles]
                let first = crackles[group]
                let delay = first.birth - parent.birth
                #expect(launch.crackleDelay.contains(delay) || abs(delay - launch.crackleDelay.upperBound) < 1e-9)
                let at = sparkPhysics.evaluate(parent, at: delay)
                for piece in crackles[group..<(group + launch.crackleSparks)] {
                    #expect(abs(piece.position.x - at.x) < 1e-9 && abs(piece.position.y - at.y) < 1e-9)
                    #expect(piece.birth == first.birth)
                    #expect(piece.lifetime == launch.crackleLifetime)
                }
            }
            #expect(cracklePhysics.fade == launch.crackleLifetime)
        }
    }
}

/// Reduced motion is the same effect slowed down in time, with fewer pieces and no crackle.
@Suite struct ReducedMotionTests {
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
        #expect(Effect.celebration.reducedMotion.fireworks.firework.timing.duration == Effect.celebration.fireworks.firework.timing.duration / s)
    }
}

/// The registry of built-in effects.
@Suite struct PresetRegistryTests {
    @Test func atLeastTwelvePresetsEachNamedOnceWithOneLineAndEachRoundTripsThroughItsFile() throws {
        let presets = Effect.presets
        #expect(presets.count >= 12)
        #expect(Set(presets.map(\.name)).count == presets.count)
        for preset in presets {
            #expect(!preset.summary.isEmpty && !preset.summary.contains("\n"), "\(preset.name)")
            let file = EffectFile.encode(preset.effect)
            #expect(EffectFile.encode(try EffectFile.decode(Data(file.utf8), file: nil)) == file, "\(preset.name) round-trips")
        }
    }

    @Test func badEmissionAndRocketFieldsAreRefusedNamingTheField() {
        let cases: [(String, String, String)] = [
            (#"{"kind": "confetti", "confetti": {"emitter": "hose"}}"#, "confetti.emitter", "one of \"burst\", \"rain\", \"cannon\""),
            (#"{"kind": "confetti", "confetti": {"corner": "left"}}"#, "confetti.corner", "bottomLeft"),
            (#"{"kind": "confetti", "confetti": {"rate": 10, "duration": 0}}"#, "confetti.duration", "gives no piece"),
            (#"{"kind": "confetti", "confetti": {"rate": -1}}"#, "confetti.rate", "out of range"),
            (#"{"kind": "confetti", "confetti": {"angle": 91}}"#, "confetti.angle", "out of range"),
            (#"{"kind": "rocket", "rocket": {"crackles": 9, "sparkCount": 8}}"#, "rocket.crackles", "at most sparkCount"),
            (#"{"kind": "rocket", "rocket": {"crackles": 2, "crackleDelay": [0.5, 2]}}"#, "rocket.crackleDelay", "below sparkLifetime"),
            (#"{"kind": "rocket", "rocket": {"sparkFade": 3}}"#, "rocket.sparkFade", "at most sparkLifetime"),
            (#"{"kind": "rocket", "rocket": {"riseTime": [0, 1]}}"#, "rocket.riseTime", "each from 0.05 to 10"),
            (#"{"kind": "rocket", "confetti": {"count": 3}}"#, "confetti", "does not belong to a rocket effect"),
        ]
        for (text, path, words) in cases {
            do {
                _ = try EffectFile.decode(Data(text.utf8), file: "e.json")
                Issue.record("accepted: \(text)")
            } catch let error as EffectError {
                #expect(error.path == path && error.description.contains(words), "\(text): \(error)")
            } catch {
                Issue.record("\(text): \(error)")
            }
        }
    }
}
