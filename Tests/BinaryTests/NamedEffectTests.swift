import ConfettiApp
import ConfettiCore
import Foundation
import Glibc
import Testing
import TestSupport

/// Effects by name from a user's and a shared effects folder (XDG_CONFIG_HOME and XDG_DATA_DIRS
/// pointed at test folders), through the binary as a user runs it: every command that takes an
/// effect plays the user's `party.json` and a shared `show2.json` by name, `presets` lists them,
/// the viewer reloads a named file, the resident overlay plays a name it is sent, and hostile
/// folders end in one line.
@Suite struct NamedEffectTests {
    /// A user's and a shared folder, with `party` (magenta confetti), `show2` (a shell) and a
    /// broken effect.
    final class Folders {
        let scratch: Scratch
        let user: URL
        let shared: URL
        var environment: [String: String?] {
            ["XDG_CONFIG_HOME": scratch.path("config"), "XDG_DATA_DIRS": scratch.path("data")]
        }

        init(_ label: String, party: String = NamedEffectTests.party) throws {
            scratch = try Scratch(label)
            user = scratch.url.appendingPathComponent("config/confetti/effects")
            shared = scratch.url.appendingPathComponent("data/confetti/effects")
            try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            try party.write(to: user.appendingPathComponent("party.json"), atomically: true, encoding: .utf8)
            try EffectFile.encode(.peony).write(to: shared.appendingPathComponent("show2.json"), atomically: true, encoding: .utf8)
            try #"{"kind": "confetti", "confetti": {"count": 0}}"#.write(to: user.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
        }

        func confetti(_ arguments: [String], in directory: URL? = nil) async throws -> ChildProcess.Outcome {
            try await ConfettiBinary.run(arguments, in: directory, environment: environment)
        }
    }

    static let party = ##"{"kind": "confetti", "confetti": {"count": 40, "colors": ["#ff00ff"], "sizes": [[20, 14]]}}"##

    @Test func traceRenderVerifyAndPresetsPlayTheUsersPartyAndASharedShow2() async throws {
        let folders = try Folders("named")
        let partyPath = folders.user.appendingPathComponent("party.json").path
        // trace: by name, the same launch as by path; and not the preset of its kind.
        for (name, path) in [("party", partyPath), ("show2", folders.shared.appendingPathComponent("show2.json").path)] {
            let byName = try await folders.confetti(["trace", name, "--times", "0.5"])
            let byPath = try await folders.confetti(["trace", path, "--times", "0.5"])
            #expect(byName.status == 0 && byName.stderr.isEmpty, "\(name): \(byName.stderr)")
            #expect(byName.stdout == byPath.stdout && byName.stdout.count > 200, "\(name)")
        }
        let preset = try await folders.confetti(["trace", "confetti", "--times", "0.5"])
        let party = try await folders.confetti(["trace", "party", "--times", "0.5"])
        #expect(preset.stdout != party.stdout)

        // render: the same frames by name as by path.
        var frames: [[Data]] = []
        for (n, effect) in ["party", partyPath].enumerated() {
            let out = folders.scratch.path("frames\(n)")
            let rendered = try await folders.confetti(["render", "--effect", effect, "--size", "96x54", "--frames", "3", "--fps", "6", "--out", out])
            #expect(rendered.status == 0, "\(rendered.stderr)")
            frames.append(try folders.scratch.names(in: out).filter { $0.hasSuffix(".png") }.map { try Data(contentsOf: URL(fileURLWithPath: out).appendingPathComponent($0)) })
        }
        #expect(frames[0].count == 3 && frames[0] == frames[1])

        // verify: the user's effect, named in the table.
        let verified = try await folders.confetti(["verify", "--effect", "party", "--launches", "1"])
        #expect(verified.status == 0 && verified.stdout.contains("party") && verified.stdout.contains("all 1 effects pass"), "\(verified.stdout) \(verified.stderr)")

        // presets: the built-ins, then each folder with its effects; the broken one marked.
        let listed = try await folders.confetti(["presets"])
        #expect(listed.status == 0 && listed.stderr.isEmpty, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        let userHeading = try #require(lines.firstIndex(of: "Your effects (\(folders.user.path)):"), "\(listed.stdout)")
        let sharedHeading = try #require(lines.firstIndex(of: "Shared effects (\(folders.shared.path)):"), "\(listed.stdout)")
        #expect(lines.prefix(Effect.presets.count).map { String($0.prefix { $0 != " " }) } == Effect.presets.map(\.name))
        #expect(userHeading >= Effect.presets.count && sharedHeading > userHeading)
        let mine = lines[(userHeading + 1)..<sharedHeading]
        #expect(mine.contains { $0.hasPrefix("party ") && $0.hasSuffix("a confetti effect") }, "\(mine)")
        #expect(mine.contains { $0.hasPrefix("broken ") && $0.contains("broken: \(folders.user.path)/broken.json: confetti.count") }, "\(mine)")
        #expect(lines[sharedHeading + 1].hasPrefix("show2 ") && lines[sharedHeading + 1].hasSuffix("a shell effect"))

        // presets NAME prints the named effect as a file; a broken one is refused in one line.
        let printed = try await folders.confetti(["presets", "party"])
        #expect(try EffectFile.decode(Data(printed.stdout.utf8), file: nil).confetti.count == 40)
        let broken = try await folders.confetti(["trace", "broken"])
        #expect(broken.status == 2 && broken.stderr.split(separator: "\n").count == 1 && broken.stderr.contains("broken.json: confetti.count"), "\(broken.stderr)")

        // A built-in name wins, and the user's file it hides is named in one warning line.
        try Self.party.write(to: folders.user.appendingPathComponent("rain.json"), atomically: true, encoding: .utf8)
        let rain = try await folders.confetti(["trace", "rain", "--times", "0"])
        let builtIn = try await ConfettiBinary.run(["trace", "rain", "--times", "0"], environment: ["XDG_CONFIG_HOME": folders.scratch.path("none")])
        #expect(rain.status == 0 && rain.stdout == builtIn.stdout)
        #expect(rain.stderr.split(separator: "\n") == ["confetti: warning: \(folders.user.path)/rain.json is not played: 'rain' is a built-in preset, which wins over an effect file of the same name; rename the file to play it"], "\(rain.stderr)")

        // --save, then the copy by name.
        let saved = try await folders.confetti(["presets", "show2", "--save", "mine"])
        #expect(saved.status == 0 && saved.stdout == folders.user.appendingPathComponent("mine.json").path + "\n", "\(saved.stdout) \(saved.stderr)")
        let again = try await folders.confetti(["presets", "party", "--save", "mine"])
        #expect(again.status == 2 && again.stderr.contains("give --force"), "\(again.stderr)")
        #expect(try await folders.confetti(["trace", "mine", "--times", "0"]).stdout == (try await folders.confetti(["trace", "show2", "--times", "0"])).stdout)
    }

    /// Completions call back into the binary, which offers the names from all three places.
    @Test func completionsOfferNamesFromEveryPlace() async throws {
        let folders = try Folders("complete")
        for shell in ["bash", "zsh", "fish"] {
            let script = try await folders.confetti(["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("---completion"), "\(shell) calls back: \(script.stdout.prefix(200))")
        }
        // As the scripts ask: --effect of view, fire's positional argument.
        for request in [["view", "--", "--effect"], ["fire", "--", "positional@0"]] {
            let all = try await folders.confetti(["---completion"] + request + ["0", "0", ""])
            let offered = all.stdout.split(separator: "\n").map(String.init)
            #expect(Set(["party", "show2", "broken", "confetti", "rain"]).isSubset(of: offered), "\(request): \(all.stdout) \(all.stderr)")
            let typed = try await folders.confetti(["---completion"] + request + ["0", "2", "pa"])
            #expect(typed.stdout.split(separator: "\n") == ["palm", "party"], "\(request): \(typed.stdout) \(typed.stderr)")
        }
    }

    /// Each hostile folder or name ends in exit 0 or 2 with one line, within the render budget's
    /// memory, in little CPU time (the kernel's count, which a busy machine does not stretch).
    @Test func hostileFoldersEndInOneLine() async throws {
        let folders = try Folders("hostile")
        let huge = folders.user.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, 1 << 30) == 0)
        #expect(symlink("loop.json", folders.user.appendingPathComponent("loop.json").path) == 0)
        let made = (0..<10_000).filter { FileManager.default.createFile(atPath: folders.user.appendingPathComponent("many\($0).json").path, contents: Data(Self.party.utf8)) }
        #expect(made.count == 10_000)
        // The shared folder is a file.
        try FileManager.default.removeItem(at: folders.shared)
        try "x".write(to: folders.shared, atomically: true, encoding: .utf8)
        let cases: [(arguments: [String], status: Int32, says: String)] = [
            (["trace", "huge"], 2, "huge.json is 1,073,741,824 bytes; the limit for an effect file is 1 MiB"),
            (["trace", "loop"], 2, "a loop of symbolic links"),
            (["trace", String(repeating: "n", count: 10_000)], 2, "unknown effect 'nnn"),
            (["render", "--effect", "many9999", "--size", "32x18", "--frames", "1", "--out", folders.scratch.path("one")], 0, ""),
            (["presets"], 0, "not a folder of effects: skipped"),
        ]
        for c in cases {
            let outcome = try await folders.confetti(c.arguments)
            let shown = c.arguments.map { $0.prefix(20) }
            #expect(outcome.exitedNormally && outcome.status == c.status, "\(shown): \(outcome.status) \(outcome.stderr.prefix(300))")
            #expect(c.says.isEmpty || outcome.stderr.contains(c.says), "\(shown): \(outcome.stderr.prefix(300))")
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count <= 1 && lines.allSatisfy { $0.count < 2_000 }, "\(shown): \(outcome.stderr.prefix(600))")
            #expect(outcome.peakBytes <= 2 << 30 && outcome.cpuSeconds < 30, "\(shown): \(outcome.peakBytes) bytes, \(outcome.cpuSeconds) s of CPU")
        }
        let listed = try await folders.confetti(["presets"])
        #expect(listed.stdout.contains("huge ") && listed.stdout.contains("… and \(10_004 - EffectFolders.maxListed) more"), "\(listed.stdout.suffix(300))")
    }

    /// The viewer watches a named effect's file as it does a path: an edit is taken, a broken
    /// one keeps the last good effect playing and says why in one line.
    @Test func theViewerReloadsANamedEffect() async throws {
        let folders = try Folders("named-view")
        let file = folders.user.appendingPathComponent("party.json")
        let server = try await XServer.start(screen: "320x240x24")
        defer { server.stop() }
        var environment = folders.environment
        environment["DISPLAY"] = server.display
        let viewer = try ConfettiBinary.start(["view", "--effect", "party", "--size", "160x90", "--fire-every", "0.2", "--mute"], environment: environment)
        defer { viewer.stop() }
        func lines(_ prefix: String) -> [Substring] { viewer.errorOutput.split(separator: "\n").filter { $0.hasPrefix(prefix) } }
        var step = 0.0
        // Edited until it says it reloaded: an edit before its window is up is the effect it starts with.
        let good = #"{"kind": "confetti", "confetti": {"count": 12}}"#
        let watching = await eventually(within: 300) {
            try? ViewerInputTests.edit(file, good, step: &step)
            return await eventually(within: 2) { !lines("confetti: reloaded effect").isEmpty || viewer.hasEnded }
        }
        try #require(watching && !viewer.hasEnded, "the viewer did not reload its named effect: \(viewer.errorOutput.suffix(1500))")
        #expect(lines("confetti: reloaded effect").first?.contains(file.path) == true, "\(viewer.errorOutput.suffix(500))")
        try ViewerInputTests.edit(file, #"{"kind": "confetti", "confetti": {"count": -3}}"#, step: &step)
        let refused = await eventually(within: 120) { !lines("confetti: reload failed").isEmpty || viewer.hasEnded }
        #expect(refused && !viewer.hasEnded, "\(viewer.errorOutput.suffix(1500))")
        #expect(lines("confetti: reload failed").first?.contains("confetti.count: -3") == true, "\(viewer.errorOutput.suffix(500))")
    }

    /// `confetti fire party` plays the user's effect on the resident overlay; the overlay itself
    /// plays a name it is sent (as the GNOME extension's Fire sends one), and refuses an unknown
    /// one in the words the commands use.
    @Test func fireAndTheResidentOverlayPlayNamedEffects() async throws {
        let session = try await ResidentOverlayTests.Session()
        defer { session.stop() }
        let folders = try Folders("named-fire")
        // Confetti that hangs on screen for a minute, in the desktop's palette.
        try String(contentsOfFile: try Desktop.hangingEffectFile(in: session.desktop.logs), encoding: .utf8)
            .write(to: folders.user.appendingPathComponent("party.json"), atomically: true, encoding: .utf8)
        session.environment.merge(folders.environment) { _, given in given }
        let resident = try await session.resident()
        defer { resident.stop() }
        let fired = try await session.confetti(["fire", "party", "--mute"])
        #expect(fired.status == 0 && fired.stderr.isEmpty, "\(fired.stderr)")
        let seen = try await eventually(within: Desktop.stallGuard) {
            try await session.desktop.screenshot().pixels(matching: Desktop.palette).count >= 20
        }
        #expect(seen, "the user's party on screen")

        let client = try #require(try ResidentClient.connect(session.path))
        let shared = try client.exchange(ResidentRequest.fireLine(preset: "show2", mute: true), timeout: Desktop.stallGuard)
        #expect(shared.ok, "\(shared.error ?? "")")
        let unknown = try #require(try ResidentClient.connect(session.path)).exchange(ResidentRequest.fireLine(preset: "nosuch"), timeout: Desktop.stallGuard)
        #expect(!unknown.ok && unknown.error?.hasPrefix("unknown effect 'nosuch'") == true && unknown.error?.contains("party") == true, "\(unknown.error ?? "")")
        #expect(try session.status().integer("launches") == 2)
    }
}
