import Foundation

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gsettings)
        process.arguments = ["get", "org.gnome.desktop.interface", "enable-animations"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { return false }
        guard finished.wait(timeout: .now() + timeout) == .success else {
            kill(process.processIdentifier, SIGKILL)
            return false
        }
        let text = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
        return process.terminationStatus == 0 && text.trimmingCharacters(in: .whitespacesAndNewlines) == "false"
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
