import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Rain, cannons and streams: where pieces enter and when, all decided at spawn.
@Suite(.tags(.math)) struct EmissionTests {
    let viewport = Size(width: 1280, height: 720)

    @Test func aBurstEmitsTheSeedArticlesPiecesUnchanged() {
        // The default emission draws exactly what spawnOne draws, piece after piece.
        var a = SeededGenerator(seed: 11), b = SeededGenerator(seed: 11)
        let emitted = ConfettiSection.standard.spawn(in: viewport, using: &a)
        let drawn = (0..<30).map { _ in ConfettiSection.standard.spawnOne(in: viewport, using: &b) }
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
        var confetti = ConfettiSection.standard
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
            var confetti = ConfettiSection.standard
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
