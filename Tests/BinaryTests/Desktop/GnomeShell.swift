import ConfettiApp
import ConfettiGL
import Foundation
import TestSupport

/// A private headless GNOME Shell 43 on two virtual monitors (1280×720 and 1024×768, Meta-0 and
/// Meta-1), as its tests need it, every detail found by trying:
/// - a system bus (the shell exits without one) and a session bus, both `dbus-daemon --session`
///   on sockets of its own, started in its environment so that what they activate (dconf)
///   writes into its HOME;
/// - its own 0700 XDG_RUNTIME_DIR, HOME (dconf's settings) and no DISPLAY;
/// - settings written before it starts: `setup` installs extensions (`enabled` is
///   org.gnome.shell enabled-extensions, and disabled-extensions is reset), hot corners and
///   notification banners off;
/// - ready at the log line "GNOME Shell started", in the overview, which Esc leaves (a test of
///   what happens there stays in it: `leavingTheOverview: false`);
/// - SIGTERM makes gnome-shell 43.9 end with signal 11 (status 139), accepted when it stops.
/// Input, screenshots and the window list go through `Tests/GnomeShell/shell-tool.js` (gjs).
final class GnomeShell {
    /// Its place in the pool of heavy work (`HeavySlot`), given back by `stop`.
    private let slot: HeavySlot
    static let monitors = [PixelArea(x: 0, y: 0, width: 1280, height: 720), PixelArea(x: 1280, y: 0, width: 1024, height: 768)]
    /// The desktop's size in pixels: the monitors side by side.
    static let size = (width: 2304, height: 768)
    /// The top bar's height on the primary monitor, in pixels.
    static let topBar = 32

    let directory: URL
    let runtimeDirectory: URL
    let home: URL
    let logs: URL
    private let systemBus: ChildProcess
    private let sessionBus: ChildProcess
    private(set) var process: ChildProcess!
    /// A client's environment: this shell's Wayland display and session bus, its HOME and
    /// XDG_DATA_HOME, and no X server.
    let environment: [String: String]

    static let tool = Repository.file("Tests/GnomeShell/shell-tool.js")
    static let appBeneath = Repository.file("Tests/GnomeShell/app-beneath.js")

    /// Starts the buses, applies the settings, runs `setup` (with this shell's environment,
    /// before the shell starts: extensions are found only at start), starts the shell and leaves
    /// the overview (unless `leavingTheOverview` is false: then it is ready in the overview).
    init(enabled: [String] = [], leavingTheOverview: Bool = true, setup: (GnomeShell) async throws -> Void = { _ in }) async throws {
        slot = await HeavySlot.take()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-gnome-\(UUID())")
        runtimeDirectory = directory.appendingPathComponent("run")
        home = directory.appendingPathComponent("home")
        logs = directory.appendingPathComponent("logs")
        for folder in [runtimeDirectory, home, logs] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        let systemSocket = directory.appendingPathComponent("system_bus")
        let sessionSocket = directory.appendingPathComponent("session_bus")
        environment = ChildProcess.environment([
            "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=\(systemSocket.path)",
            "DBUS_SESSION_BUS_ADDRESS": "unix:path=\(sessionSocket.path)",
            "XDG_RUNTIME_DIR": runtimeDirectory.path,
            "HOME": home.path,
            "XDG_DATA_HOME": home.appendingPathComponent(".local/share").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "XDG_CACHE_HOME": home.appendingPathComponent(".cache").path,
            "XDG_CURRENT_DESKTOP": "GNOME",
            "WAYLAND_DISPLAY": "wayland-0",
            "DISPLAY": nil,
            // The shell's own D-Bus services and tools: no accessibility bus, no GVFS.
            "NO_AT_BRIDGE": "1",
            "GIO_USE_VFS": "local",
        ])
        systemBus = try ChildProcess(["dbus-daemon", "--session", "--nofork", "--address=unix:path=\(systemSocket.path)"], environment: environment, logs: logs)
        sessionBus = try ChildProcess(["dbus-daemon", "--session", "--nofork", "--address=unix:path=\(sessionSocket.path)"], environment: environment, logs: logs)
        do {
            let buses = await eventually(within: Desktop.stallGuard) {
                FileManager.default.fileExists(atPath: systemSocket.path) && FileManager.default.fileExists(atPath: sessionSocket.path)
                    || systemBus.hasEnded || sessionBus.hasEnded
            }
            guard buses, !systemBus.hasEnded, !sessionBus.hasEnded else {
                throw TestFailure("the D-Bus daemons did not start within \(Desktop.stallGuard) s: \(systemBus.errorOutput) \(sessionBus.errorOutput)")
            }
            try await gsettings("set", "org.gnome.shell", "enabled-extensions", "[" + enabled.map { "'\($0)'" }.joined(separator: ", ") + "]")
            try await gsettings("reset", "org.gnome.shell", "disabled-extensions")
            try await gsettings("set", "org.gnome.desktop.interface", "enable-hot-corners", "false")
            try await gsettings("set", "org.gnome.desktop.notifications", "show-banners", "false")
            try await setup(self)
            try await start(leavingTheOverview: leavingTheOverview)
        } catch {
            stop()
            throw error
        }
    }

    /// Starts gnome-shell, waits for it to say it started, and leaves the overview if asked.
    private func start(leavingTheOverview: Bool) async throws {
        var arguments = ["gnome-shell", "--headless", "--wayland", "--no-x11"]
        for monitor in Self.monitors { arguments += ["--virtual-monitor", "\(monitor.x.count)x\(monitor.y.count)"] }
        let shell = try ChildProcess(arguments, environment: environment, logs: logs, directory: directory)
        process = shell
        let started = await eventually(within: Desktop.stallGuard) { (shell.errorOutput + shell.output).contains("GNOME Shell started") || shell.hasEnded }
        guard started, !shell.hasEnded else {
            throw TestFailure("gnome-shell did not start within \(Desktop.stallGuard) s (are gnome-shell, gjs and pipewire installed? make test installs them): \(shell.termination?.description ?? "still running"): \(shell.errorOutput.suffix(2000))")
        }
        guard leavingTheOverview else { return }
        // Esc leaves the overview, where the shell starts; pressed again until it has left.
        let left = try await eventually(within: Desktop.stallGuard) {
            if try await overviewShows() == false { return true }
            try await input(["key:ff1b"])
            return false
        }
        guard left else { throw TestFailure("the shell stayed in the overview after Esc for \(Desktop.stallGuard) s") }
    }

    /// Whether the overview shows (org.gnome.Shell's OverviewActive).
    func overviewShows() async throws -> Bool {
        try await tool("overview").trimmingCharacters(in: .whitespacesAndNewlines) == "true"
    }

    /// gsettings in this shell's session (dconf writes into its HOME).
    func gsettings(_ arguments: String...) async throws {
        _ = try await ChildProcess.output(of: ["gsettings"] + arguments, environment: environment, logs: logs)
    }

    /// `shell-tool.js COMMAND ARGUMENTS…`: its output.
    @discardableResult
    func tool(_ arguments: String...) async throws -> String {
        try await ChildProcess.output(of: ["gjs", Self.tool.path] + arguments, environment: environment, logs: logs)
    }

    /// Input events in one remote desktop session: `key:KEYSYM`, `move:DX,DY`, `click`,
    /// `await:FILE:LINE` (shell-tool.js waits up to a stall guard for a client to print it).
    func input(_ steps: [String]) async throws {
        _ = try await ChildProcess.output(of: ["gjs", Self.tool.path, "input"] + steps, environment: environment, logs: logs, timeout: 2 * Desktop.stallGuard)
    }

    /// Where the app beneath's window is: maximized on the primary monitor, below the top bar.
    static let appBeneathOrigin = (x: 0, y: topBar)

    /// A left click at (x, y) of the desktop, seen by the app beneath (`startAppBeneath`). The
    /// pointer is thrown into the top-left corner (relative motion is all a remote desktop
    /// without a screencast has; it is not accelerated), then moved there; the button is pressed
    /// only once the app has reported the pointer there, nudged a pixel and back until it does
    /// (its wl_pointer exists only from the session's start, so a press before it has one is
    /// lost, and a motion back to where the pointer was may send it nothing), and the session
    /// ends once the app has reported the click.
    func click(x: Int, y: Int, reaching app: ChildProcess) async throws {
        let local = "\(x - Self.appBeneathOrigin.x) \(y - Self.appBeneathOrigin.y)", output = app.stdoutFile.path
        try await input(["move:-10000,-10000", "move:\(x),\(y)", "hover:\(output):enter \(local)|motion \(local)", "click", "await:\(output):click \(local)"])
    }

    /// The whole desktop, both monitors.
    func screenshot() async throws -> RGBAImage {
        let file = directory.appendingPathComponent("shot-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try await tool("screenshot", file.path)
        return try PNGFile.read(file.path)
    }

    /// One rectangle of the desktop (a screenshot of a band is quicker than of the whole).
    func screenshot(of area: PixelArea) async throws -> RGBAImage {
        let file = directory.appendingPathComponent("shot-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try await tool("screenshot-area", "\(area.x.lowerBound)", "\(area.y.lowerBound)", "\(area.x.count)", "\(area.y.count)", file.path)
        return try PNGFile.read(file.path)
    }

    struct Window: Decodable {
        var title: String?
        var appID: String?
        var hasFocus: Bool?
        var isHidden: Bool?

        enum CodingKeys: String, CodingKey {
            case title
            case appID = "app-id"
            case hasFocus = "has-focus"
            case isHidden = "is-hidden"
        }
    }

    /// The shell's window list, as a screen-sharing portal or an accessibility tool sees it.
    func windows() async throws -> [Window] {
        try JSONDecoder().decode([Window].self, from: Data(try await tool("windows").utf8))
    }

    /// A GTK window that prints when it is activated or deactivated and where it is clicked.
    func startAppBeneath(title: String = "app beneath") throws -> ChildProcess {
        try ChildProcess(["gjs", Self.appBeneath.path, title], environment: environment, logs: logs)
    }

    /// The processes whose command line contains `text` and whose ancestors include the shell.
    func descendants(matching text: String) -> [pid_t] {
        guard let process else { return [] }
        var parents: [pid_t: pid_t] = [:]
        var commands: [pid_t: String] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, let parent = pid_t(fields[1]) else { continue }
            parents[pid] = parent
            let line = FileHandle(forReadingAtPath: "/proc/\(entry)/cmdline")?.readDataToEndOfFile() ?? Data()
            commands[pid] = String(decoding: line.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
        }
        return commands.compactMap { pid, command in
            guard command.contains(text) else { return nil }
            var ancestor = parents[pid]
            while let current = ancestor, current > 1 {
                if current == process.pid { return pid }
                ancestor = parents[current]
            }
            return nil
        }
    }

    /// The shell (139, its SIGTERM end, accepted), then the buses; its folder removed.
    func stop() {
        process?.stop()
        sessionBus.stop()
        systemBus.stop()
        try? FileManager.default.removeItem(at: directory)
        slot.release()
    }
}
