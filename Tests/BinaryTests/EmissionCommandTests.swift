import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Reduced motion from the command line and the desktop, and rocket traces, through the real
/// binary.
@Suite struct EmissionCommandTests {
    /// A directory holding a `gsettings` that runs `script`.
    func fakeGSettings(_ script: String) async throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-gsettings-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try await ChildProcess.installExecutable("#!/bin/sh\n" + script + "\n", at: dir.appendingPathComponent("gsettings"))
        return dir
    }

    /// Frames of a render of the confetti effect until its last piece has gone: reduced motion
    /// slows it down, so it lasts longer.
    /// `timeout` is a stall guard: a render that waited on a hanging gsettings would pass it.
    func frames(_ extra: [String], path: String, timeout: Double = 300) async throws -> Int {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-rm-\(UUID())")
        defer { try? FileManager.default.removeItem(at: out) }
        let outcome = try await ConfettiBinary.run(["render", "--effect", "confetti", "--size", "64x36", "--fps", "10", "--out", out.path] + extra,
                                                   environment: ["PATH": path], timeout: timeout)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".png") }.count
    }

    @Test func reducedMotionFollowsTheFlagsElseGNOMEsEnableAnimationsAskedWithATimeLimit() async throws {
        let animationsOff = try await fakeGSettings(#"[ "$*" = "get org.gnome.desktop.interface enable-animations" ] && echo false"#)
        let animationsOn = try await fakeGSettings("echo true")
        // Hangs for ten minutes: far past the render's stall guard, should the render wait for it.
        let hanging = try await fakeGSettings("exec sleep 600")
        let empty = try await fakeGSettings("exit 0")
        try FileManager.default.removeItem(at: empty.appendingPathComponent("gsettings"))
        defer { for d in [animationsOff, animationsOn, hanging, empty] { try? FileManager.default.removeItem(at: d) } }

        let normal = try await frames([], path: empty.path)
        let reduced = try await frames(["--reduced-motion"], path: empty.path)
        // Slowed down by 1/2: the pieces live twice as long, so the render lasts longer.
        let s = Effect.reducedMotionSlowdown, physics = Effect.confetti.confetti.physics
        #expect(Double(reduced - normal) == ((physics.lifetime / s - physics.lifetime) * 10).rounded(), "\(normal) vs \(reduced) frames")
        #expect(try await frames([], path: animationsOff.path) == reduced, "the desktop asks for reduced motion")
        #expect(try await frames(["--no-reduced-motion"], path: animationsOff.path) == normal, "--no-reduced-motion overrides it")
        #expect(try await frames([], path: animationsOn.path) == normal)
        // A hanging gsettings is given up on: the render ends (well within two minutes, where
        // the gsettings would take ten) as if there were no preference.
        #expect(try await frames([], path: hanging.path, timeout: 120) == normal, "a hanging gsettings is given up on")

        let help = try await ConfettiBinary.run(["render", "--help"])
        #expect(help.stdout.contains("--reduced-motion") && help.stdout.contains("--no-reduced-motion") && help.stdout.contains("enable-animations"))
        for command in ["view", "overlay"] {
            #expect(try await ConfettiBinary.run([command, "--help"]).stdout.contains("--reduced-motion"), "\(command) --help")
        }
    }

    @Test func aRocketTraceListsItsBurstsAndTheGPUAgreesWithTheCPU() async throws {
        func trace(_ evaluator: String) async throws -> [String: Any] {
            let outcome = try await ConfettiBinary.run(["trace", "finale", "--seed", "3", "--times", "-0.5,0,0.3,0.9,1.4", "--evaluator", evaluator])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        }
        let cpu = try await trace("cpu"), gpu = try await trace("gpu")
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
    @Test func aCelebrationTraceHoldsBothKindsAndTheGPUAgreesWithTheCPU() async throws {
        func trace(_ evaluator: String) async throws -> [String: Any] {
            let outcome = try await ConfettiBinary.run(["trace", "celebration", "--seed", "5", "--times", "-0.1,0,0.3,0.8,1.3", "--evaluator", evaluator])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        }
        let cpu = try await trace("cpu"), gpu = try await trace("gpu")
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
