import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport

/// Inputs beyond the budget, options that do not apply, negative numbers, file-system errors,
/// a missing GL driver and hostile text: each through the real binary, refused with exit 2 and
/// one clear line, never a signal, and nothing written.
@Suite struct HardeningTests {
    struct Case: CustomStringConvertible, Sendable {
        /// `{F}` in an argument stands for the fixture directory.
        var arguments: [String]
        /// Files to make in the fixture directory first: name → contents (nil: a directory).
        var files: [String: String?] = [:]
        var environment: [String: String?] = [:]
        /// Standard input (nil: none).
        var input: String? = nil
        /// Words the message must contain.
        var mentions: [String]
        /// Words it must not contain.
        var absent: [String] = []
        var why: String

        var description: String { why }
    }

    static func confetti(_ fields: String) -> String { #"{"kind": "confetti", "confetti": {\#(fields)}}"# }
    static func classic(_ fields: String) -> String { #"{"kind": "classic", "classic": {\#(fields)}}"# }
    static func fountain(_ fields: String) -> String { #"{"kind": "fountain", "fountain": {\#(fields)}}"# }
    static func shell(_ fields: String) -> String { #"{"kind": "shell", "shell": {\#(fields)}}"# }
    static func rocket(_ fields: String) -> String { #"{"kind": "rocket", "rocket": {\#(fields)}}"# }

    /// A glitter interval so small that stars × lifetime / glitterInterval is beyond any integer
    /// (a trap in the budget check itself before), or beyond any memory (a hang or an abort in
    /// verify and bench, which did not ask the budget).
    static func glitter(_ interval: String, _ more: String = "") -> String { shell(#""glitterInterval": \#(interval)\#(more)"#) }
    static let glitterMentions = ["shell.rockets × shell.stars × shell.lifetime / shell.glitterInterval", "is above the limit of 2,097,152 particles per launch"]
    /// Below what the shaders' 32-bit floats hold: refused as read.
    static let tooSmallMentions = ["shell.glitterInterval", "too close to 0 for the GPU's 32-bit floats"]

    /// Every command that takes an effect, refusing `file` (in the fixtures) with `mentions`.
    static func everyCommand(_ file: String, _ contents: String, mentions: [String], why: String) -> [Case] {
        [["render", "--effect", "{F}/\(file)", "--size", "64x36", "--frames", "1", "--out", "{F}/frames"], ["trace", "{F}/\(file)"],
         ["view", "--effect", "{F}/\(file)"], ["overlay", "--effect", "{F}/\(file)"], ["verify", "--effect", "{F}/\(file)", "--launches", "1"],
         ["bench", "--effect", "{F}/\(file)", "--counts", "1k", "--rounds", "1", "--no-scenarios"]].map {
            Case(arguments: $0, files: [file: contents], mentions: mentions, why: "\($0[0]): \(why)")
        }
    }

    /// What a hostile user tried: each of these crashed, hung, exhausted memory or was cut short.
    static let hostile: [Case] = everyCommand("g20.json", glitter("1e-20"), mentions: glitterMentions, why: "glitterInterval 1e-20 (a trap before)")
        + everyCommand("g37.json", glitter("1e-37"), mentions: glitterMentions + ["1.5e39 stars"], why: "glitterInterval 1e-37, as small as a float holds")
        + everyCommand("g300.json", glitter("1e-300"), mentions: tooSmallMentions, why: "glitterInterval 1e-300 (a hang in verify and bench before)")
        + everyCommand("g320.json", glitter("1e-320"), mentions: tooSmallMentions, why: "a denormal glitterInterval")
        + everyCommand("g9.json", glitter("1e-9", #", "stars": 10"#), mentions: glitterMentions + ["1.7e10 stars"], why: "10 stars glittering every nanosecond (190 GB in verify before)")
        + everyCommand("r.json", rocket(#""rockets": 1000, "sparkCount": 2097151"#), mentions: ["rocket.rockets × rocket.sparkCount", "particles per launch"], why: "1000 rockets of 2M sparks (3 GB in verify before)")
        + everyCommand("s.json", confetti(#""rate": 100000, "duration": 60"#), mentions: ["6,000,000 confetti pieces is above the limit of 2,097,152"], why: "a stream of 100,000 pieces a second for a minute")
        + [
            Case(arguments: ["render", "--effect", "-", "--size", "64x36", "--frames", "1", "--out", "{F}/frames"], input: glitter("1e-20"),
                 mentions: ["standard input: a launch of"] + glitterMentions, why: "--effect - with a tiny glitterInterval (a trap before)"),
            Case(arguments: ["verify", "--effect", "{F}/c.json", "--launches", "1"], files: ["c.json": confetti(#""count": 2097152"#)],
                 mentions: ["verifying a launch of 2,097,152 confetti pieces is above the limit of 32,768"], why: "verify: 2M confetti pieces (4.1 GB before)"),
            Case(arguments: ["verify", "--effect", "{F}/s.json", "--launches", "1"], files: ["s.json": shell(#""stars": 2097150"#)],
                 mentions: ["verifying a launch of", "above the limit of 32,768"], why: "verify: a shell of 2M stars (5.25 GB and still running at 110 s before)"),
            Case(arguments: ["verify", "--effect", "{F}/t.json", "--launches", "1"], files: ["t.json": confetti(#""count": 2000, "trailGhosts": 32"#)],
                 mentions: ["verifying a launch of 66,000 instances is above the limit of 32,768", "confetti × (1 + 32 trail ghosts) = 2,000 × 33"], why: "verify: trail ghosts multiply what is read back"),
            Case(arguments: ["gallery", "--tile", "2048x2048", "--columns", "64", "--out", "{F}/sheet.png"],
                 mentions: ["the sheet of --columns 64 × --tile 2048x2048", "is above the limit of 67,108,864"], why: "gallery: a sheet of 64 tiles of 2048² (a gigabyte image before)"),
            Case(arguments: ["render", "--size", "0x0"], mentions: ["--size 0x0 is not a size", "from 1 to 16,384"], absent: ["Usage"], why: "a size of nothing states the limit, not the usage"),
            Case(arguments: ["render", "--frames", "99999999999999999999"], mentions: ["--frames must be in 1...100000, not 99999999999999999999"], absent: ["Usage"], why: "frames beyond any integer state the limit"),
            Case(arguments: ["verify", "--launches", "1.5"], mentions: ["--launches must be in 1...100, not 1.5"], absent: ["Usage"], why: "a fraction of a launch states the limit"),
            Case(arguments: ["verify", "--effect", "{F}/p.json", "--launches", "1"], files: ["p.json": rocket(#""sparkSize": 255, "sparkCount": 3000"#)],
                 mentions: ["the pixel proof of a launch would shade", "above the limit of 40,000,000"], why: "verify: sparks of 255 pt, each covering the whole view (minutes of CPU rasterising before)"),
            Case(arguments: ["render", "--fps", "nan"], mentions: ["--fps must be a number in 1...1000, not nan"], absent: ["Usage"], why: "a value the command's own check refuses is one line, not the usage"),
            Case(arguments: ["overlay", "--fire-every", "1e-300"], mentions: ["--fire-every must be a number in 0.01...3600"], absent: ["Usage"], why: "the overlay's own check is one line too"),
            Case(arguments: ["view", "--capacity", "1e20"], mentions: ["--capacity must be from 1 to 8,134,407 particles, not 1e20"], absent: ["Usage"], why: "a capacity beyond any integer states the top of the range"),
            Case(arguments: ["render", "--effect", "peony", "--count", "3000000"], mentions: ["--count 3000000", "shell effect", "shell.stars"], absent: ["--launches × --count"],
                 why: "--count with a shell blames the shell's fields, not --launches × --count"),
            Case(arguments: ["render", "--effect", "-"], input: "", mentions: ["standard input"], why: "an empty standard input is named"),
            Case(arguments: ["render", "--effect", "{F}/d.json"], files: ["d.json": confetti(#""drag": 5e-324"#)],
                 mentions: ["confetti.drag", "5e-324", "32-bit floats"], why: "a denormal drag (a trap in verify's CPU rasteriser before)"),
            Case(arguments: ["render", "--effect", "{F}/s.json"], files: ["s.json": shell(#""stars": 2097152"#)],
                 mentions: ["shell.stars", "from 1 to 2097151"], why: "the most stars a shell may have leave room for its rocket"),
            Case(arguments: ["render", "--effect", "show", "--launches", "1000", "--size", "64x36", "--frames", "1"],
                 mentions: ["the launches' 6,908,000 particles is above the limit of 4,194,304:", "more terms)", "render spawns them all"], why: "render: a thousand shows, the verdict first and whole (cut before it before)"),
            Case(arguments: ["trace", "show", "--times", (0..<100).map { "\(Double($0) / 10)" }.joined(separator: ",")],
                 mentions: ["a trace of 690,800 samples is above the limit of 524,288:", "more terms)", "fewer particles or --times"], why: "trace: a show at 100 times, the verdict first and whole"),
        ]

    static let hugeFireworks = classic(#""fireworks": 1000, "sparkCount": 2097152"#)
    /// The most one field may ask for: the per-launch limit.
    static let hugeConfetti = confetti(#""count": 2097152"#)
    /// The shaders with confetti.frag.glsl replaced by a directory.
    static let shadersWithADirectory: [String: String?] = Dictionary(uniqueKeysWithValues:
        ShaderLibrary.application.builtInNames.map { ("shaders/" + $0, (try? ShaderLibrary.application.text($0)) as String?) }
    ).merging(["shaders/particle.frag.glsl": nil]) { _, new in new }

    static let cases: [Case] = [
        // 1. The budget, checked before any work: particles per launch and in total, GPU bytes,
        // frame pixels, frames, frames × pixels, trace samples and passes, stress, soak.
        Case(arguments: ["render", "--effect", "{F}/big.json"], files: ["big.json": hugeFireworks],
             mentions: ["classic.fireworks × classic.sparkCount", "1,000 × 2,097,152", "2.1e9 sparks", "2,097,152"], why: "render: 1000 × 2M sparks (1000 × 4M: SIGABRT after 40 s before)"),
        Case(arguments: ["render", "--effect", "{F}/c.json"], files: ["c.json": confetti(#""count": 4194304"#)],
             mentions: ["confetti.count: 4194304 is not allowed", "from 1 to 2097152"], why: "render: one field beyond the per-launch limit is refused where the file says it"),
        Case(arguments: ["trace", "{F}/big.json"], files: ["big.json": hugeFireworks],
             mentions: ["a launch of 2.1e9 sparks is above the limit of 2,097,152 particles per launch", "classic.fireworks × classic.sparkCount"], why: "trace: 1000 × 2M sparks (1000 × 4M: SIGABRT before)"),
        Case(arguments: ["render", "--effect", "{F}/c.json", "--launches", "10000"], files: ["c.json": hugeConfetti],
             mentions: ["--launches × confetti.count", "10,000 × 2,097,152", "4,194,304"], why: "render: a file's 2M count with --launches 10000"),
        Case(arguments: ["render", "--effect", "{F}/c.json", "--launches", "10"], files: ["c.json": confetti(#""count": 1000000"#)],
             mentions: ["--launches × confetti.count", "10 × 1,000,000", "10,000,000 particles", "4,194,304"], why: "render: --launches multiplies a file's count"),
        Case(arguments: ["trace", "{F}/c.json"], files: ["c.json": hugeConfetti],
             mentions: ["confetti.count × --times (7 values)", "14,680,064 samples"], why: "trace: 2M confetti at the default times (4M: SIGSEGV before)"),
        Case(arguments: ["render", "--effect", "confetti", "--count", "2000000"],
             mentions: ["launches (the default for confetti) × --count", "3 × 2,000,000"], why: "render: --count times the default launches"),
        Case(arguments: ["render", "--size", "16384x16384", "--frames", "1"],
             mentions: ["--size 16384x16384", "268,435,456 pixels a frame", "67,108,864"], why: "render: a 16384² frame"),
        Case(arguments: ["render", "--frames", "100000"],
             mentions: ["--frames × --size 1280x720", "100,000 × 921,600", "17,179,869,184"], why: "render: frames × pixels"),
        Case(arguments: ["render", "--duration", "3600"],
             mentions: ["--duration 3600 s at --fps 30", "108,000 frames", "100,000"], absent: ["--frames must be"], why: "render: frames from --duration, never given as --frames"),
        Case(arguments: ["render", "--effect", "confetti", "--launches", "10000", "--interval", "3600"],
             mentions: ["the launches last", "--launches 10,000", "--interval 3,600 s", "confetti.lifetime 1.5 s", "give --frames or --duration"], why: "render: frames from the launches' own length"),
        Case(arguments: ["view", "--capacity", "16777216"],
             mentions: ["--capacity", "16,777,216 × 132", "1,073,741,824", "at most 8,134,407"], why: "view: three rings beyond 1 GiB"),
        Case(arguments: ["view", "--effect", "{F}/fw.json"], files: ["fw.json": classic(#""fireworks": 1000, "sparkCount": 1000000"#)],
             mentions: ["classic.fireworks × classic.sparkCount", "particles per launch"], absent: ["DISPLAY"], why: "view: a click would fire 10^9 sparks (SIGABRT before)"),
        Case(arguments: ["view", "--stress", "100000", "--effect", "{F}/short.json"], files: ["short.json": confetti(#""lifetime": 0.001, "fadeOutDuration": 0"#)],
             mentions: ["--stress 100000", "confetti.lifetime 0.001 s", "10,000,000"], absent: ["DISPLAY"], why: "view: --stress with a 1 ms lifetime"),
        Case(arguments: ["view", "--capacity", "1000", "--stress", "1000"],
             mentions: ["--stress 1000", "need 1,072 confetti pieces, which does not fit", "16 × 67", "--capacity"], absent: ["DISPLAY"], why: "view: a stress level the ring cannot hold"),
        Case(arguments: ["view", "--capacity", "1000", "--effect", "{F}/pair.json"], files: ["pair.json": classic(#""sparkCount": 600"#)],
             mentions: ["a launch of 1,200 sparks does not fit", "classic.fireworks × classic.sparkCount = 2 × 600", "--capacity"], absent: ["DISPLAY"], why: "view: a launch larger than the ring"),
        Case(arguments: ["view", "--capacity", "1000", "--effect", "{F}/f.json"], files: ["f.json": fountain(#""sparkCount": 1001"#)],
             mentions: ["a launch of 1,001 sparks does not fit", "fountain.sparkCount = 1,001"], absent: ["DISPLAY"], why: "view: the F key's fountain"),
        Case(arguments: ["trace", "{F}/f.json", "--evaluator", "gpu"], files: ["f.json": fountain(#""sparkCount": 40000"#)],
             mentions: ["fountain.sparkCount (one birth each) × --times (7 values)", "280,000 shader passes", "262,144"], why: "trace: gpu passes"),
        Case(arguments: ["trace", "{F}/c.json", "--times", "1"], files: ["c.json": confetti(#""count": 200000"#)],
             mentions: ["confetti.count = 200,000", "131,072"], why: "trace: particles"),
        Case(arguments: ["soak", "--launches", "10000000", "--count", "1000", "--capacity", "100000"],
             mentions: ["--launches × --count", "10,000,000 × 1,000", "268,435,456"], why: "soak: total work"),
        Case(arguments: ["soak", "--capacity", "40000000"], mentions: ["--capacity", "1,073,741,824"], why: "soak: one ring beyond 1 GiB"),
        Case(arguments: ["bench", "--size", "16384x16384"], mentions: ["--size 16384x16384", "67,108,864"], why: "bench: frame pixels"),
        Case(arguments: ["view", "--size", "16384x16384"], mentions: ["--size 16384x16384", "67,108,864"], why: "view: window pixels"),

        // 5. Messages name the option the user gave, in words.
        Case(arguments: ["render", "--interval", "-1"], mentions: ["--interval", "-1"], absent: ["Missing value"], why: "a negative --interval"),
        Case(arguments: ["render", "--fps", "-30"], mentions: ["--fps", "-30"], absent: ["Missing value"], why: "a negative --fps"),
        Case(arguments: ["view", "--fire-every", "-1"], mentions: ["--fire-every", "-1"], absent: ["Missing value"], why: "a negative --fire-every"),
        Case(arguments: ["soak", "--interval", "-0.5"], mentions: ["--interval", "-0.5"], absent: ["Missing value"], why: "a negative soak --interval"),
        Case(arguments: ["render", "--seed", "-3"], mentions: ["--seed", "-3"], absent: ["Missing value"], why: "a negative --seed"),
        Case(arguments: ["trace", "confetti", "--times", "-500"], mentions: ["--times -500", "-inf", "overflows"], absent: ["EncodingError"], why: "trace at -500 s (EncodingError about -inf before)"),
        Case(arguments: ["trace", "{F}/drag.json", "--times", "0,-10"], files: ["drag.json": confetti(#""drag": 100"#)],
             mentions: ["--times -10", "overflows"], absent: ["EncodingError"], why: "trace: exp(drag · 10) overflows"),
        Case(arguments: ["render", "--out", "{F}/plain/frames", "--frames", "1", "--size", "8x8"], files: ["plain": "not a directory"],
             mentions: ["{F}/plain", "not a directory"], absent: ["NSCocoaErrorDomain", "Error Domain"], why: "output path under a file"),
        Case(arguments: ["render", "--out", "{F}/" + String(repeating: "a", count: 300), "--frames", "1", "--size", "8x8"],
             mentions: ["cannot", "file name too long"], absent: ["NSCocoaErrorDomain", "Error Domain"], why: "a path too long"),
        Case(arguments: ["render", "--effect", "/dev/zero"], mentions: ["cannot read /dev/zero: not a regular file"], why: "/dev/zero as --effect"),
        Case(arguments: ["trace", "/dev/zero"], mentions: ["cannot read /dev/zero: not a regular file"], why: "/dev/zero to trace"),
        Case(arguments: ["render", "--shader-dir", "{F}/shaders", "--frames", "1", "--size", "8x8", "--out", "{F}/frames"], files: shadersWithADirectory,
             mentions: ["cannot read {F}/shaders/particle.frag.glsl: it is a directory, not a shader file"], absent: ["NSCocoaErrorDomain"], why: "a directory as a shader file"),
        Case(arguments: ["render", "--frames", "1", "--size", "8x8", "--out", "{F}/frames"], environment: ["LIBGL_DRIVERS_PATH": "/nonexistent"],
             mentions: ["no OpenGL driver found: install Mesa (libegl-mesa0, libgl1-mesa-dri)"], absent: ["libEGL warning"], why: "no DRI driver (EGL error 0x3001 before)"),
        Case(arguments: ["trace", "confetti", "--evaluator", "gpu"], environment: ["__EGL_VENDOR_LIBRARY_DIRS": "/nonexistent"],
             mentions: ["no OpenGL driver found: install Mesa (libegl-mesa0, libgl1-mesa-dri)"], why: "EGL pointed at nothing"),
        Case(arguments: ["render", "--effect", "\u{1b}[2J\u{1b}[31mred"], mentions: ["unknown effect '\\u{1b}[2J\\u{1b}[31mred'"], why: "escape sequences in an option are printed escaped"),
        Case(arguments: ["render", "--effect", "{F}/evil\nline.json"], mentions: ["cannot read {F}/evil\\nline.json: no such file or directory"], why: "a newline in a path is printed escaped"),
        Case(arguments: ["render", "--effect", String(repeating: "z", count: 100_000)], mentions: ["unknown effect 'zzz", "…'"], absent: ["Did you mean"], why: "a 100,000-character effect name"),
        Case(arguments: ["presets", String(repeating: "p", count: 100_000)], mentions: ["unknown effect 'ppp", "…'"], absent: ["Did you mean"], why: "a 100,000-character preset name"),
        Case(arguments: ["trace", "confetti", "--times", "0,\u{1b}[2J"], mentions: ["--times", "'\\u{1b}[2J' is not one"], why: "an escape sequence in --times"),
        Case(arguments: ["bench", "--counts", "1k,\u{7}x"], mentions: ["--counts", "'\\u{7}x' is not one"], why: "a bell in --counts"),

        // 6. Options that do not apply to the chosen effect.
        Case(arguments: ["render", "--count", "5", "--effect", "classic"], mentions: ["--count 5", "classic effect, with no confetti"], why: "--count with classic fireworks"),
        Case(arguments: ["render", "--count", "5", "--effect", "fountain"], mentions: ["--count 5", "fountain effect", "fountain.sparkCount"], why: "--count with a fountain"),
        Case(arguments: ["overlay", "--count", "5", "--effect", "rain"], mentions: ["--count 5", "confetti effect, with no confetti burst", "confetti.rate × confetti.duration = 80 × 2.5 s"], why: "--count with a stream, in the overlay"),
        Case(arguments: ["overlay", "--count", "5", "--effect", "finale"], mentions: ["--count 5", "rocket effect", "rocket.sparkCount"], why: "--count with rockets, in the overlay"),
        Case(arguments: ["overlay", "--fire-every", "0"], mentions: ["--fire-every", "0.01"], why: "a --fire-every of nothing"),
        Case(arguments: ["render", "--out", ""], mentions: ["--out is empty"], why: "an empty --out"),
        Case(arguments: ["render", "--interval", "1"], mentions: ["--interval 1", "only one", "--launches 2"], why: "--interval with one launch"),
        Case(arguments: ["render", "--effect", "confetti", "--launches", "1", "--interval", "0.5"], mentions: ["--interval 0.5", "--launches 1"], why: "--interval with --launches 1"),
        Case(arguments: ["trace", "confetti", "--shader-dir", "{F}"], mentions: ["--shader-dir", "--evaluator gpu"], why: "--shader-dir with the cpu evaluator"),
        Case(arguments: ["render", "--shader-dir", ""], mentions: ["--shader-dir is empty"], why: "an empty --shader-dir"),
        Case(arguments: ["view", "--screenshot-dir", ""], mentions: ["--screenshot-dir is empty"], why: "an empty --screenshot-dir"),
        Case(arguments: ["bench", "--json", ""], mentions: ["--json is empty"], why: "an empty --json"),
        Case(arguments: ["bench", "--plot", ""], mentions: ["--plot is empty"], why: "an empty --plot"),
    ]

    /// Every file under `dir`, with its size, to compare before and after.
    static func snapshot(_ dir: URL) -> [String: Int] {
        var result: [String: Int] = [:]
        guard let walker = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: [.fileSizeKey]) else { return result }
        for case let url as URL in walker {
            result[url.path] = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? -1
        }
        return result
    }

    @Test(arguments: cases + hostile)
    func refusedWithExitTwoOneLineAndNothingWritten(_ input: Case) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-hardening-\(UUID())")
        let fixtures = root.appendingPathComponent("fixtures"), work = root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: fixtures, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        for (name, contents) in input.files {
            let url = fixtures.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            if let contents {
                try contents.write(to: url, atomically: true, encoding: .utf8)
            } else {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            }
        }
        let before = Self.snapshot(fixtures)
        let arguments = input.arguments.map { $0.replacingOccurrences(of: "{F}", with: fixtures.path) }
        let outcome = try await ConfettiBinary.run(arguments, in: work, environment: input.environment, input: input.input)

        #expect(outcome.exitedNormally, "ended by a signal: \(outcome.stderr)")
        #expect(outcome.status == 2, "exit \(outcome.status); stderr: \(outcome.stderr)")
        for word in input.mentions.map({ $0.replacingOccurrences(of: "{F}", with: fixtures.path) }) {
            #expect(outcome.stderr.contains(word), "the message does not mention '\(word)': \(outcome.stderr)")
        }
        for word in input.absent {
            #expect(!outcome.stderr.contains(word), "the message mentions '\(word)': \(outcome.stderr)")
        }
        let lines = outcome.stderr.split(separator: "\n")
        #expect(lines.first?.hasPrefix("confetti: ") == true, "one clear line first: \(outcome.stderr)")
        #expect(lines.filter { $0.hasPrefix("confetti: ") }.count == 1, "one message: \(outcome.stderr)")
        #expect(!outcome.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F }, "control characters reach the terminal")
        #expect((lines.first?.count ?? 0) < 600, "a short message: \(lines.first?.count ?? 0) characters")
        // Nothing written: no output files, no output on stdout, the fixtures as they were.
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty, "wrote into the working directory")
        #expect(outcome.stdout.isEmpty, "wrote to stdout: \(outcome.stdout.prefix(200))")
        #expect(Self.snapshot(fixtures) == before, "changed the fixture directory")
    }

    /// The largest count bench states is the budget's own, not a figure of an older ring.
    @Test func benchHelpStatesTheLargestRingTheBudgetAllows() async throws {
        let help = try await ConfettiBinary.run(["bench", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("largest ring the budget allows (\(Budget.format(Budget.maxCapacity)))"), "\(help.stdout)")
    }

    // MARK: - 4. Size limits on input

    @Test func a200MBEffectFileIsRefusedUnreadInUnderASecond() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-huge-\(UUID()).json")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        // Sparse: 200 MB that take no disk.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 200_000_000)
        try handle.close()

        // Unread: the thread that loads it reads next to nothing of it. The presets, which
        // `EffectReference` looks among first, are made before (the emoji preset reads its font,
        // 170 MB of reads the first time in a process), so only the file's reading is measured.
        _ = Effect.presets
        var message = ""
        let inProcess = ThreadCost.of {
            do { _ = try EffectReference(url.path).resolve(among: .none) } catch { message = "\(error)" }
        }
        #expect(message == "\(url.path) is 200,000,000 bytes; the limit for an effect file is 1 MiB", "\(message)")
        #expect(inProcess.bytesRead < 64 << 10 && inProcess.cpuSeconds < 0.1, "took \(inProcess)")

        // The binary: refused at once, by its CPU time, which a busy machine does not stretch
        // as it does wall time.
        let outcome = try await ConfettiBinary.run(["trace", url.path])
        #expect(outcome.status == 2 && outcome.exitedNormally)
        #expect(outcome.stderr.contains("200,000,000 bytes; the limit for an effect file is 1 MiB"), "\(outcome.stderr)")
        #expect(outcome.cpuSeconds < 1, "the binary took \(outcome.cpuSeconds) s of CPU")
    }

    @Test func aMegabyteUnknownFieldNameIsAnsweredQuicklyAndShortly() async throws {
        let name = String(repeating: "k", count: 1_000_000)
        let texts = [
            ("confetti.kkk", #"{"kind": "confetti", "confetti": {"\#(name)": 1}}"#),
            ("kkk", #"{"kind": "confetti", "\#(name)": 1}"#),
            ("kind", #"{"kind": "\#(name)"}"#),
        ]
        // The longest list a message can name: the confetti section's fields.
        let knownFields = EffectFile.fields.filter { $0.section == "confetti" }.map(\.name).joined(separator: ", ")
        for (path, text) in texts {
            #expect(text.utf8.count < EffectFile.maxBytes)
            var message = ""
            let cost = ThreadCost.of {
                do { _ = try EffectFile.decode(Data(text.utf8), file: "big.json") } catch { message = "\(error)" }
            }
            #expect(message.hasPrefix("big.json: \(path)"), "\(message.prefix(200))")
            // The name cut to 40 characters; the rest is the list of known fields.
            #expect(message.count < 200 + knownFields.count, "\(message.count) characters: \(message.prefix(500))")
            #expect(message.contains("…"))
            #expect(!message.contains("Did you mean"))
            #expect(cost.cpuSeconds < 1, "\(path): \(cost)")
        }
        // Through the binary: one short line, quickly.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-longname-\(UUID()).json")
        try texts[0].1.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let outcome = try await ConfettiBinary.run(["trace", url.path])
        #expect(outcome.status == 2 && outcome.exitedNormally)
        #expect(outcome.stderr.contains("unknown field"))
        #expect(outcome.stderr.count < 200 + knownFields.count, "\(outcome.stderr.count) characters")
        #expect(outcome.cpuSeconds < 2, "took \(outcome.cpuSeconds) s of CPU")
    }

    // MARK: - What passes: trace values are finite

    /// Every number in a trace is finite: JSON has no inf or NaN, and the document parses.
    @Test(arguments: ["cpu", "gpu"])
    func everyTraceValueIsFinite(_ evaluator: String) async throws {
        for effect in ["confetti", "classic", "fountain"] {
            let outcome = try await ConfettiBinary.run(["trace", effect, "--evaluator", evaluator, "--times", "-1,0,0.5,2,60,1000"])
            #expect(outcome.status == 0, "\(effect): \(outcome.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
            var numbers = 0
            func visit(_ value: Any) {
                switch value {
                case let list as [Any]: list.forEach(visit)
                case let object as [String: Any]: object.values.forEach(visit)
                case let number as NSNumber:
                    numbers += 1
                    #expect(number.doubleValue.isFinite, "\(effect): \(number)")
                default: break
                }
            }
            visit(document)
            #expect(numbers > 100, "\(effect): only \(numbers) numbers")
        }
    }
}
