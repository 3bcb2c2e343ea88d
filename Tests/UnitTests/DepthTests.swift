import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Depth (docs/effects.md, Depth): a confetti launch as one spawn per layer, farthest first,
/// piece i in layer i mod n, each piece and its layer's physics scaled by the layer's factor s
/// so that its path is the undepthed one scaled by s about its launch point.
@Suite(.tags(.math)) struct DepthTests {
    let viewport = Size(width: 1280, height: 720)
    let button = Rect(x: 600, y: 340, width: 80, height: 40)

    func confettiBatches(_ batches: [any ParticleBatch]) -> [([ConfettiParticle], ConfettiPhysics)] {
        batches.of(ConfettiKind.self).map { ($0.particles, $0.uniforms) }
    }

    /// Confetti with everything that moves a piece sideways switched on: wind with gusts,
    /// flutter, spread, ribbons; streamed, so births differ and the gusts meet each piece apart.
    var windy: ConfettiSection {
        var confetti = ConfettiSection.standard
        confetti.physics.wind = Wind(mean: 60, gusts: [Wind.Gust(amplitude: 140, frequency: 2.5, phase: 0.4), Wind.Gust(amplitude: -35, frequency: 7, phase: -1.2)])
        confetti.flutterAmplitude = 20...60
        confetti.spreadStrength = 10...40
        confetti.shapes = [.rectangle, .ribbon]
        confetti.emission.rate = 40
        confetti.emission.duration = 0.6
        return confetti
    }

    @Test func withOneLayerTheLaunchIsTodaysSingleSpawnPieceForPiece() throws {
        let effect = Effect.confetti
        #expect(effect.confetti.depth == .none && ConfettiDepth.none == ConfettiDepth(layers: 1, scale: 1...1))
        var rng = SeededGenerator(seed: 7)
        let batches = confettiBatches(effect.launch(around: button, in: viewport, using: &rng).batches)
        let (pieces, physics) = try #require(batches.count == 1 ? batches[0] : nil)
        #expect(physics == ConfettiPhysics.standard)
        var again = SeededGenerator(seed: 7)
        #expect(pieces == ConfettiSection.standard.spawn(in: viewport, using: &again))
        let next = again.next()
        #expect(rng.next() == next, "no extra draw")
        // Values the spawn had before depth existed (seed 7, 1280×720): the same draws, unscaled.
        #expect(pieces.count == 30)
        #expect(pieces[0].initialPosition.x == 819.7165280330019)
        #expect(pieces[0].initialVelocity == SIMD2(260.83389072109037, -1191.915398349506))
        #expect(pieces[0].flutterAmplitude == 27.088715784856234 && pieces[0].spreadStrength == 17.389655987156033)
        #expect(pieces[0].size == Size(width: 7, height: 12) && pieces[0].color == .purple)
        #expect(pieces[29].initialPosition.x == 302.2630219026911)
        #expect(next == 15574591603082444015)
    }

    @Test func theLayersComeFarthestFirstWithPieceIInLayerIModN() throws {
        var confetti = windy
        confetti.depth = ConfettiDepth(layers: 3, scale: 0.5...1.5)
        var a = SeededGenerator(seed: 3), b = SeededGenerator(seed: 3)
        let batches = confettiBatches(Effect(kind: .confetti, confetti: confetti).launch(around: button, in: viewport, using: &a).batches)
        let plain = confetti.spawn(in: viewport, using: &b)
        #expect(a.next() == b.next(), "depth draws nothing")
        #expect(batches.count == 3)
        #expect(batches.map(\.1.gravity) == [0.5, 1, 1.5].map { $0 * confetti.physics.gravity }, "farthest (smallest) first")
        #expect(batches.map(\.0.count).reduce(0, +) == plain.count, "every piece once")
        for (k, (pieces, _)) in batches.enumerated() {
            let s = confetti.depth.factor(ofLayer: k)
            let members = plain.indices.filter { $0 % 3 == k }
            #expect(pieces.count == members.count)
            for (piece, i) in zip(pieces, members) {
                // Unchanged: where and when it starts, how it turns, its colour.
                #expect(piece.initialPosition == plain[i].initialPosition && piece.birth == plain[i].birth)
                #expect(piece.initialRotation == plain[i].initialRotation && piece.rotationSpeed == plain[i].rotationSpeed)
                #expect(piece.flipFrequency == plain[i].flipFrequency && piece.flipPhase == plain[i].flipPhase)
                #expect(piece.flutterFrequency == plain[i].flutterFrequency && piece.flutterPhase == plain[i].flutterPhase)
                #expect(piece.color == plain[i].color && piece.shape == plain[i].shape)
                // Scaled.
                #expect(piece.initialVelocity == plain[i].initialVelocity * s)
            }
        }
        // Fewer pieces than layers: the empty layers are not spawned.
        confetti.emission.rate = 0
        confetti.count = 2
        confetti.depth.layers = 5
        var c = SeededGenerator(seed: 3)
        let few = confettiBatches(Effect(kind: .confetti, confetti: confetti).launch(around: button, in: viewport, using: &c).batches)
        #expect(few.map(\.0.count) == [1, 1] && few.map(\.1.gravity) == [0.5, 0.75].map { $0 * confetti.physics.gravity })
    }

    @Test func theLayerFactorsRunEvenlyFromTheFarScaleToTheNear() {
        let depth = ConfettiDepth(layers: 4, scale: 0.4...1.15)
        let factors = (0..<4).map(depth.factor(ofLayer:))
        for (f, expected) in zip(factors, [0.4, 0.65, 0.9, 1.15]) { #expect(abs(f - expected) < 1e-12) }
        #expect(ConfettiDepth(layers: 1, scale: 0.5...2).factor(ofLayer: 0) == 2, "one layer: the near scale")
    }

    @Test func aPieceAtDepthSMovesExactlySTimesAsFarFromItsLaunchPointAtEveryAge() throws {
        var confetti = windy
        confetti.depth = ConfettiDepth(layers: 4, scale: 0.3...1.6)
        var a = SeededGenerator(seed: 11), b = SeededGenerator(seed: 11)
        let batches = confettiBatches(Effect(kind: .confetti, confetti: confetti).launch(around: button, in: viewport, using: &a).batches)
        let plain = confetti.spawn(in: viewport, using: &b)
        #expect(batches.count == 4)
        var compared = 0
        for (k, (pieces, physics)) in batches.enumerated() {
            let s = confetti.depth.factor(ofLayer: k)
            for (j, piece) in pieces.enumerated() {
                let original = plain[k + 4 * j]
                let x0 = original.initialPosition.x, y0 = original.initialPosition.y
                for age in [0, 0.2, 0.7, 1.3, 2.9, 4] {
                    let near = confetti.physics.evaluate(original, at: age), far = physics.evaluate(piece, at: age)
                    let dx = near.x - x0, dy = near.y - y0
                    let tolerance = 1e-9 * (abs(dx) + abs(dy) + 1)
                    #expect(abs((far.x - x0) - s * dx) <= tolerance, "layer \(k) piece \(j) at \(age) s: x")
                    #expect(abs((far.y - y0) - s * dy) <= tolerance, "layer \(k) piece \(j) at \(age) s: y")
                    #expect(far.rotation == near.rotation && far.facing == near.facing && far.opacity == near.opacity)
                    if piece.shape == .ribbon {
                        // The wave bends the strip at the same scale: amplitude × s, wavenumber ÷ s, same phase.
                        #expect(abs(far.wave.x - s * near.wave.x) <= 1e-12 && abs(far.wave.y - near.wave.y / s) <= 1e-12 && far.wave.z == near.wave.z)
                    }
                    compared += 1
                }
                // Whole points, at least one.
                #expect(piece.size.width == max(1, (original.size.width * s).rounded()))
                #expect(piece.size.height == max(1, (original.size.height * s).rounded()))
            }
            #expect(physics.lifetime == confetti.physics.lifetime && physics.drag == confetti.physics.drag && physics.fadeOutDuration == confetti.physics.fadeOutDuration)
            #expect(physics.trail == confetti.physics.trail && physics.colorRamp == confetti.physics.colorRamp)
            #expect(physics.wind.gusts.map(\.frequency) == confetti.physics.wind.gusts.map(\.frequency))
        }
        #expect(compared == plain.count * 6)
    }

    @Test func theFarLayerIsSmallerAndSlowerThanTheNearBySTheirRatio() throws {
        var confetti = windy
        confetti.sizes = [Size(width: 20, height: 20)]
        confetti.depth = ConfettiDepth(layers: 2, scale: 0.5...1)
        var rng = SeededGenerator(seed: 5)
        let batches = confettiBatches(Effect(kind: .confetti, confetti: confetti).launch(around: button, in: viewport, using: &rng).batches)
        let (far, farPhysics) = batches[0], (near, nearPhysics) = batches[1]
        #expect(far.allSatisfy { $0.size == Size(width: 10, height: 10) } && near.allSatisfy { $0.size == Size(width: 20, height: 20) })
        #expect(nearPhysics == confetti.physics, "the nearest layer at 1 is the confetti's own physics")
        // Pieces 2j (far) and 2j + 1 (near) differ in their draws; compare each far piece with
        // itself undepthed, evaluated with the near layer's physics.
        for piece in far {
            var undepthed = piece
            undepthed.initialVelocity *= 2
            undepthed.flutterAmplitude *= 2
            undepthed.spreadStrength *= 2
            for age in [0.5, 1.5, 3] {
                let a = farPhysics.evaluate(piece, at: age), b = nearPhysics.evaluate(undepthed, at: age)
                #expect(abs((a.y - piece.initialPosition.y) - 0.5 * (b.y - piece.initialPosition.y)) < 1e-9 * abs(b.y))
                #expect(abs((a.x - piece.initialPosition.x) - 0.5 * (b.x - piece.initialPosition.x)) < 1e-9 * (abs(b.x) + 1))
            }
        }
    }

    @Test func budgetsCountTheSamePiecesWithDepth() throws {
        var effect = Effect.snow
        var rng = SeededGenerator(seed: 1)
        let spawned = effect.launch(around: button, in: viewport, using: &rng).batches.map(\.particleCount).reduce(0, +)
        #expect(spawned == effect.confetti.pieceCount)
        #expect(Budget.particles(effect, .effect(.confetti)).total == Double(spawned))
        effect.confetti.depth = .none
        #expect(Budget.particles(effect, .effect(.confetti)).total == Double(spawned))
    }

    @Test func reducedMotionKeepsTheDepthAndALayersPieceIsItsPieceSlowedDown() {
        let confetti = Effect.snow.confetti, slow = Effect.snow.reducedMotion.confetti
        #expect(slow.depth == confetti.depth)
        let s = Effect.reducedMotionSlowdown
        for k in 0..<confetti.depth.layers {
            let f = confetti.depth.factor(ofLayer: k)
            var a = SeededGenerator(seed: 4), b = SeededGenerator(seed: 4)
            let fast = confetti.spawnOne(in: viewport, using: &a).atDepth(f), reduced = slow.spawnOne(in: viewport, using: &b).atDepth(f)
            let physics = confetti.physics.atDepth(f), slowPhysics = slow.physics.atDepth(f)
            for t in stride(from: 0.0, through: physics.lifetime, by: 0.5) {
                let p = physics.evaluate(fast, at: t), q = slowPhysics.evaluate(reduced, at: t / s)
                #expect(abs(p.x - q.x) < 1e-9 * p.scales.x && abs(p.y - q.y) < 1e-9 * p.scales.y, "layer \(k) at \(t) s")
                #expect(p.apparentWidth == q.apparentWidth)
            }
        }
    }

    @Test func snowFallsInFourLayersTheFarOnesSlowerAndSmallerTheNearOnesCrossingTheScreen() throws {
        let snow = Effect.snow.confetti
        #expect(snow.depth == ConfettiDepth(layers: 4, scale: 0.4...1.15))
        let viewport = Size(width: 960, height: 540)
        var rng = SeededGenerator(seed: 1)
        let batches = confettiBatches(Effect.snow.launch(around: button, in: viewport, using: &rng).batches)
        #expect(batches.count == 4)
        // How far each layer's flakes fall in their lifetime, on average, and how big they are.
        let falls = batches.map { pieces, physics in
            pieces.map { physics.evaluate($0, at: physics.lifetime).y - $0.initialPosition.y }.reduce(0, +) / Double(pieces.count)
        }
        let widths = batches.map { pieces, _ in pieces.map(\.size.width).reduce(0, +) / Double(pieces.count) }
        #expect(zip(falls, falls.dropFirst()).allSatisfy { $0 < $1 }, "nearer falls farther: \(falls)")
        #expect(zip(widths, widths.dropFirst()).allSatisfy { $0 < $1 }, "nearer is bigger: \(widths)")
        #expect(falls.last! > 1.5 * (viewport.height + snow.launchBelowBottom), "the near layer crosses the screen in its lifetime: \(falls)")
        #expect(falls.first! > 0.6 * viewport.height, "the far layer still falls most of the screen: \(falls)")
    }

    @Test func depthFieldsReadPrintBackAndBadValuesAreRefusedNamingTheField() throws {
        let text = #"{"kind": "confetti", "confetti": {"depthLayers": 5, "depthScale": [0.25, 1.5]}}"#
        let effect = try EffectFile.decode(Data(text.utf8), file: "deep.json")
        #expect(effect.confetti.depth == ConfettiDepth(layers: 5, scale: 0.25...1.5))
        let again = try EffectFile.decode(Data(EffectFile.encode(effect).utf8), file: "again.json")
        #expect(again.confetti.depth == effect.confetti.depth)
        // Left out: no depth.
        #expect(try EffectFile.decode(Data(#"{"kind": "confetti"}"#.utf8), file: nil).confetti.depth == .none)
        let bad = [
            (#""depthLayers": 0"#, "confetti.depthLayers: 0 is not allowed: a whole number from 1 to 16"),
            (#""depthLayers": 17"#, "confetti.depthLayers: 17 is not allowed: a whole number from 1 to 16"),
            (#""depthLayers": 2.5"#, "confetti.depthLayers: 2.5 is not allowed"),
            (#""depthLayers": "deep""#, "confetti.depthLayers: wrong type"),
            (#""depthScale": [1.2, 0.5]"#, "confetti.depthScale: [1.2, 0.5] is not allowed: [low, high] with low ≤ high, each from 0.05 to 10"),
            (#""depthScale": [0, 1]"#, "confetti.depthScale: [0, 1] is not allowed"),
            (#""depthScale": [0.5, 11]"#, "confetti.depthScale: [0.5, 11] is not allowed"),
            (#""depthScale": [0.5]"#, "confetti.depthScale: [0.5] is not allowed"),
            (#""depthScale": 0.5"#, "confetti.depthScale: wrong type"),
        ]
        for (field, message) in bad {
            do {
                _ = try EffectFile.decode(Data(#"{"kind": "confetti", "confetti": {\#(field)}}"#.utf8), file: "deep.json")
                Issue.record("\(field) was accepted")
            } catch let error as EffectError {
                #expect("\(error)".contains(message), "\(field): \(error)")
            }
        }
    }
}
