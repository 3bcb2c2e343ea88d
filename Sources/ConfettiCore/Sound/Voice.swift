/// One event being synthesised, sample by sample from its onset: seeded noise shaped by
/// polynomial envelopes and one-pole filters, a few tones from a phase and `SoundMath.sine`.
/// Its filters are recurrences, so sample i needs samples 0…i−1 first; `SoundPlayer` keeps a
/// voice running across windows and starts it again from its onset when played from earlier.
/// Every sample lies in [−loudness, loudness] (`SoundMath.saturate`), which the limiter counts
/// on. How each kind of sound is made lives here, and only here.
struct Voice {
    let event: SoundEvent
    /// Samples it lasts.
    let length: Int
    /// The next sample's index from the onset.
    private(set) var i = 0
    private var low = 0.0, low2 = 0.0, high = 0.0, phase = 0.0
    /// Crackle: the onsets of its clicks, in samples from its own onset, in order.
    let clicks: [Int]
    private var nextClick = 0

    static let rate = SoundMath.sampleRate
    /// Samples a crackle's click lasts (1.5 ms).
    static let clickLength = 72

    init(_ event: SoundEvent) {
        self.event = event
        length = max(Int((event.duration * Self.rate).rounded()), 1)
        if event.kind == .crackle {
            // `size` clicks (a crackling star's sparks), at seeded times, the first at the onset.
            let count = min(max(Int(event.size.rounded()), 1), 64)
            let span = Double(max(length - Self.clickLength, 1))
            clicks = ([0] + (1..<count).map { Int((SoundMath.unit(event.seed, $0) * span).rounded(.down)) }).sorted()
        } else {
            clicks = []
        }
    }

    /// Sample `i`, then moves on to the next.
    mutating func next() -> Double {
        defer { i += 1 }
        guard i < length else { return 0 }
        let u = Double(i) / Double(length)             // 0…1 through the event
        let t = Double(i) * (1 / Self.rate)            // seconds since the onset
        let x = SoundMath.noise(event.seed, i)
        let value: Double
        switch event.kind {
        case .burst: value = burst(x, u: u, t: t)
        case .lift: value = lift(x, u: u, t: t)
        case .crackle: value = crackle()
        case .fizz: value = fizz(x, u: u)
        case .pop: value = pop(x, u: u, t: t)
        case .rustle: value = rustle(x, u: u)
        }
        return event.loudness * SoundMath.saturate(value)
    }

    /// A report and a boom: 8 ms of bare noise (the crack, which is where the onset is heard),
    /// low-passed noise decaying as (1 − u)⁴ (the boom: darker for a larger shell), and a low
    /// thump, lower for a larger shell, gone in a quarter of a second.
    private mutating func burst(_ x: Double, u: Double, t: Double) -> Double {
        let size = min(max(event.size, 0.2), 2)
        let crackLength = 0.008
        let crack = t < crackLength ? (1 - t / crackLength) * (1 - t / crackLength) : 0
        low += SoundMath.lowpass(900 / (0.6 + size)) * (x - low)
        low2 += SoundMath.lowpass(1_400 / (0.6 + size)) * (low - low2)
        let fall = (1 - u) * (1 - u)
        let attack = min(t * (1 / 0.003), 1)
        let boom = low2 * 14 * attack * fall * fall
        phase += (95 - 30 * min(size, 1.5)) * (1 - 0.3 * u) * (1 / Self.rate)
        let thumpEnvelope = t < 0.25 ? (1 - t * 4) * (1 - t * 4) : 0
        return 2.2 * x * crack + boom + 0.9 * SoundMath.sine(phase) * thumpEnvelope * attack
    }

    /// A rocket's climb: noise through a band that rises from 400 Hz to 2 kHz, swelling in over
    /// 80 ms and fading over the last half of the climb.
    private mutating func lift(_ x: Double, u: Double, t: Double) -> Double {
        let corner = 400 + 1_600 * u
        low += SoundMath.lowpass(corner * 2) * (x - low)
        low2 += SoundMath.lowpass(corner * 0.5) * (low - low2)
        let band = low - low2
        let swell = min(t * (1 / 0.08), 1)
        let fade = u < 0.5 ? 1 : (1 - u) * 2
        return 3 * band * swell * fade
    }

    /// Clicks: 1.5 ms of noise each, falling as a cube. Silence between them costs a comparison:
    /// `nextClick` is the first click that has not ended.
    private mutating func crackle() -> Double {
        while nextClick < clicks.count && clicks[nextClick] + Self.clickLength <= i { nextClick += 1 }
        guard nextClick < clicks.count, clicks[nextClick] <= i else { return 0 }
        var sum = 0.0
        for k in nextClick..<clicks.count where clicks[k] <= i && i < clicks[k] + Self.clickLength {
            let start = clicks[k]
            let v = 1 - Double(i - start) / Double(Self.clickLength)
            // The first click, at the onset, at full strength; the rest at seeded strengths.
            let strength = k == 0 ? 1 : 0.5 + 0.5 * SoundMath.unit(event.seed, 1_000 + k)
            sum += SoundMath.noise(event.seed &+ UInt32(truncatingIfNeeded: k), i - start) * v * v * v * strength
        }
        return 1.6 * sum
    }

    /// Glitter: noise above about 4 kHz, gated every 4 ms at seeded strengths (to the fourth
    /// power, so mostly near silent: the sizzle), swelling in over 80 ms and fading over its last third.
    private mutating func fizz(_ x: Double, u: Double) -> Double {
        low += SoundMath.lowpass(4_000) * (x - low)
        let hiss = x - low
        let gate = SoundMath.unit(event.seed, i / 192 + 7)
        let swell = min(Double(i) * (1 / (0.08 * Self.rate)), 1)
        let fade = u < 2.0 / 3 ? 1 : (1 - u) * 3
        return 2 * hiss * gate * gate * gate * gate * swell * fade
    }

    /// A cannon's or popper's pop: a 3 ms crack, a tone sliding from 900 to 250 Hz over 40 ms,
    /// and a short body of low-passed noise.
    private mutating func pop(_ x: Double, u: Double, t: Double) -> Double {
        let crack = t < 0.003 ? 1 - t / 0.003 : 0
        let slide = min(t * (1 / 0.04), 1)
        phase += (900 - 650 * slide) * (1 / Self.rate)
        let toneEnvelope = t < 0.06 ? (1 - t / 0.06) : 0
        low += SoundMath.lowpass(1_500) * (x - low)
        let fall = (1 - u) * (1 - u)
        return 1.8 * x * crack + 0.8 * SoundMath.sine(phase) * toneEnvelope + 5 * low * fall * fall
    }

    /// Paper: noise in a band around 2–6 kHz, its strength changing at random every 10 ms.
    private mutating func rustle(_ x: Double, u: Double) -> Double {
        low += SoundMath.lowpass(6_000) * (x - low)
        low2 += SoundMath.lowpass(2_000) * (low - low2)
        let gate = SoundMath.unit(event.seed, i / 480 + 3)
        let swell = min(Double(i) * (1 / (0.05 * Self.rate)), 1)
        return 2.5 * (low - low2) * gate * swell * (1 - u)
    }
}
