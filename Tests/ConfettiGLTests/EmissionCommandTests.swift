import ConfettiCore
import Foundation
import Testing

/// Reduced motion from the command line and the desktop, and rocket traces, through the real
/// binary.
@Suite struct EmissionCommandTests {
    /// A directory holding a `gsettings` that runs `script`.
    func fakeGSettings(_ script: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-gsettings-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("gsettings")
        try ("#!/bin/sh\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        return dir
    }

    /// Frames of a render of the confetti effect until its last piece has gone: reduced motion
    /// slows it down, so it lasts longer.
    func frames(_ extra: [String], path: String) throws -> (Int, Double) {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-rm-\(UUID())")
        defer { try? FileManager.default.removeItem(at: out) }
        let start = Date()
        let outcome = try ConfettiBinary.run(["render", "--effect", "confetti", "--size", "64x36", "--fps", "10", "--out", out.path] + extra, environment: ["PATH": path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let count = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.count
        return (count, Date().timeIntervalSince(start))
    }

    @Test func reducedMotionFollowsTheFlagsElseGNOMEsEnableAnimationsAskedWithATimeLimit() throws {
        let animationsOff = try fakeGSettings(#"[ "$*" = "get org.gnome.desktop.interface enable-animations" ] && echo false"#)
        let animationsOn = try fakeGSettings("echo true")
        let hanging = try fakeGSettings("sleep 30")
        let empty = try fakeGSettings("exit 0")
        try FileManager.default.removeItem(at: empty.appendingPathComponent("gsettings"))
        defer { for d in [animationsOff, animationsOn, hanging, empty] { try? FileManager.default.removeItem(at: d) } }

        let (normal, _) = try frames([], path: empty.path)
        let (reduced, _) = try frames(["--reduced-motion"], path: empty.path)
        // Slowed down by 1/2: the pieces live twice as long, so the show lasts longer.
        let s = Effect.reducedMotionSlowdown, physics = Effect.confetti.confetti.physics
        #expect(Double(reduced - normal) == ((physics.lifetime / s - physics.lifetime) * 10).rounded(), "\(normal) vs \(reduced) frames")
        #expect(try frames([], path: animationsOff.path).0 == reduced, "the desktop asks for reduced motion")
        #expect(try frames(["--no-reduced-motion"], path: animationsOff.path).0 == normal, "--no-reduced-motion overrides it")
        #expect(try frames([], path: animationsOn.path).0 == normal)
        let (whenHung, seconds) = try frames([], path: hanging.path)
        #expect(whenHung == normal && seconds < 15, "a hanging gsettings is given up on: \(seconds) s")

        let help = try ConfettiBinary.run(["render", "--help"])
        #expect(help.stdout.contains("--reduced-motion") && help.stdout.contains("--no-reduced-motion") && help.stdout.contains("enable-animations"))
        for command in ["view", "overlay"] {
            #expect(try ConfettiBinary.run([command, "--help"]).stdout.contains("--reduced-motion"), "\(command) --help")
        }
    }

    @Test func aRocketTraceListsItsBurstsAndTheGPUAgreesWithTheCPU() throws {
        func trace(_ evaluator: String) throws -> [String: Any] {
            let outcome = try ConfettiBinary.run(["trace", "finale", "--seed", "3", "--times", "-0.5,0,0.3,0.9,1.4", "--evaluator", evaluator])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        }
        let cpu = try trace("cpu"), gpu = try trace("gpu")
        let launch = Effect.finale.rocket
        let bursts = try #require(cpu["bursts"] as? [[String: Any]])
        #expect(bursts.count == 3 * launch.rockets)
        let a = try #require(cpu["particles"] as? [[String: Any]]), b = try #require(gpu["particles"] as? [[String: Any]])
        #expect(a.count == launch.particleCount && b.count == a.count)
        for (p, q) in zip(a, b) {
            #expect(p["burst"] as? Int == q["burst"] as? Int)
            for (s, r) in zip(p["samples"] as! [[String: Any]], q["samples"] as! [[String: Any]]) {
                #expect(s["alive"] as? Bool == r["alive"] as? Bool)
                for field in ["x", "y", "opacity"] {
                    let x = s[field] as! Double, y = r[field] as! Double
                    #expect(abs(x - y) <= 2e-3 * max(1, abs(x)), "\(field) at t=\(s["t"]!): cpu \(x), gpu \(y)")
                }
            }
        }
    }

    /// A celebration launches both kinds: its trace holds one document of the contract for
    /// each, and the GPU agrees with the CPU in both.
    @Test func aCelebrationTraceHoldsBothKindsAndTheGPUAgreesWithTheCPU() throws {
        func trace(_ evaluator: String) throws -> [String: Any] {
            let outcome = try ConfettiBinary.run(["trace", "celebration", "--seed", "5", "--times", "-0.1,0,0.3,0.8,1.3", "--evaluator", evaluator])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        }
        let cpu = try trace("cpu"), gpu = try trace("gpu")
        #expect(cpu["effect"] as? String == "celebration")
        for (kind, count, fields) in [("sparks", 16, ["x", "y", "angle", "scale", "opacity"]), ("confetti", 30, ["x", "y", "rotation", "apparentWidth", "opacity"])] {
            let a = try #require((cpu[kind] as? [String: Any])?["particles"] as? [[String: Any]], "\(kind)")
            let b = try #require((gpu[kind] as? [String: Any])?["particles"] as? [[String: Any]], "\(kind)")
            #expect(a.count == count && b.count == count, "\(kind): \(a.count) and \(b.count) particles")
            for (p, q) in zip(a, b) {
                for (s, r) in zip(p["samples"] as! [[String: Any]], q["samples"] as! [[String: Any]]) {
                    #expect(s["alive"] as? Bool == r["alive"] as? Bool)
                    for field in fields {
                        let x = s[field] as! Double, y = r[field] as! Double
                        #expect(abs(x - y) <= 2e-3 * max(1, abs(x)), "\(kind) \(field) at t=\(s["t"]!): cpu \(x), gpu \(y)")
                    }
                }
            }
        }
    }
}
