import CPosix
import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc
import SystemPackage

/// `confetti overlay --resident`: an overlay that stays, playing each launch a client sends over
/// its socket (`ResidentServer`), launches overlapping in one celebration within
/// `Budget.residentCapacity`.
///
/// Free when idle: while nothing is alive or sounding its surfaces are hidden (or, with
/// `keepMapped`, left mapped and not drawn) and it sleeps in one `poll` with no timeout, on its
/// socket and clients, the desktop's connection (outputs added or removed, a compositor's
/// ping) and the stop signals' descriptor: it wakes only when one of them has something.
/// Playing, it sleeps until a surface's frame is due or a client writes. Fast to fire: the GL
/// context, shaders and rings are made once at start, so a launch is spawned, uploaded and
/// drawn on the next frame. For each launch it prints when its first frame was shown.
package final class ResidentOverlay {
    package struct Options: Sendable {
        package var overlay = Overlay.Options()
        /// Map the surfaces once and keep them mapped while idle, drawing nothing (the GNOME
        /// extension places the windows once).
        package var keepMapped = false
        /// Reduced motion for launches whose request does not say: the desktop's, read at start.
        package var reducedMotion = false
        /// Seconds from a request to its effect document made, pictures and all
        /// (`ResidentEffects.budget`).
        package var pictureBudget = ResidentEffects.defaultBudget
        /// Seconds idle before it sleeps small (`ResidentSleep`); nil: never. A kept-mapped
        /// overlay never sleeps: its windows stay.
        package var sleepAfter: Double? = ResidentSleep.defaultSeconds

        package init() {}
    }

    /// Why it ended.
    package enum Ending: Equatable, Sendable {
        /// A client sent `{"stop": {}}`.
        case stopRequested
        /// The desktop closed it.
        case closed
        /// SIGINT, SIGTERM or SIGHUP.
        case stopped(signal: Int32)
        /// Idle for `Options.sleepAfter` with no client connected: it is to sleep (`ResidentSleep`).
        case asleep
    }

    private let options: Options
    private let overlay: Overlay
    private let server: ResidentServer
    /// Effect documents being made off this thread.
    private let effects: ResidentEffects
    private var sound: SoundOutput?
    private var mapped = false
    private var frames = 0
    /// Launches accepted and not yet drawn: when each request came and when its sender started
    /// (`monotonicSeconds()`; nil when it could not be read).
    private var awaitingFrame: [(received: Double, senderStarted: Double?, index: Int)] = []
    /// The glow of the newest launch that has one, while it plays.
    private var bloom = Bloom.standard
    private var bloomUntil = -Double.infinity
    private let start = monotonicSeconds()

    /// An overlay serving `server`'s clients; after a sleep, `slept` gives the frames and
    /// launches before it, which count on.
    package init(options: Options, server: ResidentServer, slept: ResidentSleep? = nil) throws {
        self.options = options
        var overlayOptions = options.overlay
        overlayOptions.capacity = overlayOptions.capacity ?? Budget.residentCapacity
        overlay = try Overlay(options: overlayOptions)
        // Launches overlap, and each plays whole: one that would overwrite particles still
        // playing is refused, against what the rings hold (`Celebration.fire`).
        overlay.celebration.keepsLiveParticles = true
        self.server = server
        if let slept {
            frames = slept.frames
            overlay.celebration.launchesBefore(slept.launches)
        }
        effects = try ResidentEffects(budget: options.pictureBudget)
        if !options.overlay.muted {
            sound = SoundOutput(muted: false, name: "overlay")
        }
    }

    private var now: Double { monotonicSeconds() - start }
    /// With `keepMapped`, transparent frames are drawn while idle until this time (see `run`).
    private var clearUntil: Double?
    /// How long a kept-mapped overlay draws transparent frames after mapping and after a
    /// celebration: enough for every surface to be configured and shown on a busy machine.
    private static let clearingSeconds = 5.0

    /// How often a kept-mapped overlay draws its transparent frames while clearing: a frame a
    /// second gives each surface its buffer and clears the last particles, at next to no cost
    /// (the desktop's own frame pace would cost what a celebration costs, for nothing).
    private static let clearingInterval = 1.0

    /// The longest it waits for a frame while playing, when no frame callback comes (an output
    /// switched off): then it draws the others anyway.
    private static let frameWait = 0.05

    /// What wakes it besides its clients: the stop signals, and the desktop's connection except
    /// while only clearing (which looks at it between its frames).
    private func wakers(busy: Bool) -> [Int32] {
        [busy || clearUntil == nil ? overlay.surfaces.eventDescriptor : nil, StopSignals.descriptor, effects.descriptor].compactMap { $0 }
    }

    /// How long it serves requests between two frames while playing: past it, the requests
    /// still waiting are taken after the next frame, so a flood of them never stops the
    /// drawing, and each client takes its turn (`ResidentServer.next`).
    private static let requestShare = 0.02

    /// Serves clients until a stop request, a stop signal, the desktop closing it or its time
    /// to sleep; `first` is a request taken while asleep, served first.
    package func run(first: ResidentServer.Incoming? = nil) throws -> Ending {
        defer { sound?.stop() }
        if options.keepMapped {
            try map()
            clearUntil = now + Self.clearingSeconds
        }
        if let first, try handle(first) { return .stopRequested }
        var quietSince = now
        while true {
            if let signal = StopSignals.pending { return .stopped(signal: signal) }
            let busy = isBusy(at: now)
            if busy || server.clientCount > 0 || effects.count > 0 { quietSince = now }
            // Every event read so far handled and every request sent, so that the wait below
            // sees the desktop's next event on the connection itself.
            try overlay.surfaces.dispatch(waitingUpTo: 0)
            // Playing, it waits for the next frame (or a client); idle, for a client or the desktop.
            var wait = busy ? (overlay.surfaces.isFrameDue ? 0 : Self.frameWait) : clearUntil.map { _ in Self.clearingInterval }
            if let due = effects.nextDeadline.map({ $0 - monotonicSeconds() }) { wait = min(wait ?? due, max(0, due)) }
            if let sleepAt = sleepTime(quietSince: quietSince) { wait = min(wait ?? .infinity, max(0, sleepAt - now)) }
            // The last piece died since the frame before: hidden below at once, not at the next client.
            if !busy, mapped, !options.keepMapped { wait = 0 }
            server.serve(waitingUpTo: wait, also: wakers(busy: busy))
            try overlay.surfaces.dispatch(waitingUpTo: 0)
            if overlay.surfaces.isClosed { return .closed }
            for outcome in effects.collect(now: monotonicSeconds()) { play(outcome) }
            let turn = monotonicSeconds()
            while monotonicSeconds() - turn < Self.requestShare, let request = server.next() {
                quietSince = now
                if try handle(request) { return .stopRequested }
            }
            let time = now
            sound?.follow(time: time, speed: 1, paused: false, at: monotonicSeconds())
            if isBusy(at: time) {
                try map()
                try drawFrame(at: time)
                clearUntil = options.keepMapped ? time + Self.clearingSeconds : nil
            } else if let until = clearUntil {
                // Kept mapped: transparent frames for a moment, so that each surface has a
                // buffer (a window is shown, and placed by the GNOME extension, only once it
                // has one) and the last particles are cleared away; then nothing.
                try drawFrame(at: time)
                if time >= until { clearUntil = nil }
            } else if mapped && !options.keepMapped {
                overlay.surfaces.hide()
                mapped = false
                Self.say("resident: idle, surfaces hidden after \(frames) frames")
            } else if let sleepAt = sleepTime(quietSince: quietSince), time >= sleepAt, server.clientCount == 0, effects.count == 0, awaitingFrame.isEmpty {
                return .asleep
            }
        }
    }

    /// When it sleeps if nothing happens from `quietSince` on: nil while mapped, clearing, or
    /// kept mapped, or when it never sleeps.
    private func sleepTime(quietSince: Double) -> Double? {
        guard let after = options.sleepAfter, !options.keepMapped, !mapped, clearUntil == nil else { return nil }
        return quietSince + after
    }

    /// What a sleep hands the next image: the frames and launches so far.
    package func sleep(listener: ResidentListener) -> ResidentSleep {
        ResidentSleep(descriptor: listener.descriptor, boundPath: listener.boundPath ?? "", frames: frames, launches: overlay.celebration.launches)
    }

    private func isBusy(at time: Double) -> Bool {
        !overlay.celebration.isIdle(at: time) || sound?.isSounding(at: time) == true
    }

    private func map() throws {
        guard !mapped else { return }
        try overlay.surfaces.show()
        mapped = true
    }

    private func drawFrame(at time: Double) throws {
        let bloom = time < bloomUntil ? self.bloom : Bloom.standard
        var drawn = false
        try overlay.surfaces.drawDue { output, frame in
            drawn = true
            return try overlay.drawFrame(at: time, on: output, frame: frame, bloom: bloom)
        }
        guard drawn else { return }
        frames += 1
        let shown = monotonicSeconds()
        for waiting in awaitingFrame {
            let afterRequest = shown - waiting.received
            // From the sender's own start: what a script that ran `confetti fire` waits.
            let afterSender = waiting.senderStarted.map { ", \((shown - $0).fixed(decimals: 3)) s after its sender started" } ?? ""
            Self.say("resident: launch \(waiting.index) first frame \(afterRequest.fixed(decimals: 3)) s after its request\(afterSender)")
        }
        awaitingFrame = []
    }

    /// Serves one request; true when it asks the overlay to stop.
    private func handle(_ incoming: ResidentServer.Incoming) throws -> Bool {
        switch incoming.request {
        case .failure(let error):
            server.send(ResidentReply.refused(error.description), to: incoming.client)
        case .success(.stop):
            server.send(ResidentReply.accepted(), to: incoming.client)
            return true
        case .success(.status):
            server.send(ResidentReply.accepted(status), to: incoming.client)
        case .success(.fire(let fire)):
            let job = ResidentEffects.Job(client: incoming.client, pid: incoming.pid, fire: fire, received: incoming.received)
            guard case .preset = fire.source else {
                // A document's pictures are made off this thread; it is played when they are.
                effects.add(job)
                return false
            }
            do {
                play(.made(job, try Self.effect(of: fire.source).0, name: Self.name(of: fire.source)))
            } catch {
                server.send(ResidentReply.refused(Self.words(for: error)), to: incoming.client)
            }
        }
        return false
    }

    /// What messages call the effect of `source`.
    private static func name(of source: ResidentRequest.Fire.Source) -> String {
        if case .preset(let name) = source { return name }
        return "the effect"
    }

    /// Plays a request whose effect is made, and answers it; answers one that could not be
    /// made with its refusal. A request whose client has gone is not played: nobody would hear
    /// that it was.
    private func play(_ outcome: ResidentEffects.Outcome) {
        switch outcome {
        case .refused(let job, let reason):
            server.send(ResidentReply.refused(reason), to: job.client)
        case .made(let job, let effect, let name):
            guard server.isConnected(job.client) else { return }
            do {
                let index = try launch(job.fire, effect: effect, name: name)
                // Read before the reply, while the sender still waits on it.
                let senderStarted = ProcessClock.secondsSinceStart(of: job.pid).map { monotonicSeconds() - $0 }
                awaitingFrame.append((job.received, senderStarted, index))
                server.send(ResidentReply.accepted([("launch", .number(Double(index)))]), to: job.client)
            } catch {
                server.send(ResidentReply.refused(Self.words(for: error)), to: job.client)
            }
        }
    }

    /// What `status` replies: the particles alive, the outputs, frames drawn, whether mapped,
    /// launches so far, effect documents being made and its process id.
    private var status: [(String, JSONText)] {
        let outputs: [JSONText] = overlay.surfaces.outputs.map {
            .object([("name", .string($0.name)), ("x", .number($0.x)), ("y", .number($0.y)), ("width", .number($0.width)),
                     ("height", .number($0.height)), ("scale", .number($0.scale))])
        }
        return [("alive", .number(Double(overlay.celebration.liveParticles(at: now)))), ("outputs", .array(outputs)),
                ("frames", .number(Double(frames))), ("mapped", .bool(mapped)),
                ("launches", .number(Double(overlay.celebration.launches))), ("making", .number(Double(effects.count))),
                ("pid", .number(Double(getpid())))]
    }

    /// Plays one fire request, its effect made: as the `overlay` command would play it, at its
    /// place; with its seed, the launch that seed gives. Returns the launch's index.
    private func launch(_ fire: ResidentRequest.Fire, effect: Effect, name: String) throws -> Int {
        let played = try EffectOverrides(reducedMotion: fire.reducedMotion ?? options.reducedMotion, for: effect, name: name).applied(to: effect)
        // An output the desktop does not have is refused before the launch is admitted.
        let placement = try overlay.placement(for: LaunchPlace(at: fire.at, output: fire.output))
        let time = now
        // Checked against the budget once, by the celebration, against what its rings hold.
        let launched = try overlay.launch(played, at: time, on: placement, seed: fire.seed)
        if !fire.mute { sound?.add(launched.sounds) }
        if played.bloom.isEnabled {
            bloom = played.bloom
            bloomUntil = time + played.kind.definition.seconds(played)
        }
        return overlay.celebration.launches - 1
    }

    /// The effect a request names, and what messages call it: a name as any command takes it
    /// (a built-in preset, else a named effect of the folders this overlay's environment gives),
    /// a document as read.
    package static func effect(of source: ResidentRequest.Fire.Source) throws -> (Effect, String) {
        let reference: EffectReference
        switch source {
        case .preset(let name): reference = .name(name)
        case .effect(let document): reference = .document(document, name: "the effect", folder: nil)
        }
        // Its launch is checked against the budget once, when it is fired.
        let resolved = try reference.resolve(among: .standard, checksLaunch: false)
        return (resolved.effect, resolved.name)
    }

    /// A refusal in the words `confetti` prints for it: every refusal describes itself.
    static func words(for error: any Error) -> String {
        // Interpolated, not cast: on Linux every error casts to CustomStringConvertible through
        // NSError, whose description is not the refusal's words.
        "\(error)"
    }

    package func close() { overlay.close() }
}

extension ResidentOverlay {
    /// One line on standard output: the overlay's log, a line per launch and per change of state.
    static func say(_ line: String) {
        StandardStream.output((line + "\n").utf8)
    }

    /// `confetti overlay --resident` in the foreground: listens (on the socket systemd passed, or
    /// its own), serves until stopped, and returns the exit status with its last line printed.
    package static func runInForeground(_ options: Options, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int32 {
        var options = options
        options.pictureBudget = try ResidentEffects.budget(environment: environment)
        options.sleepAfter = try ResidentSleep.seconds(environment: environment)
        // Caught from the start, so that a stop during start-up still ends cleanly.
        StopSignals.install()
        let handedOver = ResidentSleep.handedOver(environment: environment)
        let listener = try handedOver?.1 ?? ResidentListener.activated(environment: environment) ?? ResidentListener.bind(ResidentSocketPath(environment: environment))
        let server = ResidentServer(listener: listener)
        defer { server.close() }
        let place = listener.boundPath ?? "the socket systemd passed"
        var slept = handedOver?.0
        var asleep = slept != nil
        while true {
            var first: ResidentServer.Incoming?
            if asleep, let slept {
                // What start-up freed (the emoji presets' font files among it) goes back to the system.
                let kept = ResidentSleep.keepsDriver(environment: environment) ? slept.keepDriver() : 0
                confetti_return_freed_memory()
                say("resident: asleep at \(place), \(ResidentSleep.residentText()) resident, \(kept) files of the GL driver kept loaded")
                switch ResidentSleep.serve(server) {
                case .stopRequested:
                    say("resident: stopped after \(slept.frames) frames")
                    return 0
                case .stopped(let signal):
                    StandardStream.error("confetti: resident overlay stopped by \(StopSignals.name(signal))\n")
                    return 128 + signal
                case .request(let incoming):
                    first = incoming
                }
            }
            let waking = monotonicSeconds()
            let resident: ResidentOverlay
            do {
                resident = try ResidentOverlay(options: options, server: server, slept: slept)
            } catch {
                if let first { server.send(ResidentReply.refused("the resident overlay could not start drawing again: \(words(for: error))"), to: first.client) }
                throw error
            }
            if !asleep, slept == nil {
                if let notice = resident.overlay.surfaces.notice { StandardStream.error("confetti: \(notice)\n") }
                say("resident: listening at \(place) (\(options.keepMapped ? "kept mapped" : "hidden") while idle)")
            } else {
                say("resident: awake in \((monotonicSeconds() - waking).fixed(decimals: 3)) s")
            }
            let ending: Ending, sleep: ResidentSleep
            do {
                defer { resident.close() }
                ending = try resident.run(first: first)
                // Read while the GL driver is loaded: closing may unload it.
                sleep = resident.sleep(listener: listener)
            }
            switch ending {
            case .stopRequested, .closed:
                say("resident: stopped after \(resident.frames) frames")
                return 0
            case .stopped(let signal):
                StandardStream.error("confetti: resident overlay stopped by \(StopSignals.name(signal))\n")
                return 128 + signal
            case .asleep:
                say("resident: sleeping after \((options.sleepAfter ?? 0).compactText) s idle, \(resident.frames) frames")
                let reason = sleep.execute()
                StandardStream.error("confetti: the resident overlay cannot sleep (executing itself again failed: \(reason)); it stays awake\n")
                options.sleepAfter = nil
                (slept, asleep) = (sleep, false)
            }
        }
    }
}
