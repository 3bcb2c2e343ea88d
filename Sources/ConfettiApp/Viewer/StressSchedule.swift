import ConfettiCore

/// When the viewer's stress mode launches confetti and how large each launch is, so that exactly
/// `level` confetti pieces are alive at every moment once it has started.
///
/// A piece lives `lifetime` seconds and the launches come `interval` = lifetime / `launchesAlive`
/// seconds apart, so exactly `launchesAlive` consecutive launches are alive at any time (the
/// oldest dies at the moment the newest is launched). Their sizes are the differences of
/// ⌊(j + 1)·N/m⌋ and ⌊j·N/m⌋ for j = k mod m, which sum to N over any m consecutive launches:
/// the live count is N exactly, not N rounded to a multiple of the launch size.
///
/// Launches of one size, round(N × 0.1 s / lifetime) pieces every 0.1 s, would not hold N: they
/// keep 15 × 667 = 10,005 alive for `--stress 10000`, and for a lifetime that is not a multiple
/// of 0.1 s alternate between ⌊lifetime / 0.1⌋ and ⌈lifetime / 0.1⌉ launches alive. A schedule
/// that started empty would average half the level over its first lifetime, so `Viewer` starts
/// one full: the m − 1 launches before the first are back-dated (launches −(m − 1) … 0), and the
/// level holds from the first frame.
package struct StressSchedule: Sendable, Equatable {
    /// Pieces kept alive.
    package let level: Int
    /// Seconds a piece lives (`confetti.lifetime`).
    package let lifetime: Double
    /// Launches alive at once: lifetime / `Budget.stressInterval`, rounded. 0 for a lifetime
    /// shorter than half that interval: then no steady count exists at that cadence and the
    /// schedule launches round(N × interval / lifetime) pieces every interval (N on average).
    package let launchesAlive: Int
    /// Seconds between launches: lifetime / `launchesAlive` (close to `Budget.stressInterval`).
    package let interval: Double

    package init(level: Int, lifetime: Double) {
        self.level = level
        self.lifetime = lifetime
        let base = Budget.stressInterval
        let m = lifetime.isFinite && lifetime > 0 ? (lifetime / base).rounded() : 0
        // Beyond a few million launches alive a launch would be under one piece for any level the
        // ring can hold; the cap keeps the arithmetic in range for absurd lifetimes.
        launchesAlive = Int(min(m, Double(1 << 24)))
        interval = launchesAlive > 0 ? lifetime / Double(launchesAlive) : base
    }

    /// Pieces in launch `k` (any integer; negative ones are the back-dated launches of a start).
    package func size(ofLaunch k: Int) -> Int {
        guard launchesAlive > 0 else { return averagingLaunch }
        let m = launchesAlive
        let j = ((k % m) + m) % m
        return (j + 1) * level / m - j * level / m
    }

    /// Pieces in the largest launch: what one launch spawns at most.
    package var largestLaunch: Int {
        launchesAlive > 0 ? (level + launchesAlive - 1) / launchesAlive : averagingLaunch
    }

    /// Pieces of each launch of the averaging schedule (lifetimes under half the interval).
    private var averagingLaunch: Int {
        guard lifetime > 0 else { return level }
        let pieces = (Double(level) * interval / lifetime).rounded()
        return pieces < Double(Int.max / 2) ? max(1, Int(pieces)) : Int.max / 2
    }

    /// Seconds after the schedule's start when launch `k` is made.
    package func launchTime(ofLaunch k: Int) -> Double { Double(k) * interval }

    /// The first launch of a schedule that is full from its start: m − 1 launches back-dated.
    package var firstLaunchWhenFull: Int { -max(launchesAlive - 1, 0) }

    /// Pieces alive `t` seconds after the start when launches `first` … (due by `t`) have been
    /// launched: what the ring counts, worked out on the CPU.
    package func alive(at t: Double, launchedFrom first: Int) -> Int {
        var count = 0
        var k = first
        while launchTime(ofLaunch: k) <= t {
            let age = t - launchTime(ofLaunch: k)
            if age < lifetime { count += size(ofLaunch: k) }
            k += 1
        }
        return count
    }
}
