import ConfettiApp
import ConfettiCore
import Foundation
import Testing
import TestSupport

/// `make install` and `make uninstall`, staged under a private prefix with the debug binary.
@Suite struct InstallTests {
    @Test func versionIsPrintedWithExitZero() async throws {
        let outcome = try await ConfettiBinary.run(["--version"])
        #expect(outcome.status == 0 && outcome.stderr.isEmpty, "\(outcome.status): \(outcome.stderr)")
        let version = outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil }, "a version: \(outcome.stdout)")
    }

    /// `--effect -`: an effect file on standard input, as from `confetti presets NAME`.
    @Test func anEffectOnStandardInputIsReadLikeAFile() async throws {
        let rain = try await ConfettiBinary.run(["presets", "rain"])
        let piped = try await ConfettiBinary.run(["trace", "-", "--times", "0.2"], input: rain.stdout)
        let named = try await ConfettiBinary.run(["trace", "rain", "--times", "0.2"])
        // The same document but for the effect's name.
        func unnamed(_ trace: String) -> String { trace.split(separator: "\n").filter { !$0.contains("\"effect\" :") }.joined(separator: "\n") }
        #expect(piped.status == 0 && unnamed(piped.stdout) == unnamed(named.stdout) && !named.stdout.isEmpty, "\(piped.stderr) \(piped.stdout.prefix(200))")
        // Through --effect, a render of it: the same frames as the preset's.
        let scratch = try Scratch("stdin")
        let fromInput = try await ConfettiBinary.run(["render", "--effect", "-", "--frames", "2", "--size", "64x36", "--out", scratch.path("a")], input: rain.stdout)
        let fromName = try await ConfettiBinary.run(["render", "--effect", "rain", "--frames", "2", "--size", "64x36", "--out", scratch.path("b")])
        #expect(fromInput.status == 0 && fromName.status == 0, "\(fromInput.stderr)")
        #expect(FileManager.default.contents(atPath: scratch.path("a/frame-0001.png")) == FileManager.default.contents(atPath: scratch.path("b/frame-0001.png")))
        // A broken one is named as standard input, in one line.
        let broken = try await ConfettiBinary.run(["trace", "-"], input: #"{"kind": "confetti", "confetti": {"count": -1}}"#)
        expectOneLine(broken, mentioning: ["standard input", "confetti.count"])
        let nothing = try await ConfettiBinary.run(["render", "--effect", "-", "--frames", "1", "--out", scratch.path("c")])
        expectOneLine(nothing, mentioning: ["standard input"])
    }

    @Test func makeInstallPutsTheBinaryCompletionsManualDesktopEntryAndCLibraryInPlaceAndUninstallRemovesThem() async throws {
        let root = Repository.root
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-prefix-\(UUID())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let make = URL(fileURLWithPath: "/usr/bin/make")
        // -o build: the test installs the binary it was built with, not a release build; -o man:
        // the manual page make test generated before the tests (a package plugin cannot run
        // inside the test run's own build); -o library: the debug C library the C library's
        // tests build (once per run), not a release one; MAN_CONFIGURATION=debug: the manual
        // that make test generated. No ldconfig for a prefix of a test's.
        _ = try await StagedLibrary.shared()
        let common = ["-C", root.path, "-o", "build", "-o", "man", "-o", "library", "LIBRARY_CONFIGURATION=debug", "MAN_CONFIGURATION=debug", "LDCONFIG=:",
                      "PREFIX=\(prefix.path)", "RELEASE=\(try ConfettiBinary.url().path)"]
        let install = try await ConfettiBinary.run(common + ["install"], executable: make)
        #expect(install.status == 0, "\(install.stderr)")
        let files = ["bin/confetti", "share/bash-completion/completions/confetti", "share/zsh/site-functions/_confetti",
                     "share/fish/vendor_completions.d/confetti.fish", "share/man/man1/confetti.1", "share/applications/confetti.desktop",
                     "lib/libconfetti.so.\(StagedLibrary.version)", "include/confetti.h", "lib/pkgconfig/confetti.pc",
                     "lib/systemd/user/confetti-overlay.socket", "lib/systemd/user/confetti-overlay.service",
                     "share/gnome-shell/extensions/\(GnomeExtension.uuid)/metadata.json", "share/gnome-shell/extensions/\(GnomeExtension.uuid)/extension.js"]
        for file in files {
            let text = (try? Data(contentsOf: prefix.appendingPathComponent(file))) ?? Data()
            #expect(text.count > 100, "\(file) installed")
        }
        let bash = try String(contentsOf: prefix.appendingPathComponent(files[1]), encoding: .utf8)
        #expect(bash.contains("render") && bash.contains("--effect"), "the bash completion knows the commands and options")
        // The manual: a man(1) page of every command and its options, from their own help.
        let manual = try String(contentsOf: prefix.appendingPathComponent(files[4]), encoding: .utf8)
        #expect(manual.contains(".Dt CONFETTI 1") || manual.contains(".TH CONFETTI 1"), "a section 1 page: \(manual.prefix(300))")
        for word in ["overlay", "render", "trace", "Fl -fire-every", "Fl -reduced-motion", "standard input"] {
            #expect(manual.contains(word), "the manual mentions \(word)")
        }
        // The desktop entry, as the desktop's own validator reads it.
        let entry = prefix.appendingPathComponent(files[5]).path
        let validated = try await ConfettiBinary.run([entry], executable: URL(fileURLWithPath: try Tool.locate("desktop-file-validate")))
        #expect(validated.status == 0 && validated.stdout.isEmpty && validated.stderr.isEmpty, "desktop-file-validate: \(validated.stdout) \(validated.stderr)")
        #expect(try String(contentsOfFile: entry, encoding: .utf8).contains("Exec=confetti view"))
        // The resident overlay's user units: socket-activated, the service running the installed binary.
        let socketUnit = try String(contentsOf: prefix.appendingPathComponent("lib/systemd/user/confetti-overlay.socket"), encoding: .utf8)
        #expect(socketUnit.contains("ListenStream=%t/confetti/overlay.socket") && socketUnit.contains("DirectoryMode=0700"))
        let serviceUnit = try String(contentsOf: prefix.appendingPathComponent("lib/systemd/user/confetti-overlay.service"), encoding: .utf8)
        #expect(serviceUnit.contains("ExecStart=\(prefix.path)/bin/confetti overlay --resident"), "\(serviceUnit)")
        // The GNOME Shell extension, for every user, starting the installed binary.
        let metadata = try String(contentsOf: prefix.appendingPathComponent("share/gnome-shell/extensions/\(GnomeExtension.uuid)/metadata.json"), encoding: .utf8)
        #expect(metadata.contains("\"confetti-command\": \"\(prefix.path)/bin/confetti\""), "\(metadata)")
        // The installed binary runs from anywhere: its shaders are inside it.
        let installed = try await ConfettiBinary.run(["trace", "fountain", "--times", "0.2", "--evaluator", "gpu"],
                                               executable: prefix.appendingPathComponent("bin/confetti"), in: FileManager.default.temporaryDirectory,
                                               environment: ["CONFETTI_SHADER_DIR": nil])
        #expect(installed.status == 0 && installed.stdout.contains("\"evaluator\" : \"gpu\""), "\(installed.stderr)")
        let uninstall = try await ConfettiBinary.run(common + ["uninstall"], executable: make)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        for file in files {
            #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file) removed")
        }
    }
}
