import ConfettiCore
import Foundation
import Testing
import TestSupport

@Suite struct CommandLineTests {
    struct BadInput: CustomStringConvertible, Sendable {
        var arguments: [String]
        /// An effect file to write first; `FILE` in the arguments stands for its path.
        var file: String?
        /// Words the message must contain: the field or option, and what is wrong.
        var mentions: [String]

        var description: String { (file.map { "file \($0) with " } ?? "") + arguments.joined(separator: " ") }
    }

    /// The preset with one field of one section replaced: `"gravity": 280` → `"gravity": VALUE`.
    static func confetti(_ field: String, _ value: String) -> String {
        """
        {"kind": "confetti", "confetti": {"\(field)": \(value)}}
        """
    }

    static func classic(_ field: String, _ value: String) -> String {
        """
        {"kind": "classic", "classic": {"\(field)": \(value)}}
        """
    }

    static let badInputs: [BadInput] = [
        // Files: malformed, wrong shapes and types, unknown names.
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "confetti","#, mentions: ["not valid JSON", "end of the file", "line 1"]),
        BadInput(arguments: ["trace", "FILE"], file: "[1, 2]", mentions: ["wrong type"]),
        BadInput(arguments: ["trace", "FILE"], file: "{}", mentions: ["kind", "missing"]),
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": 3}"#, mentions: ["kind", "wrong type"]),
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "confeti"}"#, mentions: ["kind", "Did you mean 'confetti'"]),
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "confetti", "confeti": {}}"#, mentions: ["confeti", "Did you mean 'confetti'"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("gravty", "280"), mentions: ["confetti.gravty", "Did you mean 'gravity'"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("gravity", "\"heavy\""), mentions: ["confetti.gravity", "wrong type"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("rotationSpeed", "null"), mentions: ["confetti.rotationSpeed", "null"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("confetti", "{}").replacingOccurrences(of: #"{"confetti": {}}"#, with: "7"), mentions: ["confetti", "wrong type"]),
        // Numbers: zero, negative, absurd, fractional, infinite.
        BadInput(arguments: ["trace", "FILE"], file: confetti("drag", "0"), mentions: ["confetti.drag", "out of range"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("drag", "-1.6"), mentions: ["confetti.drag", "-1.6"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("lifetime", "1e30"), mentions: ["confetti.lifetime", "1e30", "out of range"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("lifetime", "0"), mentions: ["confetti.lifetime"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("fadeOutDuration", "5"), mentions: ["confetti.fadeOutDuration", "1.5"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("count", "0"), mentions: ["confetti.count", "whole number"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("count", "1.5"), mentions: ["confetti.count", "1.5"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("count", "1e12"), mentions: ["confetti.count"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("gravity", "1e400"), mentions: ["gravity", "1e400", "line 1"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("launchX", "[0.9, 0.1]"), mentions: ["confetti.launchX", "low ≤ high"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("launchX", "[0.5]"), mentions: ["confetti.launchX"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("launchX", "\"wide\""), mentions: ["confetti.launchX", "wrong type"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("flutterAmplitude", "[-5, 10]"), mentions: ["confetti.flutterAmplitude"]),
        // Lists: empty, malformed entries, invalid hex, unknown shapes.
        BadInput(arguments: ["trace", "FILE"], file: confetti("sizes", "[]"), mentions: ["confetti.sizes", "1 to 64"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("sizes", "[[0, 10]]"), mentions: ["confetti.sizes[0]"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("sizes", "[[10]]"), mentions: ["confetti.sizes[0]"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colors", "[]"), mentions: ["confetti.colors", "1 to 64"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colors", #"["red"]"#), mentions: ["confetti.colors[0]", "#rrggbb"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colors", ##"["#ff3b30", "#12345g"]"##), mentions: ["confetti.colors[1]", "#12345g"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("shapes", #"["hexagon"]"#), mentions: ["confetti.shapes[0]", "hexagon"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("shapes", #"{"heart": 1, "hart": 2}"#), mentions: ["confetti.shapes.hart", "not a shape", "Did you mean 'heart'?"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("backShade", "-0.5"), mentions: ["confetti.backShade", "-0.5 is out of range"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("shapes", "[]"), mentions: ["confetti.shapes", "empty"]),
        // Fireworks.
        BadInput(arguments: ["trace", "FILE"], file: classic("sparkCount", "0"), mentions: ["classic.sparkCount"]),
        BadInput(arguments: ["trace", "FILE"], file: classic("scale", "-45"), mentions: ["classic.scale", "-45"]),
        BadInput(arguments: ["trace", "FILE"], file: classic("duration", "0"), mentions: ["classic.duration"]),
        BadInput(arguments: ["trace", "FILE"], file: classic("fadeEnd", "0.5"), mentions: ["classic.fadeEnd", "fadeStart"]),
        BadInput(arguments: ["trace", "FILE"], file: classic("scaleKeyTimes", "[0, 1]"), mentions: ["classic.scaleKeyTimes"]),
        BadInput(arguments: ["trace", "FILE"], file: classic("easing", "[0, 0, 2, 1]"), mentions: ["classic.easing"]),
        BadInput(arguments: ["trace", "FILE"], file: classic("topRight", "[[[0.1, 0.2]]]"), mentions: ["classic.topRight[0]"]),
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "fountain", "fountain": {"delayStep": -1}}"#, mentions: ["fountain.delayStep", "-1"]),
        BadInput(arguments: ["trace", "FILE"], file: ##"{"kind": "fountain", "fountain": {"colors": ["#zzzzzz"]}}"##, mentions: ["fountain.colors[0]"]),
        BadInput(arguments: ["view", "--capacity", "1000", "--effect", "FILE"], file: confetti("count", "2000"), mentions: ["confetti.count", "--capacity"]),
        // Strict JSON and strict sections.
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "confetti", "confetti": {"gravity": 1, "gravity": 2}}"#, mentions: ["duplicate key 'gravity'", "line 1"]),
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "confetti", "confetti": {"drag": 1,}}"#, mentions: ["trailing comma"]),
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "confetti", "classic": {"fireworks": 3}}"#, mentions: ["classic", "does not belong to a confetti effect"]),
        BadInput(arguments: ["trace", "FILE"], file: classic("topRight", "[[[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], [[0.1, 0.2], [0.3, 99], [0.5, 0.6]]]"), mentions: ["classic.topRight[1][1]", "99"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colors", ##"["#ff3b30", "\u001b[2Jgotcha"]"##), mentions: ["confetti.colors[1]", "\\u{1b}"]),
        // Options.
        BadInput(arguments: ["render", "--size", "0x10"], mentions: ["--size"]),
        BadInput(arguments: ["render", "--size", "-5x10"], mentions: ["--size"]),
        BadInput(arguments: ["render", "--size", "wide"], mentions: ["--size"]),
        BadInput(arguments: ["render", "--fps", "0"], mentions: ["--fps"]),
        BadInput(arguments: ["render", "--fps", "nan"], mentions: ["--fps"]),
        BadInput(arguments: ["render", "--frames", "0"], mentions: ["--frames"]),
        BadInput(arguments: ["render", "--frames", "10", "--duration", "1"], mentions: ["--frames", "--duration"]),
        BadInput(arguments: ["render", "--duration", "inf"], mentions: ["--duration"]),
        BadInput(arguments: ["render", "--effect", "sparklers"], mentions: ["unknown effect 'sparklers'"]),
        BadInput(arguments: ["render", "--effect", "confeti"], mentions: ["Did you mean 'confetti'"]),
        BadInput(arguments: ["render", "--effect", "/nonexistent/effect.json"], mentions: ["/nonexistent/effect.json", "cannot read"]),
        BadInput(arguments: ["render", "--effect", "/tmp"], mentions: ["/tmp", "cannot read"]),
        BadInput(arguments: ["view", "--count", "0"], mentions: ["--count"]),
        BadInput(arguments: ["view", "--capacity", "0"], mentions: ["--capacity"]),
        BadInput(arguments: ["view", "--count", "2000", "--capacity", "1000"], mentions: ["--count", "--capacity"]),
        BadInput(arguments: ["view", "--stress", "2000000"], mentions: ["--stress"]),
        BadInput(arguments: ["overlay", "--count", "0"], mentions: ["--count"]),
        BadInput(arguments: ["overlay", "--effect", "confeti"], mentions: ["Did you mean 'confetti'"]),
        BadInput(arguments: ["overlay", "--seed", "-1"], mentions: ["--seed"]),
        BadInput(arguments: ["overlay", "--at", "1,2,3"], mentions: ["--at takes x,y", "not 1,2,3"]),
        BadInput(arguments: ["overlay", "--resident", "--output", "HEADLESS-1"], mentions: ["--at and --output", "confetti fire --at"]),
        BadInput(arguments: ["fire", "--at", "middle"], mentions: ["--at takes x,y", "not middle"]),
        BadInput(arguments: ["trace", "confetti", "--times", "0,abc"], mentions: ["--times", "abc"]),
        BadInput(arguments: ["trace", "confetti", "--times", ""], mentions: ["--times"]),
        BadInput(arguments: ["trace", "confetti", "--evaluator", "tpu"], mentions: ["evaluator"]),
        BadInput(arguments: ["bench", "--counts", "0"], mentions: ["--counts"]),
        BadInput(arguments: ["bench", "--counts", "12M"], mentions: ["--counts 12,000,000 is above 8,134,407", "largest ring"]),
        BadInput(arguments: ["bench", "--counts", "2000M"], mentions: ["--counts", "is not one"]),
        BadInput(arguments: ["soak", "--launches", "-1"], mentions: ["--launches"]),
        BadInput(arguments: ["presets", "sparklers"], mentions: ["sparklers"]),
        // No display: the viewer says so and points to render.
        BadInput(arguments: ["view"], mentions: ["DISPLAY", "confetti render"]),
        BadInput(arguments: ["overlay"], mentions: ["DISPLAY"]),
        BadInput(arguments: ["render", "--shader-dir", "/nonexistent"], mentions: ["--shader-dir", "confetti.vert.glsl"]),
        // Emission and rockets.
        BadInput(arguments: ["trace", "FILE"], file: confetti("emitter", "\"hose\""), mentions: ["confetti.emitter", "\"rain\""]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("spread", "400"), mentions: ["confetti.spread", "out of range"]),
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "rocket", "rocket": {"crackles": 3, "crackleDelay": [1, 9]}}"#, mentions: ["rocket.crackleDelay", "sparkLifetime"]),
        BadInput(arguments: ["trace", "FILE"], file: #"{"kind": "rocket", "rocket": {"apexHeight": [0.5]}}"#, mentions: ["rocket.apexHeight", "[low, high]"]),
        BadInput(arguments: ["render", "--effect", "rain", "--count", "10"], mentions: ["--count", "confetti.rate"]),
        BadInput(arguments: ["render", "--effect", "rocket", "--count", "10"], mentions: ["--count", "rocket.sparkCount"]),
        BadInput(arguments: ["gallery", "--out", ""], mentions: ["--out"]),
        BadInput(arguments: ["gallery", "--tile", "10x10"], mentions: ["--tile"]),
    ]

    @Test(arguments: badInputs)
    func badInputIsRefusedWithExitTwoAndAMessageNamingIt(_ input: BadInput) async throws {
        var arguments = input.arguments
        var cleanup: URL?
        if let file = input.file {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-bad-\(UUID()).json")
            try file.write(to: url, atomically: true, encoding: .utf8)
            cleanup = url
            arguments = arguments.map { $0 == "FILE" ? url.path : $0 }
        }
        defer { cleanup.map { try? FileManager.default.removeItem(at: $0) } }
        let outcome = try await ConfettiBinary.run(arguments)
        #expect(outcome.exitedNormally, "ended by a signal: \(outcome.stderr)")
        #expect(outcome.status == 2, "exit \(outcome.status); stderr: \(outcome.stderr)")
        for word in input.mentions {
            #expect(outcome.stderr.contains(word), "the message does not mention '\(word)': \(outcome.stderr)")
        }
        if let file = cleanup {
            #expect(outcome.stderr.contains(file.path), "the message names the file: \(outcome.stderr)")
        }
        #expect(outcome.stderr.split(separator: "\n").first?.hasPrefix("confetti: ") == true, "one clear line first: \(outcome.stderr)")
    }

    /// An effect named by a bare name that is a symbolic link looping to itself is read as the
    /// file it names, and refused as a loop: not taken for an unknown preset.
    @Test func aLoopingLinkNamedBareIsCalledALoop() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-loop-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(symlink("loop", dir.appendingPathComponent("loop").path) == 0)
        let outcome = try await ConfettiBinary.run(["trace", "loop"], in: dir)
        #expect(outcome.status == 2 && outcome.exitedNormally, "exit \(outcome.status)")
        #expect(outcome.stderr.contains("cannot read loop: a loop of symbolic links"), "\(outcome.stderr)")
    }

    /// An argument that is not UTF-8 (a file named in Latin-1) is refused saying which byte,
    /// not taken for a missing file under a name with U+FFFD in it.
    @Test func anArgumentThatIsNotUTF8IsRefusedSayingWhichByte() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-latin1-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let script = #"printf '{"kind": "confetti"}' > "$(printf 'a\377.json')" && exec "$0" trace "$(printf 'a\377.json')""#
        let outcome = try await ChildProcess.run(["/bin/sh", "-c", script, try ConfettiBinary.url().path], environment: ChildProcess.environment([:]), directory: dir)
        #expect(outcome.status == 2 && outcome.exitedNormally, "exit \(outcome.status): \(outcome.stderr)")
        #expect(outcome.stderr.contains(#"argument 2, a\xFF.json, is not UTF-8 (byte 0xFF at byte offset 1)"#), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("no such file"), "\(outcome.stderr)")
    }

    @Test func aCopiedBinaryRendersWithNoCheckoutAndNoShaderPath() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-alone-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = dir.appendingPathComponent("confetti")
        try await ChildProcess.installExecutable(copying: try ConfettiBinary.url(), at: copy)
        let outcome = try await ConfettiBinary.run(["render", "--frames", "2", "--size", "64x36", "--out", "frames"],
                                             executable: copy, in: dir, environment: ["CONFETTI_SHADER_DIR": nil])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("frames").path)
        #expect(frames.sorted() == ["frame-0000.png", "frame-0001.png"])
    }

    @Test func brokenShaderFileStopsRenderWithFileAndLine() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-broken-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = Repository.file("Shaders")
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        let vertex = dir.appendingPathComponent("confetti.vert.glsl")
        try String(contentsOf: vertex, encoding: .utf8).replacingOccurrences(of: "float t = uTime - aBirth", with: "float t = uTime - aBirthday")
            .write(to: vertex, atomically: true, encoding: .utf8)
        let outcome = try await ConfettiBinary.run(["render", "--shader-dir", dir.path, "--frames", "1", "--out", dir.appendingPathComponent("out").path])
        #expect(outcome.status == 2 && outcome.exitedNormally, "\(outcome.status): \(outcome.stderr)")
        #expect(outcome.stderr.contains("confetti.vert.glsl:"), "file and line: \(outcome.stderr)")
        #expect(outcome.stderr.contains("aBirthday"), "\(outcome.stderr)")
    }

    /// `--bursts`, the old name of `--launches` (render, soak), still works: the same frames and
    /// the same soak, with one line on stderr saying so, and no word of it in the help. Giving
    /// both is refused.
    @Test func theOldBurstsOptionStillWorksAndSaysItIsDeprecated() async throws {
        let deprecation = "confetti: --bursts is deprecated; use --launches\n"
        let scratch = try Scratch("bursts")
        let render = ["render", "--effect", "confetti", "--interval", "0.1", "--frames", "2", "--size", "64x36"]
        let old = try await ConfettiBinary.run(render + ["--bursts", "2", "--out", scratch.path("old")])
        let new = try await ConfettiBinary.run(render + ["--launches", "2", "--out", scratch.path("new")])
        #expect(old.status == 0 && new.status == 0, "\(old.stderr) \(new.stderr)")
        #expect(old.stderr == deprecation, "\(old.stderr.debugDescription)")
        #expect(new.stderr.isEmpty, "\(new.stderr.debugDescription)")
        let frame = "frame-0001.png"
        #expect(FileManager.default.contents(atPath: scratch.path("old/" + frame)) != nil)
        #expect(FileManager.default.contents(atPath: scratch.path("old/" + frame)) == FileManager.default.contents(atPath: scratch.path("new/" + frame)))

        let soak = try await ConfettiBinary.run(["soak", "--bursts", "20", "--count", "10", "--capacity", "100"])
        #expect(soak.status == 0 && soak.stdout.hasPrefix("soak: 20 launches of 10 "), "\(soak.stdout) \(soak.stderr)")
        #expect(soak.stderr.components(separatedBy: deprecation).count == 2, "said once: \(soak.stderr.debugDescription)")

        let both = try await ConfettiBinary.run(["render", "--bursts", "2", "--launches", "2", "--out", scratch.path("both")])
        #expect(both.status == 2 && both.stderr.hasPrefix("confetti: --bursts is the old name of --launches"), "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("both")))

        for command in ["render", "soak"] {
            let help = try await ConfettiBinary.run([command, "--help"])
            #expect(help.stdout.contains("--launches") && !help.stdout.contains("--bursts"), "\(command) --help: \(help.stdout)")
        }
    }

    @Test(arguments: [("confetti", 30), ("classic", 16), ("fountain", 10)])
    func traceFollowsTheSpecContractAndGPUAgreesWithCPU(_ effect: String, _ particles: Int) async throws {
        func trace(_ evaluator: String) async throws -> [String: Any] {
            let outcome = try await ConfettiBinary.run(["trace", effect, "--seed", "7", "--times", "-0.05,0,0.2,0.39,0.6,1.2", "--evaluator", evaluator])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        }
        let cpu = try await trace("cpu"), gpu = try await trace("gpu")
        let confetti = effect == "confetti"
        for doc in [cpu, gpu] {
            #expect(Set(doc.keys) == ["effect", "seed", "evaluator", "viewport", "constants", "particles"])
            #expect(doc["effect"] as? String == effect && doc["seed"] as? Int == 7)
            let constants = try #require(doc["constants"] as? [String: Any])
            if confetti { #expect(Set(constants.keys) == ["gravity", "drag", "lifetime", "fadeOutDuration"]) }
            let list = try #require(doc["particles"] as? [[String: Any]])
            #expect(list.count == particles)
            let params = try #require(list.first?["params"] as? [String: Any])
            let wanted: Set<String> = confetti
                ? ["initialPosition", "initialVelocity", "initialRotation", "rotationSpeed", "flutterAmplitude", "flutterFrequency",
                   "flutterPhase", "flipFrequency", "flipPhase", "spreadStrength", "size", "color"]
                : ["controlPoints", "delay", "duration", "scaleValues", "scaleKeyTimes", "size", "color", "inFront"]
            #expect(Set(params.keys) == wanted)
        }
        #expect(cpu["evaluator"] as? String == "cpu" && gpu["evaluator"] as? String == "gpu")
        let fields = confetti ? ["x", "y", "rotation", "apparentWidth", "opacity"] : ["x", "y", "angle", "scale", "opacity"]
        let a = cpu["particles"] as! [[String: Any]], b = gpu["particles"] as! [[String: Any]]
        for (p, q) in zip(a, b) {
            for (s, r) in zip(p["samples"] as! [[String: Any]], q["samples"] as! [[String: Any]]) {
                #expect(s["t"] as? Double == r["t"] as? Double && s["alive"] as? Bool == r["alive"] as? Bool)
                for field in fields {
                    let x = s[field] as! Double, y = r[field] as! Double
                    // The sample times are not float32 values here, so allow their rounding too.
                    #expect(abs(x - y) <= 2e-3 * max(1, abs(x)), "\(effect) \(field) at t=\(s["t"]!): cpu \(x), gpu \(y)")
                }
            }
        }
    }

    @Test func presetsPrintAsFilesThatLoadBackToTheSameEffect() async throws {
        for preset in Effect.presets {
            let outcome = try await ConfettiBinary.run(["presets", preset.name])
            #expect(outcome.status == 0, "\(preset.name): \(outcome.stderr)")
            let effect = try EffectFile.decode(Data(outcome.stdout.utf8), file: preset.name)
            #expect(effect.kind == preset.effect.kind)
            #expect(EffectFile.encode(effect) == EffectFile.encode(preset.effect), "\(preset.name) round trip")
        }
        let list = try await ConfettiBinary.run(["presets"])
        #expect(Effect.presets.allSatisfy { list.stdout.contains($0.name) })
    }

    @Test func aThousandMutatedEffectFilesEndInExitZeroOrTwoNeverASignal() async throws {
        var rng = SeededGenerator(seed: 2026)
        let bases = try ["confetti", "classic", "fountain"].map { name -> [String: Any] in
            let text = EffectFile.encode(Effect.preset(name)!)
            return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        }
        let replacements: [Any] = [0, -1, 1, 2.5, 1e9, -1e9, 1e308, -0.0, 0.001, 100, "NaN", "#ff00ff", "", NSNull(), true,
                                   [Any](), [1], [1, 2], [2, 1], [[1, 2]], ["#12ab34"], ["circle"], [String: Any](), ["x": 1]]
        var statuses: [Int32: Int] = [:]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-mutations-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for k in 0..<1_000 {
            var effect = bases[k % bases.count]
            let sectionName = effect.keys.filter { $0 != "kind" }.sorted()[0]
            var section = effect[sectionName] as! [String: Any]
            let keys = section.keys.sorted()
            let key = keys[rng.index(below: keys.count)]
            var text: String
            switch rng.index(below: 10) {
            case 0: section[key] = nil                                   // a field left out
            case 1: section[key + "x"] = section[key]                    // an unknown field
            case 2: effect["kind"] = rng.element(of: ["confetti", "classic", "fountain", "celebration", "firework", 7] as [Any])
            default: section[key] = replacements[rng.index(below: replacements.count)]
            }
            effect[sectionName] = section
            text = String(decoding: try JSONSerialization.data(withJSONObject: effect), as: UTF8.self)
            if rng.index(below: 10) == 0 {                              // truncated mid-file
                text = String(text.prefix(rng.index(below: text.count)))
            }
            let url = dir.appendingPathComponent("m\(k).json")
            try text.write(to: url, atomically: true, encoding: .utf8)
            let outcome = try await ConfettiBinary.run(["trace", url.path, "--times", "0.3"])
            #expect(outcome.exitedNormally, "mutation \(k) ended by a signal: \(text)")
            #expect(outcome.status == 0 || outcome.status == 2, "mutation \(k): exit \(outcome.status): \(outcome.stderr)")
            statuses[outcome.status, default: 0] += 1
        }
        // Both outcomes occur: the mutations are neither all harmless nor all fatal.
        #expect((statuses[0] ?? 0) > 50 && (statuses[2] ?? 0) > 300, "\(statuses)")
        print("mutations: \(statuses[0] ?? 0) accepted, \(statuses[2] ?? 0) refused with exit 2")
    }
}
