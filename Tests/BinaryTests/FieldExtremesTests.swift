import ConfettiApp
import ConfettiCore
import ConfettiGL
import ConfettiProof
import Foundation
import Testing
import TestSupport

/// Nothing a user types into an effect file can crash, hang or exhaust a command: every numeric
/// field of every section of the format's table (`EffectFile.fields`, so a field added to the
/// table is covered by construction), at its extremes (0, the smallest positive double, a
/// denormal, the smallest normal, the largest double and its negative, each end of its range
/// and the doubles just beyond them, numbers JSON cannot hold as a double), is read or refused
/// with one line; and what is read is within every command's budget or refused by it.
@Suite struct FieldExtremesTests {
    /// One field at one extreme, as an effect file.
    struct Case: CustomStringConvertible, Sendable {
        var field: String
        var value: String
        var json: String
        var description: String { "\(field) = \(value)" }
    }

    /// The doubles every numeric field is tried at, besides its own range's ends.
    static let everywhere: [Double] = [0, Double.leastNonzeroMagnitude, 1e-310, Double.leastNormalMagnitude, 0.5,
                                       Double.greatestFiniteMagnitude, -Double.greatestFiniteMagnitude, -1]

    /// A number as JSON writes it: shortest round trip, never "inf".
    static func text(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }

    /// The values a domain is tried at, as JSON text; nil for a field that is not a number.
    static func extremes(_ domain: FieldDomain) -> [String]? {
        func around(_ low: Double, _ high: Double) -> [Double] {
            // A hundredth of the way in too: a field whose ends the rules between fields refuse
            // (a strobe's edge at most half its duty) still has a value that is read.
            everywhere + [low, high, low.nextDown, low.nextUp, high.nextDown, high.nextUp, low - 1, high + 1, low + (high - low) / 100]
        }
        // Beyond a double: the reader refuses them, whatever the field.
        let huge = ["1e999", "-1e999", "9007199254740993"]
        func unique(_ values: [Double]) -> [String] {
            var seen = Set<String>()
            return (values.map(text) + huge).filter { seen.insert($0).inserted }
        }
        switch domain {
        case .number(let range, _): return unique(around(range.lowerBound, range.upperBound))
        case .whole(let range): return unique(around(Double(range.lowerBound), Double(range.upperBound)))
        case .interval(let range):
            return unique(around(range.lowerBound, range.upperBound)).map { "[\($0), \($0)]" }
                + ["[\(text(range.lowerBound)), \(text(range.upperBound))]", "[\(text(range.upperBound)), \(text(range.lowerBound))]"]
        case .wholeInterval(let range):
            return unique(around(Double(range.lowerBound), Double(range.upperBound))).map { "[\($0), \($0)]" }
                + ["[\(range.lowerBound), \(range.upperBound)]", "[\(range.upperBound), \(range.lowerBound)]"]
        case .other: return nil
        }
    }

    /// The kind a section's field is tried in: the section's own, or (bloom, which every kind
    /// reads) the first.
    static func kind(_ field: EffectFieldInfo) -> EffectKindName {
        EffectKindName(rawValue: field.section) ?? EffectKindName.allCases.first { field.kinds.contains($0) }!
    }

    static let numericFields = EffectFile.fields.filter { extremes($0.domain) != nil }

    static let cases: [Case] = numericFields.flatMap { field in
        extremes(field.domain)!.map { value in
            Case(field: "\(field.section).\(field.name)", value: value,
                 json: #"{"kind": "\#(kind(field).rawValue)", "\#(field.section)": {"\#(field.name)": \#(value)}}"#)
        }
    }

    /// Every numeric field is in the sweep: a number field the table adds is swept with no change
    /// here, and a field whose domain says nothing cannot hide a number.
    @Test func everyNumericFieldOfTheTableIsSwept() {
        let swept = Set(Self.cases.map(\.field))
        for field in EffectFile.fields {
            let name = "\(field.section).\(field.name)"
            switch field.domain {
            case .other: continue
            default: #expect(swept.contains(name), "\(name) is not swept")
            }
        }
        #expect(swept.count == Self.numericFields.count)
        #expect(swept.count >= 130, "only \(swept.count) fields")
        // Every section of the table has some.
        #expect(Set(Self.numericFields.map(\.section)) == Set(EffectFile.fields.map(\.section)).subtracting(Self.sectionsWithoutNumbers))
    }

    /// Sections whose fields are all lists, names or colours (the show's shells are names, but
    /// its count and seconds are numbers, so none today).
    static let sectionsWithoutNumbers: Set<String> = []

    /// Read or refused with a message naming the field; what is read is within every command's
    /// budget or refused by it with the verdict first, and every count and time it implies is
    /// finite. In this process: a trap here fails the whole run.
    @Test func everyExtremeIsReadOrRefusedAndEveryCommandsBudgetAnswers() throws {
        var read = 0
        for c in Self.cases {
            let effect: Effect
            do {
                effect = try EffectFile.decode(Data(c.json.utf8), file: "t.json")
            } catch let error as EffectError {
                #expect(!error.description.contains("\n"), "\(c): \(error)")
                let name = String(c.field.split(separator: ".").last!)
                #expect(error.description.contains(name) || error.description.contains("above the limit"), "\(c): \(error)")
                continue
            }
            read += 1
            let kind = effect.kind
            // The per-launch budget passed as the file was read: every ring's demand is finite
            // and within it.
            let particles = Budget.particles(effect, .effect(kind)).total
            #expect(particles.isFinite && particles <= Double(Budget.maxParticlesPerLaunch), "\(c): \(particles)")
            #expect(kind.definition.seconds(effect).isFinite, "\(c): seconds \(kind.definition.seconds(effect))")
            func answers(_ command: String, _ check: () throws -> Void) {
                do { try check() } catch let error as BudgetError {
                    let verdict = error.description.range(of: "limit") ?? error.description.range(of: "does not fit")
                    #expect(verdict != nil, "\(command), \(c): \(error)")
                    #expect(!error.description.contains("\n") && error.description.count < 600, "\(command), \(c): \(error)")
                } catch {
                    Issue.record("\(command), \(c): \(error)")
                }
            }
            answers("render") {
                try Budget.render(.init(effect: effect, launches: nil, interval: 0.35, countGiven: false, width: 16, height: 16, fps: 30, frames: nil, duration: nil))
            }
            answers("trace") { try Budget.trace(effect, times: 7, gpu: true) }
            answers("view") { try Budget.view(effect, capacity: Celebration.defaultCapacity, stress: 1_000) }
            answers("overlay") { try Budget.capacity(Overlay.capacity(for: effect, fireEvery: 0.01), name: "the rings") }
            answers("verify") { try Budget.verify(effect) }
        }
        #expect(read > Self.numericFields.count, "only \(read) of \(Self.cases.count) extremes were read")
    }

    /// The commands that take an effect, each with its cheapest options.
    static func command(_ index: Int, file: String, out: String) -> [String] {
        switch index % 6 {
        case 0: ["render", "--effect", file, "--size", "16x16", "--frames", "1", "--out", out]
        case 1: ["trace", file]
        case 2: ["verify", "--effect", file, "--launches", "1"]
        case 3: ["bench", "--effect", file, "--counts", "1k", "--rounds", "1", "--no-scenarios", "--size", "16x16", "--frame-budget", "1"]
        case 4: ["view", "--effect", file]
        default: ["overlay", "--effect", file]
        }
    }

    /// The extremes a file holds and the reader takes: per field its smallest positive value
    /// (what a division makes huge) and its largest (what multiplies up).
    static let accepted: [Case] = numericFields.flatMap { field -> [Case] in
        let read = cases.filter { $0.field == "\(field.section).\(field.name)" }.filter {
            (try? EffectFile.decode(Data($0.json.utf8), file: nil)) != nil
        }
        func magnitude(_ c: Case) -> Double {
            Double(c.value.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "") ?? 0
        }
        let positive = read.filter { magnitude($0) > 0 }.min { magnitude($0) < magnitude($1) }
        let largest = read.max { magnitude($0) < magnitude($1) }
        return [positive ?? read.first, largest].compactMap { $0 }.reduce(into: []) { kept, c in
            if !kept.contains(where: { $0.value == c.value }) { kept.append(c) }
        }
    }

    /// Each of those through the built binary, the six commands taking turns (each field meets
    /// two of them, each command about 45 fields of every section; every command's budget met
    /// every extreme above, in this process): exit 0, or exit 2 with one line; never a signal,
    /// never a stall past the guard, never memory beyond the budget (a render at every limit at
    /// once peaked at 1.6 GB; the data limit stops one that would take the machine with it).
    /// view and overlay run without a display: they read the effect and ask their budget, then
    /// refuse to open a window; what they would spawn is what render, verify and bench spawn.
    @Test func everyCommandRunsOrRefusesEveryFieldAtItsExtremes() async throws {
        let run = Set(Self.accepted.map(\.field))
        let never = Self.numericFields.map { "\($0.section).\($0.name)" }.filter { !run.contains($0) }
        #expect(never.isEmpty, "no extreme of \(never) is read: they are refused by every command alike")
        // Each field's two values meet two commands, and the next field the next two.
        try await Self.runThroughCommands(Self.accepted.enumerated().map { i, c in (c, i) })
    }

    /// Runs each case through the command `command(_:file:out:)` numbers, two at a time: exit 0,
    /// or exit 2 with one line; never a signal, a stall past the guard or memory past 2 GiB.
    static func runThroughCommands(_ runs: [(case: Case, command: Int)]) async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-extremes-\(UUID())")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let binary = try ConfettiBinary.url().path
        try await withThrowingTaskGroup(of: Void.self) { group in
            var next = 0
            func add() {
                guard next < runs.count else { return }
                let (c, command) = runs[next]
                let i = next
                next += 1
                group.addTask {
                    let file = root.appendingPathComponent("\(i).json"), out = root.appendingPathComponent("\(i)-frames")
                    try c.json.write(to: file, atomically: true, encoding: .utf8)
                    let arguments = Self.command(command, file: file.path, out: out.path)
                    let what = "\(arguments[0]) with \(c)"
                    // A stall guard, not a speed check: the slowest case the budgets let through
                    // (verify of 255 pt sparks, 37 million pixels on the CPU) is 40 s of a debug
                    // build's CPU, which a loaded machine may stretch a few times over.
                    let outcome: ChildProcess.Outcome
                    do {
                        outcome = try await ChildProcess.run(["/usr/bin/prlimit", "--data=\(3 << 30)", "--", binary] + arguments,
                                                             environment: ConfettiBinary.environment(), directory: root, timeout: 600)
                    } catch {
                        Issue.record("\(what): \(error)")
                        return
                    }
                    #expect(outcome.exitedNormally, "\(what): signal \(outcome.status): \(outcome.stderr.suffix(600))")
                    #expect(outcome.status == 0 || outcome.status == 2, "\(what): exit \(outcome.status): \(outcome.stderr.suffix(600))")
                    if outcome.status == 2 {
                        let lines = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("confetti: ") }
                        #expect(lines.count == 1 && outcome.stderr.hasPrefix("confetti: "), "\(what): \(outcome.stderr.suffix(600))")
                    }
                    #expect(outcome.peakBytes <= 2 << 30, "\(what): peaked at \(outcome.peakBytes) bytes")
                }
            }
            // Two at a time: the machine has two cores, and a large accepted case holds a GB.
            add(); add()
            while try await group.next() != nil { add() }
        }
    }
}
