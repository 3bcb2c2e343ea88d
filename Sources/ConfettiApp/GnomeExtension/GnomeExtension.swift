import CConfetti
import ConfettiCore
import FoundationEssentials
import Glibc

/// The GNOME Shell extension that hosts the resident overlay on GNOME (Extensions/gnome-shell/):
/// where it is installed, how it is written for the running shell, and whether it is enabled
/// and running.
///
/// Mutter has no layer shell, and only a client the shell itself started can leave its window
/// lists; the extension starts `confetti overlay --resident --keep-mapped` and places its
/// windows. Its scripts are built into this binary (the EmbedGnomeExtension plugin):
/// `extension.js` is the entry point of the shell's format (legacy.js for 43 and 44, module.js
/// for ES modules from 45) followed by host.js, which both share.
package enum GnomeExtension {
    package static let uuid = "confetti@confetti.invalid"
    /// The name the extension owns on the session bus while it runs.
    package static let busName = "org.confetti.Overlay"
    /// The shell versions each format was written for; 43 is the one tested here.
    static let legacyVersions = ["43", "44"]
    static let moduleVersions = ["45", "46", "47", "48", "49"]

    /// How a shell version loads an extension.
    package enum Format: Equatable, Sendable {
        /// `init()`, `enable()`, `disable()` in a script (GNOME Shell 43 and 44).
        case legacy
        /// An ES module whose default export extends `Extension` (GNOME Shell 45 and later).
        case module

        package init(shellMajor: Int) {
            self = shellMajor >= 45 ? .module : .legacy
        }

        var entryPoint: String { self == .legacy ? "legacy.js" : "module.js" }
        var shellVersions: [String] { self == .legacy ? GnomeExtension.legacyVersions : GnomeExtension.moduleVersions }
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// The extension's files for `format`, by name, with `command` (an absolute path of
    /// `confetti`) as the program it starts.
    package static func files(format: Format, command: String) throws -> [String: String] {
        guard let entry = EmbeddedGnomeExtension.files[format.entryPoint], let host = EmbeddedGnomeExtension.files["host.js"] else {
            throw Failure("this confetti was built without the GNOME Shell extension's scripts (Extensions/gnome-shell/)")
        }
        // Keys in order, as GNOME Shell's own tools write them.
        let metadata = JSONText.object([
            ("confetti-command", .string(command)),
            ("description", .string("Shows confetti's resident overlay over every monitor, above the top bar, letting every click through. `confetti fire` celebrates; Fire on org.confetti.Overlay for shortcuts.")),
            ("name", .string("Confetti overlay")),
            ("shell-version", .array(format.shellVersions.map(JSONText.string))),
            ("uuid", .string(uuid)),
            // The release, confetti.h's, as `confetti --version` prints it.
            ("version-name", .string("\(CONFETTI_VERSION_MAJOR).\(CONFETTI_VERSION_MINOR).\(CONFETTI_VERSION_PATCH)")),
        ])
        let json = metadata.render()
        return ["metadata.json": json + "\n", "extension.js": entry + "\n" + host]
    }

    /// `$XDG_DATA_HOME/gnome-shell/extensions/UUID` (XDG_DATA_HOME defaulting to ~/.local/share).
    package static func userDirectory(environment: [String: String]) throws -> URL {
        let data: String
        if let given = environment["XDG_DATA_HOME"], given.hasPrefix("/") {
            data = given
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            data = home + "/.local/share"
        } else {
            throw Failure("neither XDG_DATA_HOME nor HOME is set to an absolute path, so there is no user folder for GNOME Shell extensions")
        }
        return URL(fileURLWithPath: data).appendingPathComponent("gnome-shell/extensions/\(uuid)")
    }

    /// The running system's GNOME Shell major version, from `gnome-shell --version`.
    package static func shellMajor(environment: [String: String]) -> Int? {
        guard let answer = DesktopTool.run(["gnome-shell", "--version"], environment: environment), answer.succeeded else { return nil }
        // "GNOME Shell 43.9"
        let version = answer.output.split(separator: " ").last.map(String.init) ?? ""
        return Int(version.split(separator: ".").first.map(String.init)?.trimmed ?? "")
    }

    /// Writes the extension into `folder/UUID`, replacing what an earlier install left there.
    package static func write(into folder: URL, format: Format, command: String) throws -> URL {
        let directory = folder.appendingPathComponent(uuid)
        let files = try files(format: format, command: command)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, text) in files {
                try Data(text.utf8).write(to: directory.appendingPathComponent(name), options: .atomic)
            }
        } catch {
            throw Failure("cannot write the extension into \(directory.path): \(InputFile.describe(error) ?? "\(error)")")
        }
        return directory
    }

    // MARK: The user's settings (org.gnome.shell enabled-extensions)

    /// Adds the extension to `enabled-extensions` and takes it out of `disabled-extensions`
    /// (which `gnome-extensions disable` writes and which wins over the first).
    package static func enable(environment: [String: String]) throws {
        try change("enabled-extensions", environment: environment) { $0.contains(uuid) ? $0 : $0 + [uuid] }
        try change("disabled-extensions", environment: environment) { $0.filter { $0 != uuid } }
    }

    package static func disable(environment: [String: String]) throws {
        try change("enabled-extensions", environment: environment) { $0.filter { $0 != uuid } }
    }

    package static func isEnabled(environment: [String: String]) -> Bool {
        guard let enabled = try? list("enabled-extensions", environment: environment) else { return false }
        let disabled = (try? list("disabled-extensions", environment: environment)) ?? []
        return enabled.contains(uuid) && !disabled.contains(uuid)
    }

    /// Whether the extension runs in this session's shell: its name has an owner on the bus.
    package static func isRunning(environment: [String: String]) -> Bool {
        guard let answer = DesktopTool.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                            "--method", "org.freedesktop.DBus.NameHasOwner", busName], environment: environment) else { return false }
        return answer.succeeded && answer.output.contains("true")
    }

    /// Whether the session is GNOME's: XDG_CURRENT_DESKTOP names it (`GNOME`, `ubuntu:GNOME`).
    package static func isGnomeSession(environment: [String: String]) -> Bool {
        (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").contains { $0.uppercased() == "GNOME" }
    }

    /// On GNOME without the extension running, the one line that says how to get it (the
    /// overlay then shows as a window, never fullscreen); nil elsewhere.
    package static func missingHint(environment: [String: String]) -> String? {
        guard isGnomeSession(environment: environment), !isRunning(environment: environment) else { return nil }
        return missingHintText
    }

    package static let missingHintText = "on GNOME the overlay is drawn over every window only through its Shell extension: run `confetti gnome-extension install` and log out and back in once; showing it as a window meanwhile"

    private static func list(_ key: String, environment: [String: String]) throws -> [String] {
        guard let answer = DesktopTool.run(["gsettings", "get", "org.gnome.shell", key], environment: environment) else {
            throw Failure("gsettings did not answer (is it installed, and is the session bus running?)")
        }
        guard answer.succeeded, let list = GVariantText.strings(answer.output) else {
            throw Failure("gsettings get org.gnome.shell \(key) failed: \(answer.output.trimmed)")
        }
        return list
    }

    private static func change(_ key: String, environment: [String: String], _ edit: ([String]) -> [String]) throws {
        let before = try list(key, environment: environment)
        let after = edit(before)
        guard after != before else { return }
        guard let answer = DesktopTool.run(["gsettings", "set", "org.gnome.shell", key, GVariantText.text(after)], environment: environment), answer.succeeded else {
            throw Failure("gsettings could not set org.gnome.shell \(key)")
        }
    }
}

/// GVariant's text form of a list of strings, as gsettings prints and reads it: `['a', 'b']`,
/// `@as []` for none.
package enum GVariantText {
    package static func strings(_ text: String) -> [String]? {
        var rest = Substring(text.trimmed)
        if rest.hasPrefix("@as") { rest = rest.dropFirst(3).drop { $0 == " " } }
        guard rest.first == "[", rest.last == "]" else { return nil }
        rest = rest.dropFirst().dropLast()
        var strings: [String] = []
        while true {
            rest = rest.drop { $0 == " " || $0 == "," }
            guard let quote = rest.first else { return strings }
            guard quote == "'" || quote == "\"" else { return nil }
            rest = rest.dropFirst()
            var string = ""
            while let character = rest.first, character != quote {
                rest = rest.dropFirst()
                if character == "\\", let escaped = rest.first {
                    string.append(escaped)
                    rest = rest.dropFirst()
                } else {
                    string.append(character)
                }
            }
            guard rest.first == quote else { return nil }
            rest = rest.dropFirst()
            strings.append(string)
        }
    }

    package static func text(_ strings: [String]) -> String {
        "[" + strings.map(quoted).joined(separator: ", ") + "]"
    }

    /// `string` in single quotes, its backslashes and quotes escaped.
    private static func quoted(_ string: String) -> String {
        var out = "'"
        for character in string {
            if character == "\\" || character == "'" { out.append("\\") }
            out.append(character)
        }
        return out + "'"
    }
}
