import ConfettiCore
import FoundationEssentials
import Glibc

/// How the resident overlay sleeps small: after `ResidentSleep.seconds` with nothing alive, no
/// client connected and no effect being made, it lets go of everything a frame needs (the GL
/// driver with its 54 MB of LLVM, which never unloads, the context, rings and programs, the
/// desktop's connection and surfaces) by executing itself again, its listening socket kept
/// open across the exec, so no connection is refused meanwhile and its process id stays.
/// The new image is asleep: it serves clients with the same `ResidentServer` (every per-client
/// bound holds), answers a stop itself, and wakes for the first fire or status request,
/// starting GL in this process again (its programs come from Mesa's shader cache on disk) and
/// playing that request as the first. Its frames and launches count on across the sleep, so
/// launch indices go on and an unseeded launch is the one its index gives.
///
/// The GL driver the overlay drew with (Mesa's `*_dri.so`, and the LLVM it links) stays loaded
/// and relocated asleep, its code not resident: loading and relocating them is most of a cold
/// GL start, while what they keep once their clean pages are given back to the page cache is
/// the 11 MB their relocations and static constructors wrote (`keepDriver`).
package struct ResidentSleep: Sendable, Equatable {
    /// The listening socket, open across the exec.
    package var descriptor: Int32
    /// The path it is bound at ("" when systemd passed it and owns the path).
    package var boundPath: String
    /// Frames drawn and launches played before the sleep.
    package var frames: Int
    package var launches: Int
    /// The GL driver files the overlay had loaded (nil: none found).
    package var driver: String?

    package init(descriptor: Int32, boundPath: String, frames: Int, launches: Int, driver: String? = ResidentSleep.loadedDriver()) {
        self.descriptor = descriptor
        self.boundPath = boundPath
        self.frames = frames
        self.launches = launches
        self.driver = driver
    }

    /// The variables that hand the sleep to the new image: "DESCRIPTOR FRAMES LAUNCHES PATH",
    /// and the driver's path.
    static let variable = "CONFETTI_RESIDENT_ASLEEP"
    static let driverVariable = "CONFETTI_RESIDENT_ASLEEP_DRIVER"

    /// What the sleep looks like in `variable`.
    var text: String { "\(descriptor) \(frames) \(launches) \(boundPath)" }

    /// The sleep `text` holds, nil when it is not one.
    init?(text: String) {
        let parts = text.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, let descriptor = Int32(parts[0]), descriptor >= 0, let frames = Int(parts[1]), let launches = Int(parts[2]) else { return nil }
        self.init(descriptor: descriptor, boundPath: String(parts[3]), frames: frames, launches: launches, driver: nil)
    }

    /// The sleep this image was handed (then removed from the environment, so nothing it
    /// starts takes it as its own), with its listener, close-on-exec again. nil: a fresh start.
    package static func handedOver(environment: [String: String] = ProcessInfo.processInfo.environment) -> (ResidentSleep, ResidentListener)? {
        guard let text = environment[variable] else { return nil }
        unsetenv(variable)
        unsetenv(driverVariable)
        guard var sleep = ResidentSleep(text: text), fcntl(sleep.descriptor, F_GETFD) >= 0 else { return nil }
        sleep.driver = environment[driverVariable].flatMap { $0.isEmpty ? nil : $0 }
        _ = fcntl(sleep.descriptor, F_SETFD, FD_CLOEXEC)
        UnixSocket.setNonBlocking(sleep.descriptor)
        return (sleep, ResidentListener(adopting: sleep.descriptor, boundPath: sleep.boundPath.isEmpty ? nil : sleep.boundPath))
    }

    /// Seconds idle before it sleeps, unless `$CONFETTI_RESIDENT_SLEEP_AFTER` says: long enough
    /// that fires a few seconds apart find it awake (a first frame within a frame or two), short
    /// enough that it holds its full size only while someone is celebrating.
    package static let defaultSeconds = 30.0

    /// `$CONFETTI_RESIDENT_SLEEP_AFTER` if set (a positive number of seconds, or "never"), else
    /// the default. nil: never.
    package static func seconds(environment: [String: String]) throws -> Double? {
        guard let text = environment["CONFETTI_RESIDENT_SLEEP_AFTER"], !text.isEmpty else { return defaultSeconds }
        if text == "never" { return nil }
        guard let seconds = Double(text), seconds.isFinite, seconds > 0 else {
            throw OptionRefusal("$CONFETTI_RESIDENT_SLEEP_AFTER is '\(printable(text, limit: 40))': it is how many seconds the resident overlay idles before it lets go of GL and the desktop, a positive number or never (default \(defaultSeconds.compactText))")
        }
        return seconds
    }

    /// Executes this program again with the same arguments, asleep: the listener is kept open
    /// and the stop signals are blocked across the exec (the new image unblocks them once it
    /// catches them, so one sent meanwhile is not lost). Returns only when the exec failed,
    /// with why; the signals are unblocked again then.
    package func execute() -> String {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        sigprocmask(SIG_BLOCK, &signals, nil)
        _ = fcntl(descriptor, F_SETFD, 0)
        var environment = ProcessInfo.processInfo.environment
        // Socket activation's variables were for the first image (its listener is handed over
        // here); they may still be in the environment as read at start.
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { environment[name] = nil }
        environment[Self.variable] = text
        environment[Self.driverVariable] = driver ?? ""
        let arguments = CommandLine.arguments.map { strdup($0) } + [nil]
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        // The running program's file, even when a new version has replaced it on disk since.
        execve("/proc/self/exe", arguments, variables)
        let reason = UnixSocket.reason()
        (arguments + variables).forEach { free($0) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        sigprocmask(SIG_UNBLOCK, &signals, nil)
        return reason
    }

    /// This process's resident memory in words ("12.3 MB"), from /proc/self/statm; "?" when
    /// it cannot be read.
    static func residentText() -> String {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
              let pages = text.split(separator: " ").dropFirst().first.flatMap({ Double($0) }) else { return "?" }
        return "\((pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1e6).fixed(decimals: 1)) MB"
    }

    /// The GL driver this process has loaded: the first mapped file named `*_dri.so`.
    package static func loadedDriver() -> String? {
        guard let maps = procText("/proc/self/maps") else { return nil }
        return maps.split(separator: "\n").lazy.compactMap { line in line.firstIndex(of: "/").map { String(line[$0...]) } }.first { $0.hasSuffix("_dri.so") }
    }

    /// Whether the driver is kept loaded asleep: unless `$CONFETTI_RESIDENT_DRIVER_ASLEEP` is
    /// "unloaded" (the image asleep then holds 11 MB less, and a wake takes the driver's load).
    package static func keepsDriver(environment: [String: String]) -> Bool {
        environment["CONFETTI_RESIDENT_DRIVER_ASLEEP"] != "unloaded"
    }

    /// Loads `driver` as Mesa loads it (so GL's own load of it later finds it loaded), then
    /// gives back to the page cache every page of the files that load mapped which holds
    /// nothing of this process's own (no anonymous page in its mapping): they come back from
    /// the page cache when touched. Returns the files' count, 0 when it could not be loaded.
    @discardableResult
    package func keepDriver() -> Int {
        guard let driver else { return 0 }
        let before = Set(Self.mappings().map(\.path))
        guard dlopen(driver, RTLD_NOW | RTLD_GLOBAL) != nil else { return 0 }
        let loaded = Self.mappings().filter { !before.contains($0.path) }
        for mapping in loaded where mapping.anonymousKB == 0 {
            _ = madvise(UnsafeMutableRawPointer(bitPattern: mapping.start), Int(mapping.end - mapping.start), MADV_DONTNEED)
        }
        return Set(loaded.map(\.path)).count
    }

    /// The file mappings of this process (/proc/self/smaps): where, which file, and how much of
    /// it is the process's own (written, copied on write).
    static func mappings() -> [(start: UInt, end: UInt, path: String, anonymousKB: Int)] {
        guard let smaps = procText("/proc/self/smaps") else { return [] }
        var found: [(start: UInt, end: UInt, path: String, anonymousKB: Int)] = []
        var current: (start: UInt, end: UInt, path: String)?
        for line in smaps.split(separator: "\n") {
            if line.hasPrefix("Anonymous:"), let mapping = current {
                found.append((mapping.start, mapping.end, mapping.path, Int(line.split(separator: " ")[1]) ?? 1))
                current = nil
            } else if let dash = line.firstIndex(of: "-"), let start = UInt(line[..<dash], radix: 16),
                      let space = line.firstIndex(of: " "), let end = UInt(line[line.index(after: dash)..<space], radix: 16) {
                current = line.firstIndex(of: "/").map { (start, end, String(line[$0...])) }
            }
        }
        return found
    }

    /// A file of /proc read whole: they tell no size, so it is read until its end.
    static func procText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What ended a sleep.
    package enum Waking {
        /// A request that needs the overlay awake (fire or status).
        case request(ResidentServer.Incoming)
        /// A client sent `{"stop": {}}`, and was answered.
        case stopRequested
        case stopped(signal: Int32)
    }

    /// Serves `server`'s clients asleep, holding nothing a frame needs, until a request needs
    /// the overlay awake, a stop request or a stop signal. A line that is no request is
    /// refused here, as awake.
    package static func serve(_ server: ResidentServer) -> Waking {
        while true {
            if let signal = StopSignals.pending { return .stopped(signal: signal) }
            server.serve(waitingUpTo: nil, also: [StopSignals.descriptor].compactMap { $0 })
            while let incoming = server.next() {
                switch incoming.request {
                case .failure(let error):
                    server.send(ResidentReply.refused(error.description), to: incoming.client)
                case .success(.stop):
                    server.send(ResidentReply.accepted(), to: incoming.client)
                    return .stopRequested
                case .success:
                    return .request(incoming)
                }
            }
        }
    }
}
