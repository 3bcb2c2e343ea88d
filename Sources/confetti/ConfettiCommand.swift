import ArgumentParser
import ConfettiApp
import ConfettiGL
import FoundationEssentials
import Glibc

@main
struct Confetti: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confetti",
        abstract: "Physics confetti on the GPU: closed-form motion in a vertex shader.",
        discussion: """
            Every piece is a pure function of its spawn constants and its age. The CPU spawns a \
            launch once from a seed, uploads it once, and the vertex shader evaluates position, \
            rotation, 3D flip and fade each frame from one time uniform.
            """,
        version: ConfettiVersion.current,
        subcommands: [ViewCommand.self, OverlayCommand.self, FireCommand.self, GnomeExtensionCommand.self, RenderCommand.self, TraceCommand.self, BenchCommand.self, SoakCommand.self, PresetsCommand.self, GalleryCommand.self, VerifyCommand.self],
        defaultSubcommand: ViewCommand.self
    )

    /// Every failure, usage or runtime, exits with status 2 and one message on stderr.
    static func main() {
        #if DEBUG
        GLDebugLog.echo = { StandardStream.error("confetti: GL error: " + $0 + "\n") }
        #endif
        // Mesa's own warnings ("libEGL warning: …") would come before the one line that says
        // what is wrong; EGL_LOG_LEVEL=warning in the environment brings them back.
        setenv("EGL_LOG_LEVEL", "fatal", 0)
        if let refusal = notUTF8(CommandLine.unsafeArgv, count: Int(CommandLine.argc)) { fail(refusal, message: refusal.message) }
        let arguments = CommandLineInput.joiningNegativeValues(Array(CommandLine.arguments.dropFirst()))
        CommandLineInput.arguments = arguments
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            // Usage errors: the message, then the command's usage line. A value its option does
            // not take is refused by the option's own check, which is the message alone (`Given`).
            fail(error, message: fullMessage(for: error))
        }
        do {
            try command.run()
        } catch let error as OptionRefusal {
            // After parsing, the root's usage line would only be noise: the message alone.
            fail(error, message: error.message)
        } catch {
            fail(error, message: InputFile.describe(error) ?? fullMessage(for: error))
        }
    }

    /// Exits with status 2 after one message on stderr (0 for --help, a command's own status
    /// for an ExitCode it chose after reporting).
    /// The first argument that is not UTF-8, refused saying which byte: Swift's arguments show
    /// such bytes as U+FFFD, so a file named by it would be called missing when it is there.
    static func notUTF8(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int) -> OptionRefusal? {
        for index in 1..<max(count, 1) {
            guard let argument = argv[index], String(validatingCString: argument) == nil else { continue }
            let bytes = argument.withMemoryRebound(to: UInt8.self, capacity: strlen(argument)) { Array(UnsafeBufferPointer(start: $0, count: strlen(argument))) }
            guard let bad = JSON.firstInvalidUTF8(in: bytes) else { continue }
            let hex = String(bad.byte, radix: 16, uppercase: true)
            // The byte shown as \xFF where it stands, never as U+FFFD.
            let shown = printable(String(decoding: bytes[..<bad.offset], as: UTF8.self), limit: 80) + "\\x" + hex
                + printable(String(decoding: bytes[(bad.offset + 1)...], as: UTF8.self), limit: 80)
            return OptionRefusal("argument \(index), \(shown), is not UTF-8 (byte 0x\(hex) at byte offset \(bad.offset)): give paths and values in UTF-8 (rename such a file)")
        }
        return nil
    }

    static func fail(_ error: any Error, message: String) -> Never {
        if exitCode(for: error) == .success {
            exit(withError: error)
        }
        if let chosen = error as? ExitCode {
            Glibc.exit(chosen.rawValue)
        }
        if !message.isEmpty {
            StandardStream.error(ErrorText.printed(String(message.trimmingPrefix("Error: "))))
        }
        Glibc.exit(2)
    }
}

/// Options renamed, whose old names are still taken (hidden from the help) with a warning.
enum DeprecatedOption {
    /// `--bursts N`, the old name of `--launches N` (render, soak): its value for `--launches`,
    /// with one line on stderr; nil when it was not given. Giving both is an error.
    static func launches<T>(_ launches: T?, bursts: T?, launchesGiven: Bool) throws -> T? {
        guard let bursts else { return launches }
        guard !launchesGiven else {
            throw OptionRefusal("--bursts is the old name of --launches: give --launches alone")
        }
        StandardStream.error("confetti: --bursts is deprecated; use --launches\n")
        return bursts
    }
}

/// Options every headless GL command shares: the shaders and the device.
struct ShaderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Directory of .glsl files to use instead of the built-in shaders.", discussion: "Default: $CONFETTI_SHADER_DIR if set, else the shaders built into this binary.", valueName: "dir"))
    var shaderDir: String?

    @Option(help: ArgumentHelp("The GPU to draw with: auto (a hardware GPU if EGL lists one, else the software rasteriser), hardware (or an error), software (Mesa's llvmpipe).", discussion: "Default: $CONFETTI_DEVICE if set, else auto.", valueName: "auto|hardware|software"))
    var device: HeadlessContext.Device?

    @Flag(help: "Print what draws (GL_RENDERER, GL_VERSION and the EGL device) on stderr.")
    var printRenderer = false

    /// The set-up these options ask for.
    var headless: HeadlessSetup { HeadlessSetup(shaderDirectory: shaderDir, device: device, printRenderer: printRenderer) }
}

/// `--effect NAME|FILE`, shared by the commands that draw.
struct EffectOption: ParsableArguments {
    @Option(name: .customLong("effect"), help: ArgumentHelp("A preset (\(Effect.presets.map(\.name).joined(separator: ", "))), an effect file, or - for an effect file on standard input.", valueName: "name|file|-"))
    var effect: String?

    /// The effect named, else `fallback`.
    func load(default fallback: String) throws -> Effect {
        try EffectSource.load(effect ?? fallback)
    }

    /// What messages call the effect: as given, else `fallback`.
    func name(default fallback: String) -> String { effect ?? fallback }
}

extension HeadlessContext.Device: ExpressibleByArgument {}

extension Given: ExpressibleByArgument {}

extension PixelSize: ExpressibleByArgument {
    package static var defaultCompletionKind: CompletionKind { .default }
}
