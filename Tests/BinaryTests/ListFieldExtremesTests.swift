import CConfetti
import ConfettiApp
import ConfettiCore
import ConfettiGL
import ConfettiProof
import Foundation
import Testing
import TestSupport

/// The fields that are not numbers (lists of colours, shapes, sizes, curves, ramps, sound
/// events, sprites; flags and choices), swept as `FieldExtremesTests` sweeps the numbers: every
/// such field of the format's table (`EffectFile.fields`, so a list field the table adds is
/// covered by construction) at hostile values of every JSON type, and every sprite list at
/// hostile pictures. Each is read or refused with one line naming the field, never a trap, and
/// what is read is within every command's budget or refused by it.
@Suite struct ListFieldExtremesTests {
    struct Case: CustomStringConvertible, Sendable {
        var field: String
        var value: String
        var json: String
        var description: String { "\(field) = \(value.prefix(80))" }
    }

    /// Values of every JSON type, empty and nested, and lists of extremes.
    static let hostile: [String] = [
        "null", "true", "0", "-1", "1e999", "\"\"", "\"x\"", "{}", "[]", "[null]", "[[]]", "[{}]", "[\"\"]",
        "[1e308, -1e308]", "[0, 0]", "[5e-324]", "[\"#zzzzzz\"]", "[[1e308, 1e308]]", "[{\"t\": 1e308, \"value\": -1e308}]",
        "[" + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]",
    ]

    /// Pictures that trapped, drew nothing, or took unbounded memory, and their neighbours.
    static let hostileSprites: [String] = [
        #"[{"path": "M0 0 L1e-306 0 L0 1e-306 Z"}]"#,
        #"[{"path": "M0 0 L1e-7 0 L0 1e-7 Z"}]"#,
        #"[{"path": "M-1e6 -1e6 L1e6 -1e6 L1e6 -999999.999999 Z"}]"#,
        #"[{"path": "M0 0 L1 0 L0 1e-300 Z"}]"#,
        #"[{"text": "————————"}]"#,
        #"[{"text": "________________________________"}]"#,
        #"[{"emoji": "🇿🇿"}]"#,
        #"[{"emoji": "🎉", "size": 1e-300}]"#,
        #"[{"emoji": "🎉", "size": 255, "weight": 1e308}, {"emoji": "🎊", "weight": 5e-324}]"#,
        #"[{"image": "a\u0000.png"}]"#,
        #"[{"image": ""}]"#,
        #"[{"text": "W", "font": "/dev/zero"}]"#,
        ##"[{"emoji": "🎉", "tint": "#ffffff"}, {"path": "M0 0 H1 V1 Z", "tint": "#00000g"}]"##,
        "[" + Array(repeating: #"{"emoji": "🎉"}"#, count: 33).joined(separator: ",") + "]",
    ]

    static func kind(_ field: EffectFieldInfo) -> EffectKindName {
        EffectKindName(rawValue: field.section) ?? EffectKindName.allCases.first { field.kinds.contains($0) }!
    }

    /// Every field that is not a number, from the table.
    static let listFields = EffectFile.fields.filter { FieldExtremesTests.extremes($0.domain) == nil }

    static let cases: [Case] = listFields.flatMap { field in
        (hostile + (field.name == "sprites" ? hostileSprites : [])).map { value in
            Case(field: "\(field.section).\(field.name)", value: value,
                 json: #"{"kind": "\#(kind(field).rawValue)", "\#(field.section)": {"\#(field.name)": \#(value)}}"#)
        }
    }

    /// The table has list fields, and every sprite list is among them.
    @Test func theSweepCoversEveryFieldThatIsNotANumber() {
        #expect(Self.listFields.count >= 10, "\(Self.listFields.map(\.name))")
        #expect(Self.listFields.filter { $0.name == "sprites" }.count >= 4, "\(Self.listFields.map { "\($0.section).\($0.name)" })")
        #expect(Set(Self.cases.map(\.field)).count == Self.listFields.count)
    }

    @Test func everyHostileValueIsReadOrRefusedAndEveryCommandsBudgetAnswers() throws {
        var refused = 0
        for c in Self.cases {
            let effect: Effect
            do {
                effect = try EffectFile.decode(Data(c.json.utf8), file: "t.json")
            } catch let error as EffectError {
                #expect(!error.description.contains("\n") && error.description.count < 600, "\(c): \(error)")
                let name = String(c.field.split(separator: ".").last!)
                #expect(error.description.contains(name) || error.description.contains("above the limit"), "\(c): \(error)")
                refused += 1
                continue
            }
            func answers(_ command: String, _ check: () throws -> Void) {
                do { try check() } catch let error as BudgetError {
                    #expect(!error.description.contains("\n") && error.description.count < 600, "\(command), \(c): \(error)")
                } catch {
                    Issue.record("\(command), \(c): \(error)")
                }
            }
            let particles = Budget.particles(effect, .effect(effect.kind)).total
            #expect(particles.isFinite && particles <= Double(Budget.maxParticlesPerLaunch), "\(c): \(particles)")
            answers("render") {
                try Budget.render(.init(effect: effect, launches: nil, interval: 0.35, countGiven: false, width: 16, height: 16, fps: 30, frames: nil, duration: nil))
            }
            answers("trace") { try Budget.trace(effect, times: 7, gpu: true) }
            answers("view") { try Budget.view(effect, capacity: Celebration.defaultCapacity, stress: 1_000) }
            answers("verify") { try Budget.verify(effect) }
        }
        #expect(refused > 0 && refused < Self.cases.count, "\(refused) of \(Self.cases.count) refused")
    }

    // MARK: - Through the built binary, the viewer's reload and the C library

    /// The cases the reader takes and those it refuses, as read in this process.
    static let split: (accepted: [Case], refused: [Case]) = {
        var accepted: [Case] = [], refused: [Case] = []
        for c in cases {
            if (try? EffectFile.decode(Data(c.json.utf8), file: nil)) != nil { accepted.append(c) } else { refused.append(c) }
        }
        return (accepted, refused)
    }()

    /// As `FieldExtremesTests` runs the numbers.
    static func numbered(_ c: Case) -> FieldExtremesTests.Case {
        FieldExtremesTests.Case(field: c.field, value: String(c.value.prefix(80)), json: c.json)
    }

    /// Every value the reader takes goes through every command that reads an effect (render,
    /// trace, verify, bench, and view and overlay without a display, which read it and ask their
    /// budget before they look for one); each field's first refused value goes through one of
    /// them, the commands taking turns (a refusal is the reader's, the same in each; the
    /// viewer's reload and the C library meet every refused value below). Exit 0, or 2 with one
    /// line, within the budget's memory.
    @Test func everyCommandRunsOrRefusesEveryHostileValue() async throws {
        let (accepted, refused) = Self.split
        #expect(!accepted.isEmpty && !refused.isEmpty, "\(accepted.count) accepted, \(refused.count) refused")
        var fields = Set<String>()
        let firstRefused = refused.filter { fields.insert($0.field).inserted }
        let runs = accepted.flatMap { c in (0..<6).map { (Self.numbered(c), $0) } }
            + firstRefused.enumerated().map { i, c in (Self.numbered(c), i) }
        try await FieldExtremesTests.runThroughCommands(runs)
    }

    /// One viewer on a private X server, started with a good effect, then given every hostile
    /// value in turn by editing its file: each reload is taken or refused with one line, the
    /// last good effect firing on meanwhile, and the viewer is alive at the end (a trap on a
    /// reload ended it before).
    @Test func theViewerReloadsOrRefusesEveryHostileValueAndGoesOn() async throws {
        let scratch = try Scratch("list-reload")
        let file = URL(fileURLWithPath: scratch.path("effect.json"))
        try #"{"kind": "confetti", "confetti": {"count": 12}}"#.write(to: file, atomically: true, encoding: .utf8)
        let server = try await XServer.start(screen: "320x240x24")
        defer { server.stop() }
        let viewer = try ConfettiBinary.start(["view", "--effect", file.path, "--size", "160x90", "--fire-every", "0.2", "--mute"],
                                              environment: ["DISPLAY": server.display])
        defer { viewer.stop() }
        func lines() -> [Substring] {
            viewer.errorOutput.split(separator: "\n").filter { $0.hasPrefix("confetti: reloaded effect") || $0.hasPrefix("confetti: reload failed") }
        }
        var step = 0.0
        // Watching once it reloads the good effect: edited again until it says so, since an
        // edit before its window is up is read as the effect it starts with.
        let good = #"{"kind": "confetti", "confetti": {"count": 12}}"#
        let watching = await eventually(within: 300) {
            try? ViewerInputTests.edit(file, good, step: &step)
            return await eventually(within: 2) { !lines().isEmpty || viewer.hasEnded }
        }
        try #require(watching && !viewer.hasEnded, "the viewer did not start watching: \(viewer.errorOutput.suffix(1500))")
        let first = lines().count
        var failed = 0
        for (n, c) in Self.cases.enumerated() {
            try ViewerInputTests.edit(file, c.json, step: &step)
            // A stall guard, not a speed check: the file is looked at every 0.25 s.
            let answered = await eventually(within: 120) { lines().count > first + n || viewer.hasEnded }
            guard answered, !viewer.hasEnded else {
                Issue.record("the viewer did not answer the reload of \(c): \(viewer.errorOutput.suffix(1500))")
                return
            }
            let line = lines()[first + n]
            if line.hasPrefix("confetti: reload failed") { failed += 1 }
        }
        #expect(failed == Self.split.refused.count, "\(failed) reloads refused, \(Self.split.refused.count) refused in process")
        #expect(!viewer.hasEnded, "\(viewer.errorOutput.suffix(1500))")
    }

    /// Every hostile value through the C library's confetti_fire_json, one client run for all:
    /// each returns a status (OK and drawn, or a refusal with a message) and leaves no GL error;
    /// the statuses are the reader's verdicts in this process.
    @Test func theCLibraryFiresOrRefusesEveryHostileValue() async throws {
        let library = try await StagedLibrary.shared()
        let client = try await library.build("Tests/CClients/fire_json_sweep.c", packages: ["epoxy"],
                                             options: ["-std=c99", "-D_POSIX_C_SOURCE=200809L", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        defer { try? FileManager.default.removeItem(at: client) }
        let input = Self.cases.map(\.json).joined(separator: "\n") + "\n"
        let run = try await ChildProcess.run([client.path], environment: library.environment, input: input, timeout: 900)
        let said = run.stdout.split(separator: "\n")
        let last = said.last { $0.hasPrefix("case ") } ?? "none"
        #expect(run.exitedNormally && run.status == 0, "exit \(run.status) after \(last): \(run.stderr.suffix(1500))")
        #expect(said.contains("\(Self.cases.count) cases"), "\(said.suffix(3))")
        #expect(!said.contains { $0.hasPrefix("gl ") }, "GL errors left: \(said.filter { $0.hasPrefix("gl ") }.prefix(5))")
        let verdicts = said.filter { $0.hasPrefix("case ") }
        for (n, c) in Self.cases.enumerated() where n < verdicts.count {
            let words = verdicts[n].split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            let accepted = Self.split.accepted.contains { $0.json == c.json }
            if accepted {
                // Taken in process; through C, a launch beyond the handle's 4,096 is refused as a limit.
                #expect(words[2] == "\(CONFETTI_OK.rawValue)" || words[2] == "\(CONFETTI_ERROR_LIMIT.rawValue)", "\(c): \(verdicts[n])")
            } else {
                #expect(words[2] == "\(CONFETTI_ERROR_EFFECT.rawValue)" && words.count == 4 && !words[3].isEmpty, "\(c): \(verdicts[n])")
            }
        }
    }
}
