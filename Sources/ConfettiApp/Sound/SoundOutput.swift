import CPulse
import ConfettiCore
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The viewer's and the overlay's sound: the track of what has been launched, played through
/// PulseAudio's simple API (PipeWire plays it too, through pipewire-pulse) on a thread of its
/// own, so no frame ever waits for the sound server.
///
/// The frame loop only tells it what was launched (`add`) and where the animation clock is
/// (`follow`), under a lock held for a few stores. The thread asks the server how long until
/// what it writes next is heard, and writes the track's samples for the animation time of that
/// moment: in step with what is on the screen, at the clock's speed (faster and higher, slower
/// and lower, as a tape would), silent while paused or muted. It keeps its own place in the
/// track and moves it to the clock's only when they part by more than 40 ms (a step, a rewind,
/// the end of a pause), so the sound does not stutter with the frame rate.
///
/// With no sound server it says so in one line and stops; the caller goes on without sound.
package final class SoundOutput: @unchecked Sendable {
    /// What the frame loop tells the thread, under the mutex `shared`.
    private struct Shared {
        var added: [SoundEvent] = []
        var cleared = false
        /// Paused until the frame loop first says where its clock is: the window and its
        /// programs take a while to make, and the clock does not run meanwhile.
        var time = 0.0, wall = 0.0, speed = 1.0, paused = true
        var muted = false
        var stopping = false
        /// Whether the thread was started (on its own queue, which has a thread to itself while it runs).
        var started = false
    }

    private let shared: Mutex<Shared>
    private let finished = DispatchSemaphore(value: 0)
    private let notice: @Sendable (String) -> Void
    /// Which application and stream the sound server lists it as.
    private let name: String

    /// Samples written per turn: 20 ms.
    static let block = 960
    /// How far the track's place may drift from the clock's, s, on two blocks running, before it
    /// is moved there: after the server ran dry (a starved thread), a step, a rewind. Above the
    /// few milliseconds the server's latency readings wander by on a busy machine (each move is
    /// a jump in the sound), well within what an eye and an ear take as together.
    package static let slack = 0.02
    /// A reading of the latency is trusted only when the clock moved less than this while it
    /// was taken (the thread was not kept off the CPU meanwhile), s.
    static let readingSpan = 0.001

    /// Starts playing (connecting on a thread of its own) unless `muted`: then it connects when
    /// first unmuted. `notice` gets the one line said when there is no server.
    package init(muted: Bool, name: String = "celebration", notice: @escaping @Sendable (String) -> Void = SoundOutput.stderrNotice) {
        self.notice = notice
        self.name = name
        shared = Mutex(Shared(wall: monotonicSeconds(), muted: muted, started: !muted))
        if !muted { start() }
    }

    deinit { stop() }

    /// One line on stderr, as the commands' own notices are.
    package static let stderrNotice: @Sendable (String) -> Void = { message in
        StandardStream.error("confetti: " + message + "\n")
    }

    /// Sounds of a launch, on the animation clock.
    package func add(_ events: [SoundEvent]) {
        guard !events.isEmpty else { return }
        // Kept as the thread's track keeps them (`TrackReader`), also while no thread takes them.
        shared.withLock { shared in
            shared.added += events.suffix(SoundTrack.playedEvents)
            if shared.added.count > SoundTrack.playedEvents { shared.added.removeFirst(shared.added.count - SoundTrack.playedEvents) }
        }
        lastEnd = max(lastEnd, events.map { $0.time + $0.duration }.max() ?? 0)
    }

    /// What has been added and not yet taken by the thread, the latest `SoundTrack.playedEvents`:
    /// everything added since the start while muted, since no thread runs before the first unmute.
    package var unread: [SoundEvent] { shared.withLock { $0.added } }

    /// When the last sound added ends, on the animation clock (the frame loop's own).
    package private(set) var lastEnd = -Double.infinity

    /// Whether something added may still be heard at `time`: the last sound has not ended, or
    /// is still in the server's buffer (0.2 s).
    package func isSounding(at time: Double) -> Bool { !isMuted && time < lastEnd + 0.25 }

    /// Forgets every sound (the viewer's R).
    package func clear() {
        shared.withLock { shared in
            shared.added = []
            shared.cleared = true
        }
    }

    /// Where the animation clock is, and how it runs: `time` at `wall` (`monotonicSeconds()`, taken
    /// where the frame loop read its own clock).
    package func follow(time: Double, speed: Double, paused: Bool, at wall: Double = monotonicSeconds()) {
        shared.withLock { shared in
            shared.time = time
            shared.wall = wall
            shared.speed = speed
            shared.paused = paused
        }
    }

    package var isMuted: Bool {
        get { shared.withLock { $0.muted } }
        set {
            let begin = shared.withLock { shared in
                shared.muted = newValue
                guard !newValue, !shared.started else { return false }
                shared.started = true
                return true
            }
            if begin { start() }
        }
    }

    /// Ends the thread, waiting at most a second (a write takes 20 ms).
    package func stop() {
        let running = shared.withLock { shared in
            shared.stopping = true
            return shared.started
        }
        if running { _ = finished.wait(timeout: .now() + 1) }
    }

    /// Starts the thread; the caller has set `started`.
    private func start() {
        DispatchQueue(label: "confetti sound").async { [self] in
            play()
            finished.signal()
        }
    }

    /// The thread: connects, then writes block after block until stopped.
    private func play() {
        var spec = pa_sample_spec(format: PA_SAMPLE_S16LE, rate: UInt32(SoundTrack.sampleRate), channels: UInt8(SoundTrack.channels))
        // 200 ms in the server's buffer, so that a thread kept off the CPU that long (a busy
        // machine, a debug build) does not run it dry; the clock is followed all the same, since
        // every block is written for the moment the server says it will be heard.
        let bytesPerFrame = UInt32(SoundTrack.channels * 2)
        var attributes = pa_buffer_attr(maxlength: UInt32.max, tlength: 10 * UInt32(Self.block) * bytesPerFrame, prebuf: UInt32.max,
                                        minreq: UInt32(Self.block) * bytesPerFrame, fragsize: UInt32.max)
        var error: Int32 = 0
        guard let server = pa_simple_new(nil, "confetti", PA_STREAM_PLAYBACK, nil, name, &spec, nil, &attributes, &error) else {
            notice("no sound: \(String(cString: pa_strerror(error))) (no PulseAudio or PipeWire server); playing on without it")
            return
        }
        defer { pa_simple_free(server) }
        var reader = TrackReader()
        var place: Double?
        var drifting = false
        let silence = [Int16](repeating: 0, count: Self.block * SoundTrack.channels)
        var lastDrop = 0.0
        while true {
            let now = shared.withLock { shared -> Shared? in
                guard !shared.stopping else { return nil }
                let copy = shared
                shared.added = []
                shared.cleared = false
                return copy
            }
            guard let now else { return }
            if now.cleared {
                reader = TrackReader()
                place = nil
            }
            // A sound that should have begun before what is already written (a pop at a click,
            // a lift at a launch) begins with the next block instead: a moment late, but whole.
            let next = place.map { ($0 / Double(SoundTrack.sampleRate)).nextUp } ?? -Double.infinity
            reader.add(now.added.map { $0.time < next ? $0.delayed(by: next - $0.time) : $0 })
            var block: [Int16]
            if now.paused || now.muted || now.speed <= 0 {
                place = nil
                block = silence
            } else {
                let before = monotonicSeconds()
                let latency = Double(pa_simple_get_latency(server, &error)) * 1e-6
                let after = monotonicSeconds()
                if after - before < Self.readingSpan || place == nil {
                    let heard = now.time + ((before + after) / 2 - now.wall + latency) * now.speed
                    let target = (heard * Double(SoundTrack.sampleRate)).rounded()
                    let apart = place.map { abs($0 - target) > Self.slack * Double(SoundTrack.sampleRate) } ?? true
                    if place == nil || apart && drifting { place = target }
                    drifting = apart && place != target
                }
                block = reader.samples(at: place!, step: now.speed, count: Self.block)
                place! += Double(Self.block) * now.speed
                if abs(place! - lastDrop) > TrackReader.dropEvery {
                    reader.dropEnded(before: Int(place!) - TrackReader.keptBehind)
                    lastDrop = place!
                }
            }
            let written = block.withUnsafeBytes { pa_simple_write(server, $0.baseAddress, $0.count, &error) }
            if written < 0 {
                notice("sound stopped: \(String(cString: pa_strerror(error)))")
                return
            }
        }
    }
}

/// The track read forwards, with its last samples kept: each block goes on from where the last
/// ended (so its voices run on, never started again), and a block at another speed reads
/// between samples. A jump anywhere else starts reading afresh there.
///
/// It keeps a window of the track: at most `SoundTrack.playedEvents` events, and the thread
/// forgets what ended `keptBehind` before its place every `dropEvery` samples played (a rewind
/// past that plays it no more), so the events kept, and what each block and each launch costs, stay
/// bounded however long the viewer runs and however much it launches.
package struct TrackReader {
    private var player = SoundPlayer(SoundTrack())
    /// Samples the thread plays between forgetting what has ended (half a second).
    package static let dropEvery = Double(SoundTrack.sampleRate / 2)
    /// Samples behind its place whose events it still keeps (2 s): the place moves back to the
    /// clock when they part (a starved thread, a step back), and what it moves back over is
    /// still heard.
    package static let keptBehind = 2 * SoundTrack.sampleRate
    /// The events kept.
    package var kept: Int { player.track.events.count }
    /// Samples from `start` (interleaved stereo, as the track makes them).
    private var buffer: [Double] = []
    private var start = 0

    package init() {}

    package mutating func add(_ events: [SoundEvent]) {
        guard !events.isEmpty else { return }
        player.add(events, keeping: SoundTrack.playedEvents)
        // Events may land inside what was read ahead: read it again.
        buffer = []
    }

    package mutating func dropEnded(before sample: Int) { player.dropEnded(before: sample) }

    /// `count` frames from the fractional sample `place`, one every `step` samples, linearly
    /// between the track's samples (its own samples exactly when place and step are whole).
    package mutating func samples(at place: Double, step: Double, count: Int) -> [Int16] {
        let first = Int(place.rounded(.down))
        let last = Int((place + Double(count - 1) * step).rounded(.down)) + 1
        read(first...last)
        var out = [Int16](repeating: 0, count: count * SoundTrack.channels)
        for j in 0..<count {
            let p = place + Double(j) * step
            let k = Int(p.rounded(.down)), f = p - Double(k)
            for c in 0..<SoundTrack.channels {
                let a = buffer[(k - start) * SoundTrack.channels + c]
                let b = f == 0 ? 0 : buffer[(k + 1 - start) * SoundTrack.channels + c]
                out[j * SoundTrack.channels + c] = SoundPlayer.quantise(f == 0 ? a : a * (1 - f) + b * f)
            }
        }
        return out
    }

    /// Makes `buffer` hold at least `range`, reading on from its end when it can.
    private mutating func read(_ range: ClosedRange<Int>) {
        let end = start + buffer.count / SoundTrack.channels
        if buffer.isEmpty || range.lowerBound < start || range.lowerBound > end {
            start = range.lowerBound
            buffer = player.render(from: start, count: range.count)
            return
        }
        if range.upperBound >= end { buffer += player.render(from: end, count: range.upperBound + 1 - end) }
        // Keep what is still ahead.
        let drop = range.lowerBound - start
        if drop > 0 {
            buffer.removeFirst(drop * SoundTrack.channels)
            start = range.lowerBound
        }
    }
}
