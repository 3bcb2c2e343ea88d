import ConfettiCore

/// When the viewer's stress mode launches its bursts and how large each one is, so that exactly
/// `level` confetti pieces are alive at every moment once it has started.
///
/// A piece lives `lifetime` seconds and the bursts come `interval` = lifetime / `burstsAlive`
/// seconds apart, so exactly `burstsAlive` consecutive bursts are alive at any time (the
/// oldest dies at the moment the newest is launched). Their sizes are the differences of
/// ⌊(j + 1)·N/m⌋ and ⌊j·N/m⌋ for j = k mod m, which sum to N over any m consecutive bursts:
/// the live count is N exactly, not N rounded to a multiple of the burst size.
///
/// The old schedule (a burst of round(N × 0.1 s / lifetime) pieces every 0.1 s) kept
/// 15 × 667 = 10,005 alive for `--stress 10000`, and for a lifetime that is not a multiple of
/// 0.1 s alternated between ⌊lifetime / 0.1⌋ and ⌈lifetime / 0.1⌉ bursts; and it started empty,
/// so a run's first lifetime averaged half the level. `Viewer` starts a schedule full: the
/// m − 1 bursts before the first are launched back-dated (bursts −(m − 1) … 0), so the level
/// holds from the first frame.
package struct StressSchedule: Sendable, Equatable {
    /// Pieces kept alive.
    package let level: Int
    /// Seconds a piece lives (`confetti.lifetime`).
    package let lifetime: Double
    /// Bursts alive at once: lifetime / `Budget.stressInterval`, rounded. 0 for a lifetime
    /// shorter than half that interval: then no steady count exists at that cadence and the
    /// schedule launches round(N × interval / lifetime) pieces every interval (N on average).
    package let burstsAlive: Int
    /// Seconds between launches: lifetime / `burstsAlive` (close to `Budget.stressInterval`).
    package let interval: Double

    package init(level: Int, lifetime: Double) {
        self.level = level
        self.lifetime = lifetime
        let base = Budget.stressInterval
        let m = lifetime.isFinite && lifetime > 0 ? (lifetime / base).rounded() : 0
        // Beyond a few million bursts alive a burst would be under one piece for any level the
        // ring can hold; the cap keeps the arithmetic in range for absurd lifetimes.
        burstsAlive = Int(min(m, Double(1 << 24)))
        interval = burstsAlive > 0 ? lifetime / Double(burstsAlive) : base
    }

    /// Pieces in burst `k` (any integer; negative ones are the back-dated bursts of a start).
    package func size(ofBurst k: Int) -> Int {
        guard burstsAlive > 0 else { return averagingBurst }
        let m = burstsAlive
        let j = ((k % m) + m) % m
        return (j + 1) * level / m - j * level / m
    }

    /// The largest burst: what one launch spawns at most.
    package var largestBurst: Int {
        burstsAlive > 0 ? (level + burstsAlive - 1) / burstsAlive : averagingBurst
    }

    /// Pieces of each burst of the averaging schedule (lifetimes under half the interval).
    private var averagingBurst: Int {
        guard lifetime > 0 else { return level }
        let pieces = (Double(level) * interval / lifetime).rounded()
        return pieces < Double(Int.max / 2) ? max(1, Int(pieces)) : Int.max / 2
    }

    /// Seconds after the schedule's start at which burst `k` is launched.
    package func launchTime(ofBurst k: Int) -> Double { Double(k) * interval }

    /// The first burst of a schedule that is full from its start: m − 1 bursts back-dated.
    package var firstBurstWhenFull: Int { -max(burstsAlive - 1, 0) }

    /// Pieces alive `t` seconds after the start when bursts `first` … (due by `t`) have been
    /// launched: what the ring counts, worked out on the CPU.
    package func alive(at t: Double, launchedFrom first: Int) -> Int {
        var count = 0
        var k = first
        while launchTime(ofBurst: k) <= t {
            let age = t - launchTime(ofBurst: k)
            if age < lifetime { count += size(ofBurst: k) }
            k += 1
        }
        return count
    }
}
