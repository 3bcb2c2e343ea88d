import ConfettiApp
import Foundation
import Testing
import TestSupport

/// `confetti gnome-extension` without a running shell: the files it writes for each shell
/// format, its refusals, and the one line `overlay` says on GNOME without the extension.
/// (GnomeShellTests runs it against a real GNOME Shell.)
@Suite struct GnomeExtensionCommandTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-gnome-extension-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(arguments: [(43, "legacy"), (44, "legacy"), (45, "module"), (48, "module")])
    func installIntoAFolderWritesTheShellsFormat(_ major: Int, _ format: String) async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let outcome = try await ConfettiBinary.run(["gnome-extension", "install", "--into", folder.path, "--command", "/opt/confetti/bin/confetti", "--shell-version", "\(major)"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let directory = folder.appendingPathComponent(GnomeExtension.uuid)
        let script = try String(contentsOf: directory.appendingPathComponent("extension.js"), encoding: .utf8)
        let metadata = try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("metadata.json"))) as? [String: Any]
        #expect(metadata?["uuid"] as? String == GnomeExtension.uuid)
        #expect(metadata?["confetti-command"] as? String == "/opt/confetti/bin/confetti")
        #expect((metadata?["shell-version"] as? [String])?.contains("\(major)") == true, "\(metadata ?? [:])")
        // The shared host follows the entry point of the format.
        #expect(script.contains("class ConfettiOverlayHost"))
        if format == "legacy" {
            #expect(script.contains("function init()") && !script.contains("export default"), "\(script.prefix(400))")
        } else {
            #expect(script.contains("export default class") && script.contains("from 'gi://Meta'") && !script.contains("imports.gi"), "\(script.prefix(400))")
        }
        // Nothing else: the extension folder holds exactly what the shell loads.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == ["extension.js", "metadata.json"])
    }

    @Test func refusals() async throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let relative = try await ConfettiBinary.run(["gnome-extension", "install", "--into", folder.path, "--command", "confetti", "--shell-version", "43"])
        #expect(relative.status == 2 && relative.stderr.contains("--command must be an absolute path"), "\(relative.stderr)")
        let old = try await ConfettiBinary.run(["gnome-extension", "install", "--into", folder.path, "--shell-version", "42"])
        #expect(old.status == 2 && old.stderr.contains("older than 43"), "\(old.stderr)")
        let noShell = try await ConfettiBinary.run(["gnome-extension", "install", "--into", folder.path], environment: ["PATH": "/nonexistent"])
        #expect(noShell.status == 2 && noShell.stderr.contains("--shell-version"), "\(noShell.stderr)")
        for outcome in [relative, old, noShell] {
            #expect(outcome.stderr.split(separator: "\n").count == 1, "one line: \(outcome.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing written")
    }

    /// Without a session to ask, status says no three times and uninstall has nothing to do.
    @Test func statusAndUninstallWithNothingInstalled() async throws {
        let home = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment: [String: String?] = ["HOME": home.path, "XDG_DATA_HOME": nil, "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]
        let status = try await ConfettiBinary.run(["gnome-extension", "status"], environment: environment)
        #expect(status.status == 0)
        #expect(status.stdout.contains("installed: no") && status.stdout.contains("enabled: no") && status.stdout.contains("running: no"), "\(status.stdout)")
        let uninstall = try await ConfettiBinary.run(["gnome-extension", "uninstall"], environment: environment)
        #expect(uninstall.status == 0 && uninstall.stdout.contains("is not installed in \(home.path)/.local/share/gnome-shell/extensions/"), "\(uninstall.stdout) \(uninstall.stderr)")
    }

    @Test func overlayOnGnomeWithoutTheExtensionSaysHowToGetIt() async throws {
        // No display: the overlay fails to open its window, after the line.
        let outcome = try await ConfettiBinary.run(["overlay", "--mute"], environment: ["XDG_CURRENT_DESKTOP": "ubuntu:GNOME", "WAYLAND_DISPLAY": nil,
                                                                                        "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"], timeout: 60)
        let hints = outcome.stderr.split(separator: "\n").filter { $0.contains("confetti gnome-extension install") }
        #expect(hints.count == 1, "\(outcome.stderr)")
        let elsewhere = try await ConfettiBinary.run(["overlay", "--mute"], environment: ["XDG_CURRENT_DESKTOP": "KDE", "WAYLAND_DISPLAY": nil], timeout: 60)
        #expect(!elsewhere.stderr.contains("gnome-extension"), "\(elsewhere.stderr)")
    }

    @Test func gsettingsListsReadAndWrite() {
        #expect(GVariantText.strings("@as []") == [])
        #expect(GVariantText.strings("['a@b', 'c']\n") == ["a@b", "c"])
        #expect(GVariantText.strings("['it\\'s']") == ["it's"])
        #expect(GVariantText.strings("nonsense") == nil)
        #expect(GVariantText.text(["a@b", "it's"]) == "['a@b', 'it\\'s']")
        #expect(GVariantText.strings(GVariantText.text(["x", "y\\z"])) == ["x", "y\\z"])
    }
}
