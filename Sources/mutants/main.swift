import ArgumentParser
import FoundationEssentials
import Glibc
import ProcessStart
import SystemPackage

/// mutants: seeded single-token mutations of the shaders and the CPU evaluators, each run
/// against the test suite; a mutant the suite does not fail on is a survivor.
struct Mutants: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutants",
        abstract: "Seeded single-token mutations of the shaders and the CPU evaluators, each run against the test suite.",
        discussion: """
            Shader mutants are tested without a rebuild: the tests read $CONFETTI_SHADER_DIR, pointed at a \
            mutated copy of Shaders/. CPU mutants (--cpu) edit Sources/ConfettiCore/Motion/*.swift in place, \
            rebuild, test, and put the file back. Each mutant runs the suites tagged `math` first (the ones \
            that prove the shaders and evaluators), then, if they pass, the whole suite; a run stops at the \
            first failure. Survivors listed in Tests/Mutants/equivalent.txt (with the reason they change \
            nothing) are reported as equivalent; any other survivor makes the exit status 1. Run from the \
            package's top folder, after `swift build --build-tests`.
            """
    )

    @Option(help: "The seed of the sample.")
    var seed: UInt64 = 1

    @Option(help: "Test a seeded sample of this many mutants instead of all of them.")
    var sample: Int?

    @Flag(help: "Mutate the CPU evaluators (Sources/ConfettiCore/Motion) too: a rebuild per mutant.")
    var cpu = false

    @Option(help: ArgumentHelp("Mutate only this file.", valueName: "file"))
    var only: String?

    @Flag(help: "List the chosen mutants and stop.")
    var list = false

    func validate() throws {
        if let sample, sample < 1 { throw ValidationError("--sample takes a whole number of at least 1, not \(sample)") }
    }

    func run() throws {
        runMutants(self)
    }
}

/// A line on stdout at once, also when stdout is a file (print would buffer it).
func say(_ line: String) {
    try? FileDescriptor.standardOutput.writeAll((line + "\n").utf8)
}

func fail(_ message: String) -> Never {
    try? FileDescriptor.standardError.writeAll("mutants: \(message)\n".utf8)
    exit(2)
}

// MARK: Tokens and mutations

struct Token {
    var text: Substring
    var offset: Int
    var line: Int
    var column: Int
}

/// The tokens of C-like source (GLSL or Swift), skipping comments, strings and preprocessor
/// lines: identifiers, numbers, operators.
func tokens(of source: String) -> [Token] {
    let chars = Array(source.utf8)
    var result: [Token] = []
    var i = 0, line = 1, lineStart = 0
    func isIdent(_ c: UInt8) -> Bool { c == 95 || (c >= 48 && c <= 57) || (c | 32 >= 97 && c | 32 <= 122) }
    func isDigit(_ c: UInt8) -> Bool { c >= 48 && c <= 57 }
    while i < chars.count {
        let c = chars[i]
        if c == 10 { line += 1; i += 1; lineStart = i; continue }
        if c == 32 || c == 9 || c == 13 { i += 1; continue }
        if c == 47, i + 1 < chars.count, chars[i + 1] == 47 {  // line comment
            while i < chars.count, chars[i] != 10 { i += 1 }
            continue
        }
        if c == 47, i + 1 < chars.count, chars[i + 1] == 42 {  // block comment
            i += 2
            while i + 1 < chars.count, !(chars[i] == 42 && chars[i + 1] == 47) {
                if chars[i] == 10 { line += 1; lineStart = i + 1 }
                i += 1
            }
            i += 2
            continue
        }
        if c == 35, i == lineStart {  // preprocessor line
            while i < chars.count, chars[i] != 10 { i += 1 }
            continue
        }
        if c == 34 {  // string literal: skipped whole
            i += 1
            while i < chars.count, chars[i] != 34 { if chars[i] == 92 { i += 1 }; if i < chars.count, chars[i] == 10 { line += 1; lineStart = i + 1 }; i += 1 }
            i += 1
            continue
        }
        let start = i
        if isDigit(c) || (c == 46 && i + 1 < chars.count && isDigit(chars[i + 1])) {
            while i < chars.count, isDigit(chars[i]) || chars[i] == 46 || chars[i] == 101 || chars[i] == 69 || chars[i] == 95
                || ((chars[i] == 45 || chars[i] == 43) && (chars[i - 1] == 101 || chars[i - 1] == 69)) { i += 1 }
        } else if isIdent(c) {
            while i < chars.count, isIdent(chars[i]) { i += 1 }
        } else {
            let two = i + 1 < chars.count ? String(decoding: chars[i...(i + 1)], as: UTF8.self) : ""
            i += ["<=", ">=", "==", "!=", "&&", "||", ">>", "<<", "+=", "-=", "*=", "/=", "->"].contains(two) ? 2 : 1
        }
        let text = Substring(String(decoding: chars[start..<i], as: UTF8.self))
        result.append(Token(text: text, offset: start, line: line, column: start - lineStart + 1))
    }
    return result
}

struct Mutant: CustomStringConvertible {
    var file: String
    var token: Token
    var replacement: String

    var key: String { "\(file):\(token.line):\(token.column) \(token.text) -> \(replacement)" }
    var description: String { key }

    func apply(to source: String) -> String {
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(token.offset..<(token.offset + token.text.utf8.count), with: Array(replacement.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }
}

let swaps: [String: [String]] = [
    "+": ["-"], "-": ["+"], "*": ["/"], "/": ["*"],
    "<": ["<="], "<=": ["<"], ">": [">="], ">=": [">"], "==": ["!="], "!=": ["=="],
    "&&": ["||"], "||": ["&&"], "+=": ["-="], "-=": ["+="], "&": ["|"], ">>": ["<<"],
    "sin": ["cos"], "cos": ["sin"], "min": ["max"], "max": ["min"], "floor": ["ceil"], "ceil": ["floor"],
    "exp": ["exp2"], "radians": ["degrees"], "degrees": ["radians"], "all": ["any"], "any": ["all"],
    "lessThan": ["greaterThan"], "greaterThanEqual": ["lessThanEqual"], "abs": [""], "sqrt": [""], "length": ["dot"],
    "expm1": ["exp"], "true": ["false"], "false": ["true"],
]
let swizzles: [String: String] = ["x": "y", "y": "x", "z": "w", "w": "z", "xy": "yx", "zw": "wz", "rgb": "bgr", "r": "g", "g": "r", "b": "r", "a": "r"]

/// Every single-token mutation of `source`: operators, constants, built-in functions,
/// swizzles.
func mutants(of file: String, source: String, swift: Bool) -> [Mutant] {
    let list = tokens(of: source)
    var result: [Mutant] = []
    for (index, token) in list.enumerated() {
        let text = String(token.text)
        let previous = index > 0 ? String(list[index - 1].text) : ""
        if previous == "." {
            if let other = swizzles[text], !swift { result.append(Mutant(file: file, token: token, replacement: other)) }
            continue
        }
        if let first = text.utf8.first, first >= 48 && first <= 57 || (first == 46 && text.count > 1) {
            let digits = text.replacing("_", with: "")
            if digits.contains(".") || digits.contains("e") {
                guard let v = Double(digits) else { continue }
                let variants = v == 0 ? [1.0] : v == 1 ? [0.0, 2.0] : [v * 2, v / 2]
                for w in variants { result.append(Mutant(file: file, token: token, replacement: floatText(w))) }
            } else if let n = Int(digits) {
                result.append(Mutant(file: file, token: token, replacement: "\(n + 1)"))
                if n > 0 { result.append(Mutant(file: file, token: token, replacement: "\(n - 1)")) }
            }
            continue
        }
        // A minus that starts an operand is a sign: drop it rather than turn it into a plus.
        if text == "-", ["(", ",", "=", "return", "?", ":", "*", "/", "+", "-", "<", ">", "[", "{"].contains(previous) {
            result.append(Mutant(file: file, token: token, replacement: ""))
            continue
        }
        if text == "!", index + 1 < list.count, list[index + 1].text != "=" {
            result.append(Mutant(file: file, token: token, replacement: ""))
            continue
        }
        for other in swaps[text] ?? [] { result.append(Mutant(file: file, token: token, replacement: other)) }
    }
    return result
}

func floatText(_ v: Double) -> String {
    let text = "\(v)"
    return text.contains(".") || text.contains("e") ? text : text + ".0"
}

/// xoshiro-free and dependency-free: SplitMix64 is enough to pick a sample.
struct Sampler {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func sample(_ all: [Mutant], count: Int?, seed: UInt64) -> [Mutant] {
    guard let count, count < all.count else { return all }
    var sampler = Sampler(state: seed)
    var pool = all
    for i in stride(from: pool.count - 1, to: 0, by: -1) { pool.swapAt(i, Int(sampler.next() % UInt64(i + 1))) }
    return Array(pool.prefix(count)).sorted { ($0.file, $0.token.offset, $0.replacement) < ($1.file, $1.token.offset, $1.replacement) }
}

// MARK: Running the suite

/// The suites tagged `math`, which prove the shaders and evaluators and kill nearly every mutant
/// within a minute: tried first, so that a mutant the whole suite would kill late (the
/// 100,000-frame viewer loop takes minutes) costs a minute, not a whole run. Read from the
/// built tests by `Scripts/lane-filter`, as `make check` reads its lanes.
func firstSuites() -> String {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-lane-\(getpid()).txt")
    defer { try? FileManager.default.removeItem(at: log) }
    let status = run(["Scripts/lane-filter", "math"], output: log.path)
    guard status == 0, let filter = try? String(contentsOf: log, encoding: .utf8).trimmedForMutants,
          !filter.isEmpty else { fail("Scripts/lane-filter math found no suites (\(ProcessStart.describe(status))): build the tests first") }
    return filter
}

/// Whether the suite fails with this mutant: the `math` suites first, then, if they all pass,
/// the whole suite, so that a survivor has survived every test.
func suiteFails(environment: [String: String], first: String) -> Bool {
    suiteFails(environment: environment, filter: first) || suiteFails(environment: environment, filter: nil)
}

/// Runs `swift test --skip-build` with `environment` in a session of its own, and stops the
/// whole session (test processes, X servers they started) at the first failure. True when the
/// suite failed (the mutant is killed).
func suiteFails(environment: [String: String], filter: String?) -> Bool {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-mutant-\(getpid()).log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: log) }
    // A session of its own: the suite starts X servers, compositors and copies of itself in
    // process groups of their own, and killing its group would leave those running; everything
    // in its session is found and killed instead.
    let program = ProcessStart(output: .file(log.path, append: true), error: .sameAsOutput, grouping: .ownSession,
                      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
    let arguments = ["swift", "test", "--skip-build"] + (filter.map { ["--filter", $0] } ?? [])
    let pid: pid_t
    do { pid = try program.start(arguments) } catch { fail("\(error)") }
    var failed = false, status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
        if let text = try? String(contentsOf: log, encoding: .utf8), text.contains("✘") || text.contains("error:") {
            failed = true
            killSession(pid)
            waitpid(pid, &status, 0)
            break
        }
        usleep(200_000)
    }
    killSession(pid)  // whatever the suite left behind
    return failed || status != 0
}

/// SIGKILL to every process of session `sid` (/proc/PID/stat's sixth field), until none is left.
func killSession(_ sid: pid_t) {
    for _ in 0..<50 {
        let members = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (comm)": state, ppid, pgrp, session.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 3 && fields[0] != "Z" && pid_t(fields[3]) == sid ? pid : nil
        }
        if members.isEmpty { return }
        for member in members { kill(member, SIGKILL) }
        usleep(50_000)
    }
}

/// Runs `command` to its end, its output to `output` (nothing if nil), and returns its wait
/// status (-1 if it could not start).
func run(_ command: [String], output: String? = nil) -> Int32 {
    let program = ProcessStart(output: output.map { .file($0) } ?? .null)
    guard let pid = try? program.start(command) else { return -1 }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return status
}

// MARK: Main

func runMutants(_ options: Mutants) {
    let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let shaderFolder = root.appendingPathComponent("Shaders")
    guard FileManager.default.fileExists(atPath: shaderFolder.path) else { fail("run me from the package's top folder (no Shaders/ here)") }

    let equivalentFile = root.appendingPathComponent("Tests/Mutants/equivalent.txt")
    let equivalents: [String: String] = {
        guard let text = try? String(contentsOf: equivalentFile, encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && line.contains(" # ") {
            let parts = line.components(separatedBy: " # ")
            result[parts[0].trimmedForMutants] = parts.dropFirst().joined(separator: " # ")
        }
        return result
    }()

    var candidates: [Mutant] = []
    // Every shader, named by its path under Shaders/ (the library's at the top, the application's in
    // app/). The app/reference-*.glsl files are the benchmark's frozen copy of an earlier renderer,
    // kept only as a yardstick (docs/performance.md): they are copied, but not mutated.
    let shaderFiles = ["", "app/"].flatMap { sub in
        ((try? FileManager.default.contentsOfDirectory(atPath: shaderFolder.appendingPathComponent(sub).path)) ?? [])
            .filter { $0.hasSuffix(".glsl") }.map { sub + $0 }
    }.sorted()
    let shaderNames = shaderFiles.filter { !$0.hasPrefix("app/reference-") }
    for name in shaderNames where options.only == nil || options.only == "Shaders/" + name {
        let source = (try? String(contentsOf: shaderFolder.appendingPathComponent(name), encoding: .utf8)) ?? ""
        candidates += mutants(of: "Shaders/" + name, source: source, swift: false)
    }
    if options.cpu {
        let motion = root.appendingPathComponent("Sources/ConfettiCore/Motion")
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: motion.path)) ?? []).sorted() where name.hasSuffix(".swift") {
            let path = "Sources/ConfettiCore/Motion/" + name
            guard options.only == nil || options.only == path, name != "SimulationClock.swift" else { continue }
            let source = (try? String(contentsOf: motion.appendingPathComponent(name), encoding: .utf8)) ?? ""
            candidates += mutants(of: path, source: source, swift: true)
        }
    }
    let chosen = sample(candidates, count: options.sample, seed: options.seed)
    if options.list {
        chosen.forEach { say($0.description) }
        return
    }
    say("mutants: \(chosen.count) of \(candidates.count) mutants (seed \(options.seed))")
    let first = firstSuites()

    var killed: [String: Int] = [:], total: [String: Int] = [:], equivalentCount: [String: Int] = [:]
    var survivors: [Mutant] = []
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-mutants-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }

    for (n, mutant) in chosen.enumerated() {
        total[mutant.file, default: 0] += 1
        let started = Date()
        var dead: Bool
        if mutant.file.hasPrefix("Shaders/") {
            try? FileManager.default.removeItem(at: scratch)
            try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
            try? FileManager.default.createDirectory(at: scratch.appendingPathComponent("app"), withIntermediateDirectories: true)
            for name in shaderFiles {
                var text = (try? String(contentsOf: shaderFolder.appendingPathComponent(name), encoding: .utf8)) ?? ""
                if "Shaders/" + name == mutant.file { text = mutant.apply(to: text) }
                try? text.write(to: scratch.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            dead = suiteFails(environment: ["CONFETTI_SHADER_DIR": scratch.path], first: first)
        } else {
            let url = root.appendingPathComponent(mutant.file)
            let original = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            try? mutant.apply(to: original).write(to: url, atomically: true, encoding: .utf8)
            dead = run(["swift", "build", "--build-tests"]) != 0 || suiteFails(environment: [:], first: first)
            try? original.write(to: url, atomically: true, encoding: .utf8)
        }
        let verdict: String
        if dead {
            killed[mutant.file, default: 0] += 1
            verdict = "killed"
        } else if let reason = equivalents[mutant.key.trimmedForMutants] {
            equivalentCount[mutant.file, default: 0] += 1
            verdict = "equivalent (\(reason))"
        } else {
            survivors.append(mutant)
            verdict = "SURVIVED"
        }
        // Whole seconds as "%.0f" writes them: to the nearest, a half to even.
        let seconds = Int(Date().timeIntervalSince(started).rounded(.toNearestOrEven))
        say("[\(n + 1)/\(chosen.count)] \(mutant.description): \(verdict) (\(seconds) s)")
    }
    if options.cpu { _ = run(["swift", "build", "--build-tests"]) }  // back to the unmutated build

    say("\nmutation score per file (killed / total, equivalents apart):")
    for file in total.keys.sorted() {
        let t = total[file]!, k = killed[file] ?? 0, e = equivalentCount[file] ?? 0
        say("  \(file): \(k) / \(t - e) killed" + (e > 0 ? ", \(e) equivalent" : ""))
    }
    if survivors.isEmpty {
        say("no survivors")
    } else {
        say("\(survivors.count) survivors:")
        survivors.forEach { say("  \($0)") }
        exit(1)
    }
}

Mutants.main()

extension StringProtocol {
    /// Without the white space it starts and ends with (this tool links no ConfettiCore, whose
    /// `trimmed` the product uses).
    fileprivate var trimmedForMutants: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...lastIndex(where: { !$0.isWhitespace })!])
    }
}
