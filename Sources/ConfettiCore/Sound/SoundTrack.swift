/// A schedule's sound as a track: every event placed on the sample clock and panned, and the
/// limiter's gain, all fixed by the events alone. Sample n is the sum of the events sounding at
/// n times the gain at n, so any window of the track can be synthesised on its own and is the
/// same bytes as that stretch of the whole (`SoundPlayer`).
///
/// The limiter: each event's samples never exceed its loudness (`Voice`), so at any sample the
/// sum is bounded by the loudness of the events sounding then. Where that bound is above the
/// ceiling (−1 dBFS) the gain is ceiling ÷ bound; it ramps down to that 5 ms before (the
/// schedule is known ahead, so the limiter can look ahead) and back up over 250 ms after. The
/// gain is a function of the schedule and the sample index, not of what was played before, so
/// seeking stays exact and no sample passes the ceiling.
package struct SoundTrack: Sendable {
    /// Samples per second, per channel.
    package static let sampleRate = 48_000
    /// Stereo, interleaved left, right.
    package static let channels = 2
    /// −1 dBFS (10^(−1/20) = 0.89125…, rounded down).
    package static let ceiling = 0.891
    /// Samples over which the gain falls ahead of a loud stretch, and rises after one.
    static let attack = 240.0, release = 12_000.0

    package struct Placed: Sendable {
        package var event: SoundEvent
        /// Its place in the order events were added to the track, which dropping others keeps
        /// (a player's running voice is found by it).
        package var serial = 0
        /// Its first sample and how many it lasts.
        package var start: Int
        package var length: Int
        /// Gains on the left and right channel, constant power (their squares add to 1).
        var left: Double
        var right: Double
        /// Where it can be non-zero, in samples from its start: all of it, or a crackle's clicks.
        var spans: [Range<Int>]
        package var end: Int { start + length }
    }

    /// A stretch of samples over which the gain is held at most `gain` (below 1).
    struct Hold: Sendable {
        var start: Int
        var end: Int
        var gain: Double
    }

    package private(set) var events: [Placed] = []
    /// The limiter's holds for `events` once `settle()` has run since they last changed.
    private(set) var holds: [Hold] = []
    /// Whether `events` changed since `holds` were worked out.
    private var unsettled = false
    /// How many events were ever added: the next one's `serial`.
    private var added = 0

    /// The events a track played live keeps at most (the viewer's and the overlay's, played
    /// onwards as launches come): a launch can make ten thousand sounds (a crackle per star), and
    /// each kept costs memory and its share of every block played. Past it the earliest added are
    /// forgotten. A track made whole from a schedule (render, verify) keeps every event.
    package static let playedEvents = 2_048

    package init(_ events: [SoundEvent] = []) {
        add(events)
        settle()
    }

    /// Adds events (a launch in the viewer), keeping at most `limit`, the latest added: its cost
    /// is that of the events added (and of those forgotten); the gain is worked out again, from
    /// every event kept, once, when next played (`settle`).
    package mutating func add(_ more: [SoundEvent], keeping limit: Int = .max) {
        guard !more.isEmpty else { return }
        let kept = more.suffix(max(limit, 0))
        for event in kept {
            var placed = Self.place(event)
            placed.serial = added + more.count - kept.count
            added += 1
            events.append(placed)
        }
        added += more.count - kept.count
        if events.count > limit { events.removeFirst(events.count - limit) }
        unsettled = true
    }

    /// Forgets the events that have ended before `sample` (the viewer's track, played onwards).
    package mutating func dropEnded(before sample: Int) {
        let kept = events.filter { $0.end + Int(Self.release) > sample }
        guard kept.count != events.count else { return }
        events = kept
        unsettled = true
    }

    /// Works out the limiter's gain from the events, if they changed since it last was.
    package mutating func settle() {
        guard unsettled else { return }
        holds = Self.holds(events)
        unsettled = false
    }

    /// Samples (per channel) until the last event has ended.
    package var sampleCount: Int { events.map(\.end).max() ?? 0 }

    /// The sample at `seconds`, to the nearest.
    package static func sample(at seconds: Double) -> Int { Int((seconds * Double(sampleRate)).rounded()) }

    static func place(_ event: SoundEvent) -> Placed {
        let voice = Voice(event)
        // Never hard to one side: x from 0 to 1 pans from 0.2 to 0.8.
        let p = 0.2 + 0.6 * min(max(event.x, 0), 1)
        let spans = event.kind == .crackle
            ? voice.clicks.map { $0..<min($0 + Voice.clickLength, voice.length) }
            : [0..<voice.length]
        return Placed(event: event, start: sample(at: event.time), length: voice.length, left: (1 - p).squareRoot(), right: p.squareRoot(), spans: spans)
    }

    /// Where the loudest channel's bound passes the ceiling, and the gain that holds it there.
    static func holds(_ events: [Placed]) -> [Hold] {
        // (sample, change in the left bound, change in the right bound), swept in order.
        var changes: [(Int, Double, Double)] = []
        for e in events {
            let l = e.event.loudness * e.left, r = e.event.loudness * e.right
            for span in e.spans {
                changes.append((e.start + span.lowerBound, l, r))
                changes.append((e.start + span.upperBound, -l, -r))
            }
        }
        changes.sort { $0.0 < $1.0 }
        var holds: [Hold] = []
        var left = 0.0, right = 0.0
        var k = 0
        while k < changes.count {
            let at = changes[k].0
            while k < changes.count && changes[k].0 == at {
                left += changes[k].1
                right += changes[k].2
                k += 1
            }
            guard k < changes.count else { break }
            let bound = max(left, right)
            guard bound > ceiling else { continue }
            let hold = Hold(start: at, end: changes[k].0, gain: ceiling / bound)
            // Holds a few milliseconds apart (a crackle's clicks) become one at the lower gain:
            // the gain only ever falls for it, so the bound still holds, with far fewer to weigh.
            if let last = holds.last, hold.start - last.end <= mergeGap {
                holds[holds.count - 1] = Hold(start: last.start, end: hold.end, gain: min(last.gain, hold.gain))
            } else {
                holds.append(hold)
            }
        }
        return holds
    }

    /// Samples between two holds that are kept apart (10 ms).
    static let mergeGap = 480

    /// The gain at sample `n` given the holds that can reach it.
    @inline(__always)
    static func gain(at n: Int, _ holds: ArraySlice<Hold>) -> Double {
        var g = 1.0
        for h in holds {
            let ahead = h.start > n ? Double(h.start - n) * (1 / attack) : 0
            let after = n >= h.end ? Double(n - h.end + 1) * (1 / release) : 0
            g = min(g, h.gain + ahead + after)
        }
        return g
    }

    /// The holds that can lower the gain in `samples`.
    func holds(reaching samples: Range<Int>) -> ArraySlice<Hold> {
        ArraySlice(holds.filter { $0.start - Int(Self.attack) < samples.upperBound && $0.end + Int(Self.release) > samples.lowerBound })
    }
}

/// Plays a track: synthesises any window of it, keeping each voice running between windows
/// that follow each other, and starting a voice again from its onset when a window comes
/// before where it had got to. Either way the samples are the same.
package struct SoundPlayer: Sendable {
    package private(set) var track: SoundTrack
    /// Voices running, by their event's `serial`.
    private var voices: [Int: Voice] = [:]

    package init(_ track: SoundTrack) { self.track = track }

    /// Adds events, keeping at most `limit` (`SoundTrack.add`).
    /// The earliest added are the ones forgotten past the limit, so the voices kept are those
    /// of serials from the first event kept on.
    package mutating func add(_ events: [SoundEvent], keeping limit: Int = .max) {
        track.add(events, keeping: limit)
        if let first = track.events.first?.serial, voices.keys.contains(where: { $0 < first }) {
            voices = voices.filter { $0.key >= first }
        }
    }

    /// Forgets what has ended before `sample`.
    package mutating func dropEnded(before sample: Int) {
        let count = track.events.count
        track.dropEnded(before: sample)
        guard track.events.count != count, !voices.isEmpty else { return }
        let kept = Set(track.events.map(\.serial))
        voices = voices.filter { kept.contains($0.key) }
    }

    /// `count` stereo samples from sample `start` (interleaved, left first), each at most the
    /// ceiling in magnitude.
    package mutating func render(from start: Int, count: Int) -> [Double] {
        var out = [Double](repeating: 0, count: count * SoundTrack.channels)
        let end = start + count
        track.settle()
        for placed in track.events where placed.start < end && placed.end > start {
            var voice = voices[placed.serial] ?? Voice(placed.event)
            let from = max(start, placed.start)
            if placed.start + voice.i > from { voice = Voice(placed.event) }
            while placed.start + voice.i < from { _ = voice.next() }
            for n in from..<min(end, placed.end) {
                let v = voice.next()
                out[2 * (n - start)] += v * placed.left
                out[2 * (n - start) + 1] += v * placed.right
            }
            voices[placed.serial] = placed.end > end ? voice : nil
        }
        let holds = track.holds(reaching: start..<end)
        if !holds.isEmpty {
            for n in start..<end {
                let g = SoundTrack.gain(at: n, holds)
                out[2 * (n - start)] *= g
                out[2 * (n - start) + 1] *= g
            }
        }
        return out
    }

    /// The window as 16-bit PCM, little-endian, interleaved.
    package mutating func pcm16(from start: Int, count: Int) -> [Int16] {
        render(from: start, count: count).map(Self.quantise)
    }

    @inline(__always)
    package static func quantise(_ x: Double) -> Int16 {
        Int16((min(max(x, -1), 1) * 32_767).rounded())
    }
}
