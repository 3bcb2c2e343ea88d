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
            burst once from a seed, uploads it once, and the vertex shader evaluates position, \
            rotation, 3D flip and fade each frame from one time uniform.
            """,
        subcommands: [ViewCommand.self, OverlayCommand.self, RenderCommand.self, TraceCommand.self, BenchCommand.self, SoakCommand.self, PresetsCommand.self],
        defaultSubcommand: ViewCommand.self
    )

    /// Every failure, usage or runtime, exits with status 2 and one message on stderr.
    static func main() {
        #if DEBUG
        GLDebugLog.echo = true
        #endif
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                exit(withError: error)
            }
            // A command that already reported its failure chose its own status.
            if let chosen = error as? ExitCode {
                Foundation.exit(chosen.rawValue)
            }
            let message = fullMessage(for: error)
            if !message.isEmpty {
                FileHandle.standardError.write(Data(("confetti: " + message.trimmingPrefix("Error: ") + "\n").utf8))
            }
            Foundation.exit(2)
        }
    }
}

/// `WxH` in pixels (or points, for `trace`).
struct PixelSize: ExpressibleByArgument, Sendable, CustomStringConvertible {
    var width: Int
    var height: Int

    static let limit = 16384

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Self.limit).contains(w), (1...Self.limit).contains(h)
        else { return nil }
        self.init(width: w, height: h)
    }

    static var defaultCompletionKind: CompletionKind { .default }

    var description: String { "\(width)x\(height)" }
}

/// Options every GL command shares.
struct ShaderOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Directory of .glsl files to use instead of the built-in shaders.", discussion: "Default: $CONFETTI_SHADER_DIR if set, else the shaders built into this binary.", valueName: "dir"))
    var shaderDir: String?

    /// Runs `body` with a current surfaceless EGL context and the chosen shaders: the headless
    /// set-up of every command that draws without a window.
    func withHeadlessGL<T>(debug: Bool = false, _ body: (ShaderLibrary) throws -> T) throws -> T {
        let shaders = try ShaderLibrary.resolve(shaderDir)
        let context = try HeadlessContext(debug: debug)
        try context.makeCurrent()
        defer { context.release() }
        return try body(shaders)
    }
}

/// `--effect NAME|FILE`, shared by the commands that draw.
struct EffectOption: ParsableArguments {
    @Option(name: .customLong("effect"), help: ArgumentHelp("A preset (\(Effect.presets.map(\.name).joined(separator: ", "))) or an effect file.", valueName: "name|file"))
    var effect: String?

    func load(default fallback: String) throws -> Effect {
        try Effect.load(effect ?? fallback)
    }
}

func require<T: Comparable>(_ value: T, in range: ClosedRange<T>, _ option: String) throws {
    guard range.contains(value) else {
        throw ValidationError("\(option) must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
    }
}

func requireFinite(_ value: Double, in range: ClosedRange<Double>, _ option: String) throws {
    guard value.isFinite, range.contains(value) else {
        throw ValidationError("\(option) must be a number in \(range.lowerBound.compactText)...\(range.upperBound.compactText), not \(value)")
    }
}
