import ArgumentParser
import ConfettiApp
import FoundationEssentials
import Glibc

struct GnomeExtensionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gnome-extension",
        abstract: "Install, remove or check the GNOME Shell extension that shows the overlay on GNOME.",
        discussion: """
            GNOME's compositor has no layer shell, so on GNOME the overlay needs a small Shell \
            extension: it starts `confetti overlay --resident --keep-mapped`, keeps its windows \
            out of the window lists and over every monitor and the top bar, and offers Fire on \
            the session bus (org.confetti.Overlay) for keyboard shortcuts. GNOME Shell 43 and \
            later.
            """,
        subcommands: [Install.self, Uninstall.self, Status.self]
    )

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Install the extension for this user and enable it.",
            discussion: """
                Writes it into $XDG_DATA_HOME/gnome-shell/extensions/\(GnomeExtension.uuid)/ \
                (~/.local/share when XDG_DATA_HOME is unset) and adds it to org.gnome.shell \
                enabled-extensions. GNOME Shell loads a new extension when it starts: on Wayland, \
                log out and back in once. The extension starts this confetti (its absolute path) \
                unless --command says otherwise.
                """
        )

        @Option(help: ArgumentHelp("Only write the extension into this folder (e.g. /usr/share/gnome-shell/extensions), for every user; nothing is enabled.", valueName: "folder"))
        var into: String?

        @Option(help: ArgumentHelp("The confetti the extension starts, an absolute path (default: this one).", valueName: "path"))
        var command: String?

        @Option(help: ArgumentHelp("Write for this GNOME Shell major version (default: the installed gnome-shell's).", valueName: "major"))
        var shellVersion: Given<Int>?

        func validate() throws {
            try shellVersion?.checked(in: 1...999, "--shell-version")
        }

        func run() throws {
            print(try GnomeExtensionSetup.install(into: into.map { URL(fileURLWithPath: $0) }, command: command ?? GnomeExtensionSetup.ownCommand(),
                                                  shellMajor: shellVersion?.value, environment: ProcessInfo.processInfo.environment))
        }
    }

    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Disable the extension and remove it from this user's extensions.")

        func run() throws {
            print(try GnomeExtensionSetup.uninstall(environment: ProcessInfo.processInfo.environment))
        }
    }

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Say whether the extension is installed, enabled and running.")

        func run() throws {
            for line in try GnomeExtensionSetup.status(environment: ProcessInfo.processInfo.environment) { print(line) }
        }
    }
}
