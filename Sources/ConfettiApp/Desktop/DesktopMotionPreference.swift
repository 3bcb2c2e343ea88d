import CPosix
import FoundationEssentials
import Glibc
import ProcessStart

/// Whether the desktop asks for fewer animations: GNOME's `org.gnome.desktop.interface
/// enable-animations`, read with `gsettings` when it is on the PATH.
///
/// The call is time-limited: a `gsettings` that hangs (a dead D-Bus session, say) is ended
/// after `timeout` seconds and counts as no preference, so starting never waits on it.
package enum DesktopMotionPreference {
    package static let timeout = 1.0

    /// True only when `gsettings` printed `false`; no gsettings, an error, other output or a
    /// timeout mean no preference.
    package static func asksForReducedMotion(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        guard let gsettings = executable("gsettings", path: environment["PATH"] ?? "") else { return false }
        var ends: [Int32] = [0, 0]
        guard confetti_pipe_cloexec(&ends) == 0 else { return false }
        defer { close(ends[0]) }
        let program = ProcessStart(output: .descriptor(ends[1]))
        let started = try? program.start([gsettings, "get", "org.gnome.desktop.interface", "enable-animations"])
        close(ends[1])
        guard let pid = started else { return false }
        // Its one line fits the pipe, so it never waits on this process to read it.
        var status: Int32 = 0
        let giveUp = ContinuousClock.now + .seconds(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < giveUp else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return false
            }
            usleep(5_000)
        }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = read(ends[0], &bytes, bytes.count)
        let text = String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self)
        return status == 0 && text.trimmed == "false"
    }

    /// The first executable file called `name` in the directories of `path`.
    static func executable(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
