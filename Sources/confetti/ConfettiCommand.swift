import ArgumentParser
import ConfettiApp
import ConfettiGL
import Foundation

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
        subcommands: [ViewCommand.self, OverlayCommand.self, RenderCommand.self, TraceCommand.self, BenchCommand.self, SoakCommand.self, PresetsCommand.self, GalleryCommand.self, VerifyCommand.self],
        defaultSubcommand: ViewCommand.self
    )

    /// Every failure, usage or runtime, exits with status 2 and one message on stderr.
    static func main() {
        #if DEBUG
        GLDebugLog.echo = { FileHandle.standardError.write(Data(("confetti: GL error: " + $0 + "\n").utf8)) }
        #endif
        // Mesa's own warnings ("libEGL warning: …") would come before the one line that says
        // what is wrong; EGL_LOG_LEVEL=warning in the environment brings them back.
        setenv("EGL_LOG_LEVEL", "fatal", 0)
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
            // What needs more than the options themselves (the effect, the budget), checked
            // before any work.
            if let checked = command as? CheckedBeforeRun { try checked.checkBeforeRun() }
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
            Foundation.exit(chosen.rawValue)
        }
        if !message.isEmpty {
            FileHandle.standardError.write(Data(ErrorText.printed(String(message.trimmingPrefix("Error: "))).utf8))
        }
        Foundation.exit(2)
    }
}

/// A command with checks that need more than its options (an effect file, the budget), run
/// after parsing and `validate()` and before `run()`.
protocol CheckedBeforeRun {
    func checkBeforeRun() throws
}

/// The command line as given, for checks that need to know whether an option was given at all
/// (an option with a default value cannot tell).
enum CommandLineInput {
    nonisolated(unsafe) static var arguments: [String] = []

    /// Whether `option` (`--interval`) was given, as `--interval V` or `--interval=V`.
    static func given(_ option: String) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == option || argument.hasPrefix(option + "=") { return true }
        }
        return false
    }

    /// `--interval -1` as `--interval=-1`: a negative number after an option is its value, so
    /// the option's own check says what is allowed, instead of the parser taking "-1" for a
    /// flag and answering "Missing value for '--interval'".
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var i = 0
        var positionalOnly = false
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { positionalOnly = true }
            if !positionalOnly, argument.hasPrefix("--"), argument.count > 2, !argument.contains("="),
               i + 1 < arguments.count, looksNegative(arguments[i + 1]) {
                result.append(argument + "=" + arguments[i + 1])
                i += 2
                continue
            }
            result.append(argument)
            i += 1
        }
        return result
    }

    static func looksNegative(_ text: String) -> Bool {
        guard text.hasPrefix("-"), !text.hasPrefix("--") else { return false }
        let rest = text.dropFirst().lowercased()
        if let first = rest.first, first.isASCII, first.isNumber { return true }
        return (rest.hasPrefix(".") && rest.dropFirst().first?.isNumber == true) || rest.hasPrefix("inf") || rest.hasPrefix("nan")
    }
}

/// How errors reach the terminal: one line first, control characters escaped, and file-system
/// errors in words rather than as an NSError dump.
enum ErrorText {
    /// `message` as printed: "confetti: " and its first line, then any further lines (usage),
    /// each with control characters and other non-printing characters escaped, so neither a
    /// file's text nor an option's value can move the cursor, clear the screen or forge a line.
    static func printed(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0), limit: 1000) }
        var text = "confetti: " + lines.joined(separator: "\n")
        if !text.hasSuffix("\n") { text += "\n" }
        return text
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
        FileHandle.standardError.write(Data("confetti: --bursts is deprecated; use --launches\n".utf8))
        return bursts
    }
}

/// `WxH` in pixels (or points, for `trace`). The parser takes any text, so what is not a size
/// is refused by the option's own check in `validate()` (`checked`), saying what a size is.
struct PixelSize: ExpressibleByArgument, Sendable, CustomStringConvertible {
    var width: Int
    var height: Int
    /// The text as given, when it is not a size.
    private var unreadable: String?

    static let limit = 16384

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Self.limit).contains(w), (1...Self.limit).contains(h)
        else {
            self.init(width: 0, height: 0)
            unreadable = argument
            return
        }
        self.init(width: w, height: h)
    }

    /// Refuses, naming `option`, a size the command line gave that is not one.
    func checked(_ option: String) throws {
        if let unreadable {
            throw OptionRefusal("\(option) \(printable(unreadable, limit: 80)) is not a size: give WxH, each a whole number of pixels from 1 to \(Budget.format(Self.limit)), such as 1280x720")
        }
    }

    static var defaultCompletionKind: CompletionKind { .default }

    var description: String { unreadable ?? "\(width)x\(height)" }
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
