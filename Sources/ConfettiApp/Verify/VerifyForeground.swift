import ConfettiCore
import ConfettiProof

extension Verification {
    /// `confetti verify`: the effect named (a preset or an effect file), else every preset,
    /// verified on the device `headless` sets up; prints the renderer and the table, writes
    /// `json` when asked (checked to be writable first), and names up to 50 failures on standard
    /// error. Returns the exit status: 0, or 1 when a check failed.
    package func runInForeground(effect: String?, headless: HeadlessSetup, json: String?) throws -> Int32 {
        let effects: [(name: String, effect: Effect)] = try effect.map { [($0, try EffectSource.load($0))] } ?? Effect.presets.map { ($0.name, $0.effect) }
        if let json { try AtomicFile.checkWritable(json) }
        let (renderer, results) = try verify(effects, headless: headless)
        print("verify: \(renderer)")
        print(Verification.table(results))
        let failures = results.flatMap(\.failures)
        if let json {
            try AtomicFile.write(try VerifyReport(renderer: renderer, results: results).json(), to: json)
            print("wrote \(json)")
        }
        guard failures.isEmpty else {
            for failure in failures.prefix(50) { StandardStream.error("confetti: verify: \(failure)\n") }
            if failures.count > 50 { StandardStream.error("confetti: verify: and \(failures.count - 50) more\n") }
            return 1
        }
        return 0
    }
}
