import ConfettiCore
import FoundationEssentials
import Glibc

/// `confetti gnome-extension install | uninstall | status`: what each does, in lines for the
/// user. Failures are `OptionRefusal`s, one line each, naming what to change.
package enum GnomeExtensionSetup {
    /// The oldest GNOME Shell the extension runs on.
    package static let oldestShell = 43

    /// This program's own absolute path: what the extension starts unless told otherwise.
    package static func ownCommand() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The shell version to write for: `given`, else the installed gnome-shell's.
    static func format(shellMajor given: Int?, environment: [String: String]) throws -> (format: GnomeExtension.Format, major: Int) {
        guard let major = given ?? GnomeExtension.shellMajor(environment: environment) else {
            throw OptionRefusal("GNOME Shell is not installed here (`gnome-shell --version` did not answer); pass --shell-version to write the extension for another machine's")
        }
        guard major >= oldestShell else {
            throw OptionRefusal("GNOME Shell \(major) is older than \(oldestShell), the oldest the extension runs on")
        }
        return (GnomeExtension.Format(shellMajor: major), major)
    }

    /// Installs for the user and enables it; or, with `folder`, only writes it there (a system
    /// folder such as /usr/share/gnome-shell/extensions, for `make install`).
    package static func install(into folder: URL?, command: String, shellMajor: Int?, environment: [String: String]) throws -> String {
        guard command.hasPrefix("/") else {
            throw OptionRefusal("--command must be an absolute path, not '\(command)': the shell starts it with no PATH of yours")
        }
        let (format, major) = try format(shellMajor: shellMajor, environment: environment)
        if let folder {
            let directory = try written(into: folder, format: format, command: command)
            return "wrote the GNOME Shell extension \(GnomeExtension.uuid) for GNOME Shell \(major) into \(directory.path), starting \(command)"
        }
        let userFolder = try userDirectory(environment).deletingLastPathComponent()
        let wasRunning = GnomeExtension.isRunning(environment: environment)
        let directory = try written(into: userFolder, format: format, command: command)
        do {
            try GnomeExtension.enable(environment: environment)
        } catch {
            throw OptionRefusal("installed \(directory.path), but could not enable it: \(error); enable it with `gnome-extensions enable \(GnomeExtension.uuid)` after logging in again")
        }
        let next = wasRunning
            ? "it runs; log out and back in to load this version"
            : "log out and back in once for GNOME Shell to load it"
        return "installed the GNOME Shell extension \(GnomeExtension.uuid) into \(directory.path) and enabled it; \(next)"
    }

    package static func uninstall(environment: [String: String]) throws -> String {
        let directory = try userDirectory(environment)
        try? GnomeExtension.disable(environment: environment)
        guard FileManager.default.fileExists(atPath: directory.path) else {
            return "the GNOME Shell extension \(GnomeExtension.uuid) is not installed in \(directory.path)"
        }
        do {
            try FileManager.default.removeItem(at: directory)
        } catch {
            throw OptionRefusal("cannot remove \(directory.path): \(InputFile.describe(error) ?? "\(error)")")
        }
        return "disabled and removed the GNOME Shell extension \(GnomeExtension.uuid) from \(directory.path); GNOME Shell stops it now"
    }

    /// Three lines: installed (where, starting what), enabled, running.
    package static func status(environment: [String: String]) throws -> [String] {
        let directory = try userDirectory(environment)
        let metadata = directory.appendingPathComponent("metadata.json")
        var installed = "installed: no (confetti gnome-extension install)"
        // Read as every input file is (never blocking on a FIFO put in its place), at most an effect file's size.
        if let data = try? InputFile.read(metadata.path, maxBytes: EffectFile.maxBytes, noun: "the extension's metadata.json"), let object = try? JSON.parse(Array(data)) {
            let command = object.member("confetti-command")?.value.stringValue ?? "?"
            let versions = object.member("shell-version")?.value.arrayValue?.compactMap(\.stringValue).joined(separator: ", ") ?? "?"
            let missing = FileManager.default.isExecutableFile(atPath: command) ? "" : " (missing: install again)"
            installed = "installed: yes, in \(directory.path), for GNOME Shell \(versions), starting \(command)\(missing)"
        }
        let enabled = GnomeExtension.isEnabled(environment: environment)
        let running = GnomeExtension.isRunning(environment: environment)
        return [
            installed,
            "enabled: \(enabled ? "yes" : "no")",
            "running: \(running ? "yes" : enabled ? "no (log out and back in once to load it)" : "no")",
        ]
    }

    private static func userDirectory(_ environment: [String: String]) throws -> URL {
        do {
            return try GnomeExtension.userDirectory(environment: environment)
        } catch {
            throw OptionRefusal("\(error)")
        }
    }

    private static func written(into folder: URL, format: GnomeExtension.Format, command: String) throws -> URL {
        do {
            return try GnomeExtension.write(into: folder, format: format, command: command)
        } catch {
            throw OptionRefusal("\(error)")
        }
    }
}
