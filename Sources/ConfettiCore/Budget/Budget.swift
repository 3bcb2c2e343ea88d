import FoundationEssentials
import Glibc

/// The library's limits and what a launch costs against them, worked out before any work is
/// done: particles per launch, the rings' GPU memory, and what one launch of each effect kind
/// needs from each ring. Each command's own cost model (render's frames × pixels, trace's
/// samples, the viewer's stress levels, bench, soak) extends this type beside that command,
/// in ConfettiApp, so every limit is stated once and only where it applies.
///
/// `Celebration.fire`, the viewer and every command ask here first. A refusal is a
/// `BudgetError` naming every number that multiplied up, the total and the limit:
///
/// ```
/// a launch of classic.fireworks × classic.sparkCount = 1,000 × 2,097,152 = 2.1e9 sparks is above the limit of 2,097,152 particles per launch
/// ```
///
/// The limits are sized so that whatever passes runs on a 2-core machine with 4 GB of memory and
/// no GPU: Mesa's llvmpipe keeps "GPU" buffers in the same memory as everything else. The
/// figures behind them were measured on such a machine (peak resident memory, debug build):
///
/// - spawning and uploading a launch peaks at about 520 bytes per particle: a `ConfettiParticle`
///   is ~170 B and a `Spark` with its curve and scale arrays more, then their GPU records (60 B each when
///   measured; confetti records are 32 B since, so these figures are upper bounds),
///   and the per-side copies made on the way to the ring (1M confetti pieces rendered in one
///   launch: 632 MB; 1M fountain sparks: 615 MB; both including render's two 60 MB rings);
/// - a GPU ring costs its record's bytes per particle of capacity: 32 for confetti, 60 for
///   sparks, 40 for stars;
/// - a trace holds about 4.6 KB per particle (its parameters as a JSON tree) and 1.3 KB per
///   sample while it encodes (100,000 confetti pieces at 7 ages: 1.39 GB, 255 MB of JSON);
/// - a frame costs 4 bytes per pixel in the framebuffer and 4 more read back.
package enum Budget {
    // MARK: - The limits

    /// Particles one launch spawns: a click, a key, `Celebration.fire`, one of render's launches,
    /// one stress launch. A launch at the limit rendered alone peaked at 1.17 GB (its rings
    /// included), leaving room for the viewer's rings at the largest capacity (1 GiB) on a
    /// 4 GB machine.
    package static let maxParticlesPerLaunch = 1 << 21

    /// GPU memory: the particle rings (each kind's record bytes per particle of capacity) and, for
    /// `render`, the frame. A quarter of a 4 GB machine, since llvmpipe's buffers are host memory.
    package static let maxGPUBytes = 1 << 30

    /// Seconds of sound track a render writes: an hour, as long as `--duration` allows. The
    /// track is written as it is made, a block at a time, so what this bounds is the file
    /// (192,000 bytes a second, 691 MB an hour, far inside the 4 GiB a WAV's RIFF sizes count)
    /// and the time to make it (about 2 s an hour).
    package static let maxTrackSeconds = 3600.0

    /// The samples per channel of a track `seconds` long, or a refusal naming `what` made it
    /// that long, then `hint`.
    package static func track(seconds: Double, what: String, hint: String = "") throws -> Int {
        guard seconds.isFinite, seconds <= maxTrackSeconds else {
            throw BudgetError("a sound track of \(what) = \(format(seconds)) s is above the limit of \(format(maxTrackSeconds)) s (an hour)" + (hint.isEmpty ? "" : "; " + hint))
        }
        return Int((seconds * Double(SoundTrack.sampleRate)).rounded())
    }

    /// The largest ring capacity that keeps every ring (one per particle kind) within
    /// `maxGPUBytes`.
    package static var maxCapacity: Int { maxGPUBytes / Ring.allCases.map(\.recordBytes).reduce(0, +) }

    // MARK: - Naming

    /// How the numbers are named in messages: by the effect's fields, or by the options that
    /// set them, so a refusal names what the user actually gave.
    package struct Names: Sendable {
        /// Confetti pieces per launch: `confetti.count`, or the option that set it.
        package var count = "confetti.count"
        /// The rings' capacity: `capacity` (the library), or the option that set it.
        package var capacity = "capacity"
        /// Launches of render's `LaunchSchedule`: `launches` when it is the default, or the option that set it.
        package var launches = "launches"

        package init(count: String = "confetti.count", capacity: String = "capacity", launches: String = "launches") {
            self.count = count
            self.capacity = capacity
            self.launches = launches
        }
    }

    /// What one launch fires.
    package enum Payload: Sendable, Equatable {
        /// A launch of an effect kind (`.celebration`: what a click on the button fires).
        case effect(EffectKindName)
        /// One classic firework, what a click away from the button fires.
        case firework
    }

    /// A particle kind's ring, as budgets and messages speak of it. Each kind names its own
    /// (`Budget.Ring.stars` lives with `StarKind`); `allCases` is every registered kind's.
    package struct Ring: Sendable, Equatable {
        package let kind: any ParticleKind.Type

        package init(_ kind: any ParticleKind.Type) { self.kind = kind }

        package static var allCases: [Ring] { ParticleKinds.all.map(Ring.init) }

        /// "stars": the ring's name in messages.
        package var rawValue: String { kind.plural }
        /// "confetti pieces": what its counts are of.
        package var noun: String { kind.noun }
        package var recordBytes: Int { kind.recordBytes }

        package static func == (a: Ring, b: Ring) -> Bool { ObjectIdentifier(a.kind) == ObjectIdentifier(b.kind) }
    }

    // MARK: - Costs, command by command

    /// Particles one payload spawns into each ring, as the fields that multiply up.
    package static func demands(_ effect: Effect, _ payload: Payload, names: Names = Names()) -> [(ring: Ring, demand: Demand)] {
        switch payload {
        case .firework: EffectKinds.Classic.oneFirework(effect)
        case .effect(let kind): kind.definition.demands(effect, names: names)
        }
    }

    /// Every particle of one launch, all rings together.
    package static func particles(_ effect: Effect, _ payload: Payload, names: Names = Names()) -> Demand {
        let parts = demands(effect, payload, names: names).map(\.demand)
        return parts.count == 1 ? parts[0] : Demand(parts.flatMap(\.terms), "particles")
    }

    /// Refuses a launch too large to spawn, or one that a ring of `capacity` cannot hold (its
    /// own particles would overwrite each other while alive), or, given what each ring `held`
    /// of the launches not over yet, one that would overwrite some of them. Returns its
    /// particle count. Each call is one check of one launch (`LaunchChecks`).
    @discardableResult
    package static func launch(_ effect: Effect, _ payload: Payload, capacity: Int?, names: Names = Names(),
                               held: [(ring: Ring, particles: Int)]? = nil) throws -> Int {
        LaunchChecks.record()
        let total = particles(effect, payload, names: names)
        // `!(≤)`: a NaN total is refused too.
        guard total.total <= Double(maxParticlesPerLaunch) else {
            throw over(total, "a launch of", limit: "\(format(maxParticlesPerLaunch)) particles per launch")
        }
        if let capacity {
            for (ring, demand) in demands(effect, payload, names: names) {
                guard demand.total <= Double(capacity) else {
                    throw BudgetError("a launch of \(demand.totalText) does not fit in the \(ring.rawValue) ring of \(format(capacity)) (\(names.capacity)): \(demand.termsText()); lower it or raise \(names.capacity)")
                }
                let playing = held?.first { $0.ring == ring }?.particles ?? 0
                guard Double(playing) + demand.total <= Double(capacity) else {
                    throw BudgetError("over the budget: \(format(demand.total)) more \(ring.rawValue) would join the \(format(playing)) still playing, above the \(format(capacity)) the \(ring.rawValue) ring keeps at once (\(names.capacity)); wait for some to end")
                }
            }
        }
        return Int(total.total)
    }

    /// GPU memory of rings of `capacity` for `rings`. Returns the bytes.
    @discardableResult
    package static func capacity(_ capacity: Int, rings: [Ring] = Ring.allCases, name: String = "capacity") throws -> Int {
        let perParticle = rings.map(\.recordBytes).reduce(0, +)
        guard capacity >= 1 else { throw capacityRefusal("\(capacity)", rings: rings, name: name) }
        let what = rings.count == 1 ? "bytes per record" : "bytes per particle (a \(rings.map { "\($0.recordBytes)" }.joined(separator: " + ")) B record in each of \(rings.count) rings)"
        let bytes = Demand([[Demand.Factor(name, capacity), Demand.Factor(what, perParticle)]], "bytes of GPU memory")
        guard bytes.total <= Double(maxGPUBytes) else {
            throw over(bytes, limit: "\(format(maxGPUBytes)) (1 GiB)", hint: "\(name) can be at most \(format(maxGPUBytes / perParticle))")
        }
        return Int(bytes.total)
    }

    // MARK: - Refusals

    /// A capacity below 1, or (`given` as written) no whole number at all: both ends of the range.
    package static func capacityRefusal(_ given: String, rings: [Ring] = Ring.allCases, name: String) -> BudgetError {
        BudgetError("\(name) must be from 1 to \(format(maxGPUBytes / rings.map(\.recordBytes).reduce(0, +))) particles, not \(given)")
    }

    /// A refusal with its verdict first, whole: "`subject` 4.2e9 sparks is above the limit of
    /// `limit`: " and then where the total came from, its terms shortened when there are many
    /// (`Demand.termsText`), then `hint`. The terms come last because they can be long.
    package static func over(_ demand: Demand, _ subject: String = "", limit: String, hint: String = "") -> BudgetError {
        let lead = subject.isEmpty || subject.hasSuffix(" ") ? subject : subject + " "
        return BudgetError("\(lead)\(demand.totalText) is above the limit of \(limit): \(demand.termsText())" + (hint.isEmpty ? "" : "; " + hint))
    }

    // MARK: - Numbers as messages write them

    /// 16,777,216; 4.2e9 from a billion up; 0.35 for fractions.
    package static func format(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        if abs(value) >= 1e9 {
            var exponent = Int(log10(abs(value)).rounded(.down))
            var mantissa = (value / pow(10, Double(exponent)) * 10).rounded() / 10
            if abs(mantissa) >= 10 { mantissa /= 10; exponent += 1 }
            return "\(mantissa.compactText)e\(exponent)"
        }
        guard value == value.rounded() else {
            // Whole part grouped, then at most 3 decimal places.
            var text = abs(value).fixed(decimals: 3)
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
            let parts = text.split(separator: ".", maxSplits: 1)
            let whole = format(Int(parts[0])!)
            return (value < 0 ? "-" : "") + whole + (parts.count > 1 ? "." + parts[1] : "")
        }
        return format(Int(value))
    }

    package static func format(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { grouped.append(",") }
            grouped.append(c)
        }
        return (value < 0 ? "-" : "") + grouped
    }
}

/// A request beyond a budget: what multiplied up, the total and the limit.
package struct BudgetError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}

