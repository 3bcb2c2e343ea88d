import ConfettiGL
import Foundation
import TestSupport

/// A private Xvfb, or the display a test already has.
final class XServer {
    let process: ChildProcess
    /// `:N`, picked by Xvfb among the free ones.
    let display: String
    /// Whether this process's DISPLAY was set to it (by `ensure`).
    private var exported = false
    /// Its place in the pool of heavy work, given back by `stop` (none for `ensure`'s, whose
    /// windows are this process's and one at a time).
    private let slot: HeavySlot?

    init(process: ChildProcess, display: String, slot: HeavySlot?) {
        self.process = process
        self.display = display
        self.slot = slot
    }

    /// For tests that open windows in this process: DISPLAY if it is set (nil is returned), else
    /// a private Xvfb that DISPLAY then names until `stop`.
    static func ensure() async throws -> XServer? {
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty { return nil }
        let server = try await start(heavy: false)
        setenv("DISPLAY", server.display, 1)
        server.exported = true
        return server
    }

    /// Starts a private Xvfb of one screen (`WxHxDepth`), with `options` such as
    /// `["+extension", "Composite"]`, and waits until it accepts clients. `heavy`: it takes a
    /// slot of the pool of heavy work (`HeavySlot`) until `stop`.
    static func start(screen: String = "1280x1024x24", options: [String] = [], logs: URL? = nil, heavy: Bool = true) async throws -> XServer {
        let xvfb = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: xvfb) else {
            throw GLFailure("no \(xvfb): install the xvfb package (make test does) to test windows")
        }
        let slot = heavy ? await HeavySlot.take() : nil
        // -displayfd: Xvfb picks a free display number and writes it to stdout once it is ready.
        // -noreset: by default the server resets when its last client leaves, and a window opened
        // during that reset is refused ("cannot open display"): a test that closes one viewer and
        // opens the next met it.
        let process = try ChildProcess([xvfb, "-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp", "-noreset"] + options,
                                       environment: ProcessInfo.processInfo.environment, logs: logs)
        _ = await eventually(within: 60) { process.output.hasSuffix("\n") || process.hasEnded }
        guard let number = Int(process.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.stop()
            slot?.release()
            throw GLFailure("Xvfb did not report a display within 60 s (it printed '\(process.output)', stderr: \(process.errorOutput.suffix(500)))")
        }
        return XServer(process: process, display: ":\(number)", slot: slot)
    }

    /// The environment of a client of this server only: DISPLAY set, no Wayland.
    var clientEnvironment: [String: String] {
        ChildProcess.environment(["DISPLAY": display, "WAYLAND_DISPLAY": nil])
    }

    func stop() {
        if exported { unsetenv("DISPLAY") }
        process.stop()
        slot?.release()
    }
}
