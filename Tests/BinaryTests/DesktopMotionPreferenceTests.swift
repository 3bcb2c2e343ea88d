import ConfettiApp
import Foundation
import Testing
import TestSupport

/// Reduced motion from each place a Linux desktop says so, read in this process with a made-up
/// home: the settings portal served on a private session bus (a small python3-gi service), the
/// gsettings fallback where no portal answers, KDE's kdeglobals and GTK's settings.ini, each in
/// `$XDG_CONFIG_HOME` before `$XDG_CONFIG_DIRS`.
@Suite(.serialized) struct DesktopMotionPreferenceTests {
    /// A temporary home with its config folder, a system config folder, and a folder for a fake gsettings.
    final class Home {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-motion-\(UUID().uuidString.prefix(8))")
        var config: URL { root.appendingPathComponent("config") }
        var system: URL { root.appendingPathComponent("xdg") }
        var bin: URL { root.appendingPathComponent("bin") }
        var bus: String?

        init() throws {
            for folder in [config, system, bin] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        }

        func write(_ text: String, to relative: String, in folder: URL) throws {
            let file = folder.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }

        /// A `gsettings` that prints `value` for enable-animations.
        func gsettings(_ value: String) async throws {
            try await ChildProcess.installExecutable("#!/bin/sh\necho \(value)\n", at: bin.appendingPathComponent("gsettings"))
        }

        var environment: [String: String] {
            var environment = ["HOME": root.path, "XDG_CONFIG_HOME": config.path, "XDG_CONFIG_DIRS": system.path, "PATH": bin.path + ":/usr/bin:/bin"]
            // No session bus unless a test starts one.
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus ?? "unix:path=" + root.appendingPathComponent("no-bus").path
            return environment
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    @Test func kdeAnimationDurationFactorZeroAsksAndTheUsersFileDecidesOverTheSystems() throws {
        let home = try Home()
        #expect(DesktopMotionPreference.source(environment: home.environment) == nil)
        try home.write("[KDE]\nAnimationDurationFactor=0\n", to: "kdeglobals", in: home.system)
        #expect(DesktopMotionPreference.source(environment: home.environment) == .kde)
        try home.write("[General]\nAnimationDurationFactor=0\n[KDE]\nSingleClick=false\nAnimationDurationFactor=0.5\n", to: "kdeglobals", in: home.config)
        #expect(DesktopMotionPreference.source(environment: home.environment) == nil, "the user's 0.5 decides over the system's 0; another group's key is not KDE's")
    }

    @Test func gtkEnableAnimationsFalseAsksInGTK4OrGTK3Settings() throws {
        let home = try Home()
        try home.write("[Settings]\ngtk-enable-animations=false\n", to: "gtk-3.0/settings.ini", in: home.config)
        #expect(DesktopMotionPreference.source(environment: home.environment) == .gtk)
        try home.write("[Settings]\ngtk-enable-animations = true\n", to: "gtk-4.0/settings.ini", in: home.config)
        #expect(DesktopMotionPreference.source(environment: home.environment) == nil, "GTK 4's file is read first")
        try home.write("[Settings]\ngtk-enable-animations=0\n", to: "gtk-4.0/settings.ini", in: home.config)
        #expect(DesktopMotionPreference.source(environment: home.environment) == .gtk)
    }

    @Test func theSettingsPortalDecidesAndGSettingsAnswersWhereNoPortalDoes() async throws {
        let home = try Home()
        try await home.gsettings("false")
        #expect(DesktopMotionPreference.source(environment: home.environment) == .gsettings, "no session bus: gsettings")

        let daemon = try ChildProcess(["dbus-daemon", "--session", "--nofork", "--print-address=1", "--address=unix:path=" + home.root.appendingPathComponent("bus").path],
                                      environment: home.environment)
        defer { daemon.stop() }
        try #require(await eventually(within: 60) { daemon.output.contains("unix:") || daemon.hasEnded }, "dbus-daemon: \(daemon.errorOutput)")
        home.bus = daemon.output.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(DesktopMotionPreference.source(environment: home.environment) == .gsettings, "a bus without a portal: gsettings")

        for (reducedMotion, enableAnimations, expected) in [(UInt32(1), true, DesktopMotionPreference.Source?.some(.portal)),
                                                            (0, false, .portal), (0, true, nil)] {
            let portal = try await fakePortal(home, reducedMotion: reducedMotion, enableAnimations: enableAnimations)
            defer { portal.stop() }
            // gsettings still says false: where the portal answers, it decides.
            #expect(DesktopMotionPreference.source(environment: home.environment) == expected,
                    "reduced-motion \(reducedMotion), enable-animations \(enableAnimations): \(portal.errorOutput)")
            portal.stop()
            _ = await portal.ending(within: 60)
        }
    }

    /// `org.freedesktop.portal.Settings.Read` on the private bus, answering the two keys.
    func fakePortal(_ home: Home, reducedMotion: UInt32, enableAnimations: Bool) async throws -> ChildProcess {
        let script = home.root.appendingPathComponent("portal.py")
        try """
            from gi.repository import Gio, GLib
            node = Gio.DBusNodeInfo.new_for_xml('''<node><interface name="org.freedesktop.portal.Settings">
              <method name="Read"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
            </interface></node>''')
            values = {("org.freedesktop.appearance", "reduced-motion"): GLib.Variant("u", \(reducedMotion)),
                      ("org.gnome.desktop.interface", "enable-animations"): GLib.Variant("b", \(enableAnimations ? "True" : "False"))}
            def call(connection, sender, path, interface, method, parameters, invocation):
                key = tuple(parameters.unpack())
                if key in values:
                    invocation.return_value(GLib.Variant("(v)", (GLib.Variant("v", values[key]),)))
                else:
                    invocation.return_dbus_error("org.freedesktop.portal.Error.NotFound", "no such key")
            bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
            bus.register_object("/org/freedesktop/portal/desktop", node.interfaces[0], call, None, None)
            Gio.bus_own_name_on_connection(bus, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE, lambda *a: print("ready", flush=True), None)
            GLib.MainLoop().run()
            """.write(to: script, atomically: true, encoding: .utf8)
        let portal = try ChildProcess(["/usr/bin/python3", script.path], environment: home.environment)
        guard await eventually(within: 60, { portal.output.contains("ready") || portal.hasEnded }), !portal.hasEnded else {
            portal.stop()
            throw TestFailure("the fake portal did not start: \(portal.errorOutput)")
        }
        return portal
    }
}
