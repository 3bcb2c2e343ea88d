import ConfettiGL
import Foundation
import Testing
import TestSupport

/// `--device auto|hardware|software` and `$CONFETTI_DEVICE`: which GPU the headless commands draw
/// with, said on request, and the same pixels from Mesa's software device whichever EGL
/// platform reaches it.
@Suite struct DeviceSelectionTests {
    /// What EGL lists here decides what auto and hardware must do.
    static let hasHardware = HeadlessContext.listedDevices().contains { $0.listed.isHardware }
    static let hasSoftwareDevice = HeadlessContext.listedDevices().contains { $0.listed.isSoftware }

    /// The line `--print-renderer` writes.
    static func drawingWith(_ outcome: ChildProcess.Outcome) -> String? {
        outcome.stderr.split(separator: "\n").first { $0.hasPrefix("confetti: drawing with ") }.map(String.init)
    }

    @Test func theSoftwareDeviceDrawsTheSameBytesAsTheSurfacelessPlatform() async throws {
        // This machine's EGL lists Mesa's software device; the check means nothing without it.
        #expect(Self.hasSoftwareDevice, "EGL lists no software device here")
        let scratch = try Scratch("devices")
        var frames: [String: [Data]] = [:]
        for (device, platform) in [("software", "software device (EGL_MESA_device_software)"), ("auto", Self.hasHardware ? "hardware device" : "surfaceless platform")] {
            let out = scratch.path(device)
            let outcome = try await ConfettiBinary.run(["render", "--device", device, "--print-renderer", "--effect", "star", "--size", "160x90", "--fps", "10", "--duration", "0.6", "--out", out])
            #expect(outcome.status == 0, "\(device): \(outcome.stderr)")
            let line = try #require(Self.drawingWith(outcome), "\(device): no renderer line in \(outcome.stderr)")
            #expect(line.contains(platform) && line.contains("OpenGL"), "\(device): \(line)")
            frames[device] = try scratch.names(in: out).map { try Data(contentsOf: URL(fileURLWithPath: out + "/" + $0)) }
        }
        #expect(frames["software"]?.count == 6)
        if !Self.hasHardware {
            #expect(frames["software"] == frames["auto"], "the software device and the surfaceless platform drew different bytes")
        }
        // The shader outputs too, read back by transform feedback.
        var traces: [String] = []
        for device in ["software", "auto"] {
            let trace = try await ConfettiBinary.run(["trace", "fountain", "--evaluator", "gpu", "--times", "0.1,0.4", "--device", device])
            #expect(trace.status == 0, "\(device): \(trace.stderr)")
            traces.append(trace.stdout)
        }
        if !Self.hasHardware { #expect(traces[0] == traces[1]) }
    }

    @Test func hardwareWithoutAHardwareGPUIsOneClearRefusal() async throws {
        let outcome = try await ConfettiBinary.run(["bench", "--device", "hardware", "--counts", "50", "--rounds", "1", "--frame-budget", "1", "--no-scenarios", "--size", "96x54"])
        if Self.hasHardware {
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.contains("hardware device"), "\(outcome.stdout)")
        } else {
            #expect(outcome.status == 2 && outcome.stdout.isEmpty)
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("--device hardware: no hardware GPU") && outcome.stderr.contains("--device software or auto"), "\(outcome.stderr)")
        }
    }

    @Test func theEnvironmentChoosesTheDeviceWhenNoOptionDoes() async throws {
        let software = try await ConfettiBinary.run(["trace", "confetti", "--times", "0.2", "--evaluator", "gpu", "--print-renderer"], environment: ["CONFETTI_DEVICE": "software"])
        #expect(software.status == 0, "\(software.stderr)")
        #expect(Self.drawingWith(software)?.contains("software device") == true, "\(software.stderr)")

        let bogus = try await ConfettiBinary.run(["trace", "confetti", "--times", "0.2", "--evaluator", "gpu"], environment: ["CONFETTI_DEVICE": "gpu"])
        #expect(bogus.status == 2, "\(bogus.stderr)")
        #expect(bogus.stderr.contains("CONFETTI_DEVICE is 'gpu'") && bogus.stderr.contains("auto, hardware, software"), "\(bogus.stderr)")
    }

    @Test func theBenchAlwaysSaysWhatDrewAndItsJSONKeepsIt() async throws {
        let scratch = try Scratch("bench-device")
        let json = scratch.path("bench.json")
        let outcome = try await ConfettiBinary.run(["bench", "--device", "software", "--counts", "50", "--rounds", "1", "--frame-budget", "1", "--no-scenarios", "--size", "96x54", "--json", json])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let machineLine = try #require(outcome.stdout.split(separator: "\n").first { $0.hasPrefix("machine: ") })
        #expect(machineLine.contains("software device (EGL_MESA_device_software)") && machineLine.contains("llvmpipe"), "\(machineLine)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let machine = try #require(report["machine"] as? [String: Any])
        #expect(machine["device"] as? String == "software device (EGL_MESA_device_software)")
    }
}
