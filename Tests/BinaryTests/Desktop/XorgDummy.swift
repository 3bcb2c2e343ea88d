import Foundation
import TestSupport

/// Xorg with its dummy driver: unlike Xvfb it has outputs (DUMMY0 … DUMMY15) that xrandr lights
/// and places, so a test can have two monitors side by side.
extension XServer {
    /// Width and height of each monitor, in pixels.
    static let dummyMonitor = (width: 1280, height: 720)

    /// A private Xorg whose `monitors` monitors sit left to right, each `dummyMonitor` big.
    static func dummy(monitors: Int, logs: URL) async throws -> XServer {
        try FileManager.default.createDirectory(at: logs, withIntermediateDirectories: true)
        let (width, height) = dummyMonitor
        let config = logs.appendingPathComponent("xorg.conf")
        try """
            Section "Device"
                Identifier "dummy"
                Driver "dummy"
                VideoRam 256000
            EndSection
            Section "Monitor"
                Identifier "monitor"
                HorizSync 5.0 - 1000.0
                VertRefresh 5.0 - 200.0
            EndSection
            Section "Screen"
                Identifier "screen"
                Device "dummy"
                Monitor "monitor"
                DefaultDepth 24
                SubSection "Display"
                    Depth 24
                    Virtual \(width * monitors) \(height)
                EndSubSection
            EndSection
            """.write(to: config, atomically: true, encoding: .utf8)
        let slot = await HeavySlot.take()
        // -displayfd: Xorg picks a free display number and writes it once it is ready.
        let process = try ChildProcess(["Xorg", "-displayfd", "1", "-noreset", "-nolisten", "tcp", "-config", config.path,
                                        "-logfile", logs.appendingPathComponent("Xorg.log").path],
                                       environment: ProcessInfo.processInfo.environment, logs: logs)
        _ = await eventually(within: Desktop.stallGuard) { process.output.hasSuffix("\n") || process.hasEnded }
        guard let number = Int(process.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.stop()
            slot.release()
            throw TestFailure("Xorg did not report a display within \(Desktop.stallGuard) s (is xserver-xorg-video-dummy installed? make test installs it): \(process.errorOutput.suffix(800))")
        }
        let server = XServer(process: process, display: ":\(number)", slot: slot)
        do {
            // One mode, given to every output, and each output lit at its place.
            let timing = ["74.25", "1280", "1390", "1430", "1650", "720", "725", "730", "750"]
            _ = try await ChildProcess.output(of: ["xrandr", "--newmode", "confetti"] + timing, environment: server.clientEnvironment, logs: logs)
            for index in 0..<monitors {
                _ = try await ChildProcess.output(of: ["xrandr", "--addmode", "DUMMY\(index)", "confetti"], environment: server.clientEnvironment, logs: logs)
                _ = try await ChildProcess.output(of: ["xrandr", "--output", "DUMMY\(index)", "--mode", "confetti", "--pos", "\(index * width)x0"],
                                                  environment: server.clientEnvironment, logs: logs)
            }
            let listed = try await ChildProcess.output(of: ["xrandr", "--listmonitors"], environment: server.clientEnvironment, logs: logs)
            guard listed.hasPrefix("Monitors: \(monitors)") else { throw TestFailure("xrandr made no \(monitors) monitors: \(listed)") }
        } catch {
            server.stop()
            throw error
        }
        return server
    }
}
