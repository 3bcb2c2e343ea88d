import ConfettiCore
import FoundationEssentials
import Glibc
import ProcessStart

/// `confetti fire`: hands one launch to the resident overlay and returns once it is accepted,
/// starting the overlay first when none answers.
package enum ResidentFire {
    /// What to fire, as the command's options give it.
    package struct Options: Sendable {
        /// A preset's or a named effect's name, an effect file's path, or `-` (`EffectReference`).
        package var effect = "celebration"
        package var emoji: String?
        package var place = LaunchPlace()
        package var seed: UInt64?
        package var mute = false
        /// nil: as the desktop asks, which the overlay read when it started.
        package var reducedMotion: Bool?

        package init() {}
    }

    /// How long `fire` waits for an overlay it started to answer, and for any reply: a stall
    /// guard for a busy machine, not a speed claim.
    package static let stallGuard = 30.0

    /// The request line for `options`: a built-in preset by name, else the effect as a document,
    /// read here so that a relative path or a name means what the caller meant (image paths
    /// made absolute on the effect against the file's folder, then written out once),
    /// `--emoji` applied. Not checked against the budget here: the overlay checks the launch
    /// once, against what its rings hold, and its refusal comes back as the one line.
    package static func requestLine(_ options: Options, directory: String = currentDirectory()) throws -> String {
        let resolved = try EffectSource.resolve(options.effect, checksLaunch: false)
        var document: JSONText?
        if !resolved.isPreset || options.emoji != nil {
            let played = try EffectOverrides(emoji: options.emoji, for: resolved.effect, name: resolved.name).applied(to: resolved.effect)
            var absolute = resolved
            absolute.effect = played
            document = EffectFile.document(absolute.absoluteImagePaths(directory: directory))
        }
        let line = ResidentRequest.fireLine(preset: document == nil ? options.effect : nil, effectDocument: document, at: options.place.at.map { ($0.x, $0.y) }, output: options.place.output,
                                            seed: options.seed, mute: options.mute, reducedMotion: options.reducedMotion)
        guard line.utf8.count <= ResidentRequest.maxLineBytes else {
            throw ResidentError("\(resolved.name), written out for the resident overlay with its picture paths made absolute, is \(Budget.format(line.utf8.count)) bytes; a request holds at most \(Budget.format(ResidentRequest.maxLineBytes)): give shorter paths or fewer sprites")
        }
        return line
    }

    /// The current folder (getcwd), "" when it cannot be read.
    package static func currentDirectory() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return "" }
        return String(cString: buffer)
    }

    /// Sends `line` to the resident overlay, starting one when none answers, and returns its
    /// reply's members. A refusal throws its one line.
    @discardableResult
    package static func send(_ line: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ResidentReply {
        let path = try ResidentSocketPath(environment: environment)
        let client = try ResidentClient.connect(path) ?? start(path, environment: environment)
        let reply = try client.exchange(line, timeout: stallGuard)
        guard reply.ok else { throw ResidentError(reply.error ?? "the resident overlay refused the launch") }
        return reply
    }

    /// Starts a resident overlay and waits for it to answer: on GNOME by asking the shell
    /// extension over the session bus (`org.confetti.Overlay.Start`), else (or when that fails)
    /// `confetti overlay --resident` in a session of its own, its output to nothing.
    static func start(_ path: ResidentSocketPath, environment: [String: String]) throws -> ResidentClient {
        if GnomeExtension.isGnomeSession(environment: environment) {
            // The extension answers Start at once and starts the overlay as a client of the
            // shell, which takes as long as any start: the whole stall guard.
            if askGNOMEShell(environment: environment), let client = try waitForSocket(path, while: { true }, seconds: stallGuard) {
                return client
            }
            StandardStream.error("confetti: \(GnomeExtension.missingHintText)\n")
        }
        let program = ProcessStart(grouping: .ownSession)
        let pid: pid_t
        do {
            pid = try program.start([executablePath(), "overlay", "--resident"])
        } catch {
            throw ResidentError("cannot start the resident overlay: \(error)")
        }
        var status: Int32 = 0
        let client = try waitForSocket(path, while: { waitpid(pid, &status, WNOHANG) == 0 }, seconds: stallGuard)
        guard let client else {
            if waitpid(pid, &status, WNOHANG) == pid || status != 0 {
                throw ResidentError("the resident overlay it started ended at once (\(ProcessStart.describe(status))): run confetti overlay --resident to see why")
            }
            throw ResidentError("the resident overlay it started did not answer at \(path.socket) within \(Int(stallGuard)) s")
        }
        return client
    }

    /// The first connection to `path` within `seconds`, trying every 5 ms while `alive` holds.
    private static func waitForSocket(_ path: ResidentSocketPath, while alive: () -> Bool, seconds: Double) throws -> ResidentClient? {
        let giveUp = monotonicSeconds() + seconds
        while monotonicSeconds() < giveUp {
            if let client = try ResidentClient.connect(path) { return client }
            // One more try: the overlay ends at once when another one answers by now.
            guard alive() else { return try ResidentClient.connect(path) }
            usleep(5_000)
        }
        return nil
    }

    /// This program, as the kernel knows it (so a relative argv[0] does not matter).
    private static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0 ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    /// Asks GNOME Shell's confetti extension to start the overlay (gdbus, at most 2 s).
    private static func askGNOMEShell(environment: [String: String]) -> Bool {
        guard let gdbus = ProcessStart.locate("gdbus", path: environment["PATH"]) else { return false }
        let program = ProcessStart()
        guard let pid = try? program.start([gdbus, "call", "--session", "--timeout", "2", "--dest", "org.confetti.Overlay",
                                             "--object-path", "/org/confetti/Overlay", "--method", "org.confetti.Overlay.Start"]) else { return false }
        var status: Int32 = 0
        let giveUp = monotonicSeconds() + 3
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard monotonicSeconds() < giveUp else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return false
            }
            usleep(5_000)
        }
        return status == 0
    }

    /// `confetti overlay --stop`: asks a running resident overlay to end. False when none answers.
    package static func stop(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Bool {
        let path = try ResidentSocketPath(environment: environment)
        guard let client = try ResidentClient.connect(path) else { return false }
        _ = try client.exchange(ResidentRequest.stopLine, timeout: stallGuard)
        return true
    }
}
