import ConfettiApp
import ConfettiCore
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The resident overlay's launches on their way from `confetti fire` to the rings: the effect
/// read once by the client, its pictures' paths made absolute on the value and written out
/// once, read back by the overlay, and checked against the budget once, by the celebration,
/// against what its rings hold.
@Suite struct ResidentLaunchTests {
    static let viewport = Size(width: 640, height: 360)

    /// An effect file of `count` hanging pieces (a minute each) with a picture beside it, in a
    /// folder of its own.
    final class EffectFolder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-launch-\(UUID().uuidString.prefix(8))")
        let file: URL
        init(count: Int) throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: Repository.file("docs/fireworks.png"), to: url.appendingPathComponent("duck.png"))
            file = url.appendingPathComponent("duck.json")
            try #"{"kind": "confetti", "confetti": {"count": \#(count), "lifetime": 60, "fadeOutDuration": 1, "sprites": [{"image": "duck.png"}]}}"#
                .write(to: file, atomically: true, encoding: .utf8)
        }
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// The request line, decoded as the overlay decodes it, and the effect it reads from it.
    static func served(_ options: ResidentFire.Options, directory: String) throws -> (line: String, effect: Effect) {
        let line = try ResidentFire.requestLine(options, directory: directory)
        guard case .fire(let fire) = try ResidentRequest.decode(Array(line.utf8)) else {
            throw ResidentError("not a fire request: \(line)")
        }
        return (line, try ResidentOverlay.effect(of: fire.source).0)
    }

    @Test func aFiredEffectFileIsCheckedAgainstTheBudgetOnceOnItsWayToTheRings() async throws {
        let folder = try EffectFolder(count: 40)
        var options = ResidentFire.Options()
        options.effect = folder.file.path
        options.mute = true
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 4_096, seed: 1)
            defer { celebration.delete() }
            celebration.keepsLiveParticles = true
            let checks = LaunchChecks()
            try LaunchChecks.$counter.withValue(checks) {
                let (_, effect) = try Self.served(options, directory: "/")
                try celebration.fire(effect, at: 0, in: Self.viewport, around: nil)
            }
            #expect(checks.count == 1, "client read, overlay read and fire checked the launch \(checks.count) times")
            #expect(celebration.liveParticles(at: 1) == 40)
        }
    }

    @Test func aPictureOfAFiredFileIsNamedByItsAbsolutePathInTheOneDocumentSent() throws {
        let folder = try EffectFolder(count: 40)
        var options = ResidentFire.Options()
        options.effect = folder.file.path
        let (line, effect) = try Self.served(options, directory: "/")
        let absolute = folder.url.appendingPathComponent("duck.png").path
        #expect(line.contains("\"image\":\"\(absolute)\"") || line.contains("\"image\": \"\(absolute)\""), "\(line)")
        #expect(effect.confetti.sprites.map(\.source) == [.image(path: absolute)])
        // The picture the overlay makes is the one the file names.
        let direct = try EffectReference.file(folder.file.path).resolve(among: .none).effect
        #expect(effect.confetti.sprites.map(\.image) == direct.confetti.sprites.map(\.image))
    }

    /// A request's seed gives its launch, whatever was fired before; without one, each launch
    /// is the celebration's next, and they differ. What `fire` returns is what it uploaded.
    @Test func aSeedGivesItsLaunchEveryTimeAndWithoutOneLaunchesDiffer() async throws {
        try await SharedGL.run {
            let celebration = try Celebration(capacity: 4_096, seed: 1)
            defer { celebration.delete() }
            func pieces(_ launch: Launch) -> [ConfettiParticle] { launch.batches.of(ConfettiKind.self).flatMap(\.particles) }
            let seeded = try celebration.fire(.confetti, at: 0, in: Self.viewport, around: nil, seed: 5)
            let next = try celebration.fire(.confetti, nil, at: 0.01, in: Self.viewport, around: nil)
            let after = try celebration.fire(.confetti, nil, at: 0.02, in: Self.viewport, around: nil)
            let again = try celebration.fire(.confetti, at: 0.03, in: Self.viewport, around: nil, seed: 5)
            #expect(!pieces(seeded).isEmpty && pieces(seeded) == pieces(again), "seed 5 twice, with launches between")
            #expect(pieces(next) != pieces(after) && pieces(next) != pieces(seeded), "without a seed each launch is another")
            #expect(celebration.launches == 4 && celebration.liveParticles(at: 0.1) == 4 * pieces(seeded).count)
        }
    }

    @Test func aLaunchThatWouldOverwritePiecesStillPlayingIsRefusedWhileTheRestPlayOn() async throws {
        let pieces = 120
        var effect = Effect.confetti
        effect.confetti.count = pieces
        effect.confetti.physics.lifetime = 60
        try await SharedGL.run {
            let celebration = try Celebration(capacity: pieces * 3, seed: 1)
            defer { celebration.delete() }
            celebration.keepsLiveParticles = true
            for k in 0..<3 { try celebration.fire(effect, at: Double(k) * 0.01, in: Self.viewport, around: nil) }
            #expect {
                try celebration.fire(effect, at: 0.1, in: Self.viewport, around: nil)
            } throws: { error in
                "\(error)".contains("over the budget") && "\(error)".contains("\(pieces * 3) still playing") && !"\(error)".contains("\n")
            }
            #expect(celebration.launches == 3 && celebration.liveParticles(at: 0.1) == pieces * 3, "the three playing go on")
            // Once the first has ended there is room again.
            let over = celebration.renderer(of: ConfettiKind.self).ring.spans.filter { $0.epoch == 0 }.map { $0.epoch + $0.dies }.max()!
            try celebration.fire(effect, at: over, in: Self.viewport, around: nil)
            #expect(celebration.launches == 4)

            // An app's celebration overwrites its oldest pieces instead.
            let app = try Celebration(capacity: pieces * 3, seed: 1)
            defer { app.delete() }
            for k in 0..<4 { try app.fire(effect, at: Double(k) * 0.01, in: Self.viewport, around: nil) }
            #expect(app.launches == 4)
        }
    }
}
