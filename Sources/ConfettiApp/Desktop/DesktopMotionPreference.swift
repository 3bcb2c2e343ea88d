import ConfettiCore
import CPosix
import FoundationEssentials
import Glibc
import ProcessStart

/// Whether the desktop asks for fewer animations, from every place a Linux desktop says so:
///
/// - the settings portal (`org.freedesktop.portal.Settings.Read`, what a sandboxed app sees):
///   `org.freedesktop.appearance reduced-motion` = 1, or GNOME's
///   `org.gnome.desktop.interface enable-animations` = false;
/// - `gsettings get org.gnome.desktop.interface enable-animations` where no portal answers;
/// - KDE: `AnimationDurationFactor=0` in the `[KDE]` group of `kdeglobals`;
/// - GTK: `gtk-enable-animations=false` in the `[Settings]` group of `gtk-4.0/settings.ini` or
///   `gtk-3.0/settings.ini`.
///
/// Files are looked for in `$XDG_CONFIG_HOME` (default `~/.config`), then each folder of
/// `$XDG_CONFIG_DIRS` (default `/etc/xdg`); the first file that sets the key decides. Any source
/// asking is enough. Every program asked is time-limited: one that hangs (a dead D-Bus session)
/// is ended after `timeout` seconds and counts as no preference, so starting never waits on it.
/// `--reduced-motion` / `--no-reduced-motion` decide over all of them (the commands' flag).
package enum DesktopMotionPreference {
    package static let timeout = 1.0

    /// Where a preference for reduced motion was found.
    package enum Source: String, Sendable, CaseIterable {
        case portal, gsettings, kde, gtk
    }

    /// True when any source asks for reduced motion.
    package static func asksForReducedMotion(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        source(environment: environment) != nil
    }

    /// The first source that asks for reduced motion, nil when none does.
    package static func source(environment: [String: String] = ProcessInfo.processInfo.environment) -> Source? {
        if let portal = portal(environment: environment) {
            if portal { return .portal }
        } else if gsettings(environment: environment) == true {
            return .gsettings
        }
        if kde(environment: environment) == true { return .kde }
        if gtk(environment: environment) == true { return .gtk }
        return nil
    }

    /// What the settings portal says: nil when it answers neither key (no portal, no session bus).
    static func portal(environment: [String: String]) -> Bool? {
        guard let gdbus = ProcessStart.locate("gdbus", path: environment["PATH"]) else { return nil }
        func read(_ namespace: String, _ key: String) -> String? {
            output(of: [gdbus, "call", "--session", "--timeout", "1", "--dest", "org.freedesktop.portal.Desktop",
                        "--object-path", "/org/freedesktop/portal/desktop", "--method", "org.freedesktop.portal.Settings.Read", namespace, key],
                   environment: environment)
        }
        // `(<<uint32 1>>,)`: 1 is "reduce"; `(<<false>>,)` for enable-animations.
        let appearance = read("org.freedesktop.appearance", "reduced-motion")
        let gnome = read("org.gnome.desktop.interface", "enable-animations")
        guard appearance != nil || gnome != nil else { return nil }
        let reduce = appearance.map { $0.split(whereSeparator: { !$0.isNumber }).last == "1" } ?? false
        return reduce || gnome?.contains("false") == true
    }

    /// What GNOME's gsettings says: nil without an answer.
    static func gsettings(environment: [String: String]) -> Bool? {
        guard let gsettings = ProcessStart.locate("gsettings", path: environment["PATH"]),
              let text = output(of: [gsettings, "get", "org.gnome.desktop.interface", "enable-animations"], environment: environment) else { return nil }
        switch text.trimmed {
        case "false": return true
        case "true": return false
        default: return nil
        }
    }

    /// KDE's `AnimationDurationFactor` in `kdeglobals`: 0 asks for no animations.
    static func kde(environment: [String: String]) -> Bool? {
        for folder in configFolders(environment) {
            if let value = iniValue(at: folder + "/kdeglobals", group: "KDE", key: "AnimationDurationFactor") {
                return Double(value) == 0
            }
        }
        return nil
    }

    /// GTK's `gtk-enable-animations` in `settings.ini`, GTK 4's before GTK 3's.
    static func gtk(environment: [String: String]) -> Bool? {
        for folder in configFolders(environment) {
            for version in ["gtk-4.0", "gtk-3.0"] {
                if let value = iniValue(at: "\(folder)/\(version)/settings.ini", group: "Settings", key: "gtk-enable-animations") {
                    return ["false", "0", "no"].contains(value.lowercased())
                }
            }
        }
        return nil
    }

    /// `$XDG_CONFIG_HOME` (or `~/.config`), then the folders of `$XDG_CONFIG_DIRS` (or `/etc/xdg`).
    static func configFolders(_ environment: [String: String]) -> [String] {
        let home = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? environment["HOME"].map { $0 + "/.config" }
        let dirs = (environment["XDG_CONFIG_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return (home.map { [$0] } ?? []) + dirs
    }

    /// The value of `key` in `[group]` of the INI file at `path` (the last one given), trimmed;
    /// nil when the file or the key is missing. Files over 1 MiB are not read.
    static func iniValue(at path: String, group: String, key: String) -> String? {
        guard let data = try? InputFile.read(path, maxBytes: 1 << 20, noun: "a settings file") else { return nil }
        var inGroup = false, found: String?
        for line in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
            let text = line.trimmed
            if text.hasPrefix("[") {
                inGroup = text == "[\(group)]"
            } else if inGroup, let equals = text.firstIndex(of: "="), text[..<equals].trimmed == key {
                found = text[text.index(after: equals)...].trimmed
            }
        }
        return found
    }

    /// What `arguments` print when they exit 0 within `timeout`, else nil. Its output must fit
    /// the pipe (64 KiB), so it never waits on this process to read it.
    static func output(of arguments: [String], environment: [String: String]) -> String? {
        var ends: [Int32] = [0, 0]
        guard confetti_pipe_cloexec(&ends) == 0 else { return nil }
        defer { close(ends[0]) }
        let program = ProcessStart(output: .descriptor(ends[1]), environment: environment)
        let started = try? program.start(arguments)
        close(ends[1])
        guard let pid = started else { return nil }
        var status: Int32 = 0
        let giveUp = ContinuousClock.now + .seconds(timeout)
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < giveUp else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return nil
            }
            usleep(2_000)
        }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = read(ends[0], &bytes, bytes.count)
        return status == 0 ? String(decoding: bytes.prefix(max(count, 0)), as: UTF8.self) : nil
    }
}
