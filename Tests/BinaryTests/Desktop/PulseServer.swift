import Foundation
import TestSupport

/// A private PulseAudio server with one null sink, `record`, whose monitor a test records: what
/// a viewer played, sample for sample, with no sound card. Its socket, runtime directory and
/// HOME are a scratch directory of its own, so it meets no other server; it is started and
/// stopped by the test (as root, the user CI runs as, PulseAudio warns and runs all the same).
final class PulseServer {
    let process: ChildProcess
    let directory: URL
    /// `unix:…/socket`: what PULSE_SERVER names for a client of this server only.
    var address: String { "unix:" + directory.appendingPathComponent("socket").path }

    private init(process: ChildProcess, directory: URL) {
        self.process = process
        self.directory = directory
    }

    static func start() async throws -> PulseServer {
        let pulseaudio = try Tool.locate("pulseaudio")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-pulse-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("socket").path
        let environment = ChildProcess.environment(["HOME": directory.path, "XDG_RUNTIME_DIR": directory.path, "XDG_CONFIG_HOME": directory.path,
                                                    "PULSE_SERVER": nil, "DBUS_SESSION_BUS_ADDRESS": "disabled:"])
        let process = try ChildProcess([pulseaudio, "--daemonize=no", "--exit-idle-time=-1", "-n", "--use-pid-file=no", "--disable-shm=yes",
                                        "--load=module-null-sink sink_name=record rate=48000 channels=2",
                                        "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
                                        "--log-target=stderr"], environment: environment)
        let server = PulseServer(process: process, directory: directory)
        // Ready when its socket is there (a stall guard, not a speed claim).
        let ready = await eventually(within: 60) { FileManager.default.fileExists(atPath: socket) || process.hasEnded }
        guard ready, !process.hasEnded else {
            server.stop()
            throw TestFailure("pulseaudio did not open \(socket) within 60 s: \(process.errorOutput.suffix(1500))")
        }
        return server
    }

    /// Records the null sink's monitor, 48 kHz 16-bit stereo, raw, into its stdout file until
    /// stopped; returns once parec is connected and recording.
    func record() async throws -> ChildProcess {
        let parec = try Tool.locate("parec")
        let recorder = try ChildProcess([parec, "-d", "record.monitor", "--raw", "--format=s16le", "--rate=48000", "--channels=2",
                                         "--latency-msec=20", "--verbose"],
                                        environment: ChildProcess.environment(["PULSE_SERVER": address, "HOME": directory.path]), logs: nil)
        // parec --verbose says "Stream successfully created." once connected.
        let connected = await eventually(within: 60) { recorder.errorOutput.contains("Stream successfully created") || recorder.hasEnded }
        guard connected, !recorder.hasEnded else {
            recorder.stop()
            throw TestFailure("parec did not start recording within 60 s: \(recorder.errorOutput.suffix(1500))")
        }
        return recorder
    }

    func stop() {
        process.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
