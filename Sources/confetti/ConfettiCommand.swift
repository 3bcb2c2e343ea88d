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
        if let refusal = CommandLineInput.notUTF8(CommandLine.unsafeArgv, count: Int(CommandLine.argc)) { fail(refusal, message: refusal.message) }
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

/// A status a command chose after reporting: 0 returns, any other ends the process with it.
func exitStatus(_ status: Int32) throws {
    if status != 0 { throw ExitCode(status) }
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
    @Option(name: .customLong("effect"), help: ArgumentHelp("A preset (\(Effect.presets.map(\.name).joined(separator: ", "))), a named effect of yours (confetti presets lists them), an effect file, or - for an effect file on standard input.", discussion: EffectReference.lookupText, valueName: "name|file|-"), completion: .custom { _, _, typed in EffectCompletion.candidates(typed) })
    var effect: String?

    /// The effect named, else `fallback`, with its name and file.
    func load(default fallback: String) throws -> ResolvedEffect {
        try EffectSource.resolve(effect ?? fallback)
    }

    /// What messages call the effect: as given, else `fallback`.
    func name(default fallback: String) -> String { effect ?? fallback }
}

extension HeadlessContext.Device: ExpressibleByArgument {}

extension Given: ExpressibleByArgument {}

extension PixelSize: ExpressibleByArgument {
    package static var defaultCompletionKind: CompletionKind { .default }
}
