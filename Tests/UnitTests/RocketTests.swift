import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Rockets: the apex in closed form, and every later burst scheduled at spawn.
@Suite(.tags(.math)) struct RocketTests {
    let viewport = Size(width: 1280, height: 720)

    @Test func theClimbReachesItsHeightAtItsRiseTimeWhereTheVerticalSpeedVanishes() {
        var rng = SeededGenerator(seed: 21)
        for _ in 0..<500 {
            // k·T up to 8: beyond, the rocket creeps to its apex over e^(−kT) and the top is
            // flat to double precision.
            let height = rng.uniform(10, 5000), time = rng.uniform(0.05, 5), drag = rng.uniform(0.001, 8) / time
            let climb = RocketSection.climb(height: height, time: time, drag: drag)
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
        let batches = launch.launch(in: viewport, using: &rng).batches
        #expect(batches.count == 3 * launch.rockets)
        #expect(batches.reduce(0) { $0 + $1.particleCount } == launch.particleCount)
        for r in 0..<launch.rockets {
            guard let rocketBatch = batches[3 * r].typed(StarKind.self), let sparkBatch = batches[3 * r + 1].typed(StarKind.self),
                  let crackleBatch = batches[3 * r + 2].typed(StarKind.self) else {
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
