import ConfettiGL
import Foundation
import Testing
import TestSupport

/// The effect-file fields of wind, trails, colour ramps and size at death: every bad value is
/// refused with exit 2 and one message naming the field (and the entry) and what is allowed;
/// good ones load and print back to the same effect.
@Suite struct MotionFieldTests {
    typealias BadInput = CommandLineTests.BadInput
    static func confetti(_ field: String, _ value: String) -> String { CommandLineTests.confetti(field, value) }

    static let badInputs: [BadInput] = [
        BadInput(arguments: ["trace", "FILE"], file: confetti("windSpeed", "1e6"), mentions: ["confetti.windSpeed", "1e6", "-100000 to 100000"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("windSpeed", "\"gusty\""), mentions: ["confetti.windSpeed", "wrong type"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("windGusts", "[[100, 0, 1]]"), mentions: ["confetti.windGusts[0]", "frequency greater than 0"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("windGusts", "[[100, 2]]"), mentions: ["confetti.windGusts[0]", "[amplitude, frequency, phase]"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("windGusts", "[[1, 1, 1], [2e5, 1, 1]]"), mentions: ["confetti.windGusts[1]", "2e5"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("windGusts", "[[1, 1, 1], [1, 1, 1], [1, 1, 1], [1, 1, 1]]"), mentions: ["confetti.windGusts", "4 gusts", "0 to 3"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("windGusts", "[[1, \"fast\", 1]]"), mentions: ["confetti.windGusts[0][1]", "wrong type"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("trailGhosts", "33"), mentions: ["confetti.trailGhosts", "0 to 32"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("trailGhosts", "2.5"), mentions: ["confetti.trailGhosts", "whole number"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("trailSpacing", "0"), mentions: ["confetti.trailSpacing", "from 0.001 to 1"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("trailTaper", "1.5"), mentions: ["confetti.trailTaper", "0 to 1"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colorRamp", ##"[["#ffffff", 0]]"##), mentions: ["confetti.colorRamp", "1 stop", "2 to 4"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colorRamp", ##"[["#fff", 0], ["#000000", 1]]"##), mentions: ["confetti.colorRamp[0][0]", "#rrggbb"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colorRamp", ##"[["#ffffff", 0.5], ["#000000", 0.5]]"##), mentions: ["confetti.colorRamp[1][1]", "increase strictly"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colorRamp", ##"[["#ffffff", 0], ["#000000", 1.2]]"##), mentions: ["confetti.colorRamp[1][1]", "0 to 1"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colorRamp", ##"[["#ffffff"], ["#000000", 1]]"##), mentions: ["confetti.colorRamp[0]", "not a stop"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colorRamp", ##"[["#111111", 0], ["#222222", 0.2], ["#333333", 0.4], ["#444444", 0.6], ["#555555", 1]]"##), mentions: ["confetti.colorRamp", "5 stops"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("colorRampMode", "\"replcae\""), mentions: ["confetti.colorRampMode", "Did you mean 'replace'"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("sizeAtDeath", "-0.5"), mentions: ["confetti.sizeAtDeath", "0 to 100"]),
        BadInput(arguments: ["trace", "FILE"], file: confetti("sizeAtDeath", "null"), mentions: ["confetti.sizeAtDeath", "null"]),
    ]

    @Test(arguments: badInputs)
    func badMotionFieldIsRefusedWithExitTwoAndAMessageNamingIt(_ input: BadInput) async throws {
        try await CommandLineTests().badInputIsRefusedWithExitTwoAndAMessageNamingIt(input)
    }

    @Test func motionFieldsReadIntoThePhysicsAndPrintBack() async throws {
        let text = """
        {"kind": "confetti", "confetti": {"windSpeed": -40, "windGusts": [[120, 3, 0.5], [-30, 9.5, -2]],
         "trailGhosts": 3, "trailSpacing": 0.05, "trailTaper": 0.25,
         "colorRamp": [["#ff0000", 0.1], ["#00ff00", 0.6], ["#0000ff", 0.9]], "colorRampMode": "multiply", "sizeAtDeath": 1.75}}
        """
        let effect = try EffectFile.decode(Data(text.utf8), file: "motion.json")
        let physics = effect.confetti.physics
        #expect(physics.wind == Wind(mean: -40, gusts: [Wind.Gust(amplitude: 120, frequency: 3, phase: 0.5), Wind.Gust(amplitude: -30, frequency: 9.5, phase: -2)]))
        #expect(physics.trail == Trail(ghosts: 3, spacing: 0.05, taper: 0.25))
        #expect(physics.colorRamp == ColorRamp(stops: [ColorRamp.Stop(RGB(hex: 0xff0000), at: 0.1), ColorRamp.Stop(RGB(hex: 0x00ff00), at: 0.6), ColorRamp.Stop(RGB(hex: 0x0000ff), at: 0.9)], mode: .multiply))
        #expect(physics.sizeAtDeath == 1.75)
        let again = try EffectFile.decode(Data(EffectFile.encode(effect).utf8), file: "again.json")
        #expect(again.confetti.physics == physics)
        // Empty lists are today's behaviour: no gusts, no ramp.
        let still = try EffectFile.decode(Data(#"{"kind": "confetti", "confetti": {"windGusts": [], "colorRamp": []}}"#.utf8), file: "still.json")
        #expect(still.confetti.physics == ConfettiPhysics.standard)
    }

    @Test func presetsWindAndTrailAreListedAndTraceWithAgreeingEvaluators() async throws {
        let list = try await ConfettiBinary.run(["presets"])
        #expect(list.stdout.contains("wind") && list.stdout.contains("trail"))
        for name in ["wind", "trail"] {
            let cpu = try await ConfettiBinary.run(["trace", name, "--times", "0,0.2,0.7,1.3", "--evaluator", "cpu"])
            let gpu = try await ConfettiBinary.run(["trace", name, "--times", "0,0.2,0.7,1.3", "--evaluator", "gpu"])
            #expect(cpu.status == 0 && gpu.status == 0, "\(cpu.stderr) \(gpu.stderr)")
            let a = try JSONSerialization.jsonObject(with: Data(cpu.stdout.utf8)) as! [String: Any]
            let b = try JSONSerialization.jsonObject(with: Data(gpu.stdout.utf8)) as! [String: Any]
            var compared = 0
            for (p, q) in zip(a["particles"] as! [[String: Any]], b["particles"] as! [[String: Any]]) {
                for (s, r) in zip(p["samples"] as! [[String: Any]], q["samples"] as! [[String: Any]]) {
                    for field in ["x", "y", "rotation", "apparentWidth", "opacity", "red", "green", "blue", "size"] {
                        let x = s[field] as! Double, y = r[field] as! Double
                        // As the trace test allows: the sample times are no float32 values.
                        #expect(abs(x - y) <= 2e-3 * max(1, abs(x)), "\(name) \(field): cpu \(x), gpu \(y)")
                        compared += 1
                    }
                }
            }
            #expect(compared == 30 * 4 * 9)
        }
    }
}
