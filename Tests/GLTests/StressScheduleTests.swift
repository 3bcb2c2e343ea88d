import ConfettiCore
import ConfettiApp
import Testing

/// Stress mode's schedule keeps exactly the level it names alive, at every moment from its start.
@Suite struct StressScheduleTests {
    /// Lifetimes a multiple of 0.1 s and not, long and short, and levels that do not divide.
    static let cases: [(level: Int, lifetime: Double)] = [
        (10_000, 1.5), (100_000, 1.5), (1_000, 1.5), (15, 1.5), (7, 1.5),
        (10_000, 1.37), (50_000, 0.26), (1_000_000, 4.0), (999_983, 2.05), (3, 0.07),
    ]

    @Test func aScheduleStartedFullKeepsExactlyItsLevelAliveAtEveryMoment() {
        var rng = SeededGenerator(seed: 12)
        for (level, lifetime) in Self.cases {
            let schedule = StressSchedule(level: level, lifetime: lifetime)
            #expect(schedule.launchesAlive >= 1)
            let first = schedule.firstLaunchWhenFull
            // Random moments over ten lifetimes (a random double never lands on a launch).
            for _ in 0..<200 {
                let t = rng.uniform(0, 10 * lifetime)
                let alive = schedule.alive(at: t, launchedFrom: first)
                #expect(alive == level, "level \(level), lifetime \(lifetime) s: \(alive) alive at \(t) s")
            }
            // And just after each of the first launches.
            for k in 0..<(2 * schedule.launchesAlive) {
                let t = schedule.launchTime(ofLaunch: k) + 1e-9
                #expect(schedule.alive(at: t, launchedFrom: first) == level, "level \(level), lifetime \(lifetime) s, after launch \(k)")
            }
        }
    }

    @Test func anyLifetimesWorthOfConsecutiveLaunchesSumsToTheLevel() {
        for (level, lifetime) in Self.cases {
            let schedule = StressSchedule(level: level, lifetime: lifetime)
            let m = schedule.launchesAlive
            for start in -m...(3 * m) {
                let sum = (start..<(start + m)).reduce(0) { $0 + schedule.size(ofLaunch: $1) }
                #expect(sum == level, "level \(level), lifetime \(lifetime): launches \(start)..<\(start + m) sum to \(sum)")
            }
            let sizes = (0..<m).map(schedule.size(ofLaunch:))
            #expect(sizes.max() == schedule.largestLaunch)
            // As even as whole pieces allow.
            #expect(sizes.max()! - sizes.min()! <= 1, "\(sizes)")
        }
    }

    @Test func launchesComeAboutATenthOfASecondApartAndFitTheLifetimeExactly() {
        for (level, lifetime) in Self.cases {
            let schedule = StressSchedule(level: level, lifetime: lifetime)
            #expect(abs(Double(schedule.launchesAlive) * schedule.interval - lifetime) <= 1e-12 * lifetime)
            // Rounding lifetime / 0.1 puts the interval in [0.05 s, 0.15 s) once a lifetime is at
            // least 0.05 s (one launch alive), and in [0.075 s, 0.125 s] from two launches on.
            #expect(schedule.interval >= Budget.stressInterval / 2 - 1e-12 && schedule.interval < Budget.stressInterval * 1.5,
                    "lifetime \(lifetime): every \(schedule.interval) s")
        }
    }

    /// Launches of one size (round(N × 0.1 / lifetime) every 0.1 s) would keep 15 × 667 = 10,005
    /// alive for --stress 10000; the schedule keeps 10,000 in every frame of the viewer's.
    @Test func stressTenThousandKeepsTenThousandInEveryFrameFromTheFirstNotTenThousandAndFive() {
        let schedule = StressSchedule(level: 10_000, lifetime: 1.5)
        #expect(schedule.launchesAlive == 15)
        // Frames of 1/40 s from an odd start, as the viewer test steps, over four lifetimes.
        let counts = (0..<240).map { schedule.alive(at: 0.0137 + Double($0) / 40, launchedFrom: schedule.firstLaunchWhenFull) }
        #expect(counts.allSatisfy { $0 == 10_000 }, "\(Set(counts))")
        // Started empty instead, the first lifetime ramps up from one launch: not the level.
        #expect(schedule.alive(at: 0.05, launchedFrom: 0) < 1_000)
    }

    @Test func aLifetimeUnderHalfTheIntervalLaunchesTheLevelOnAverage() {
        let schedule = StressSchedule(level: 1_000, lifetime: 0.02)
        #expect(schedule.launchesAlive == 0)
        #expect(schedule.interval == Budget.stressInterval)
        // A launch every 0.1 s alive 0.02 s: 5,000 a launch is 1,000 on average.
        #expect(schedule.size(ofLaunch: 3) == 5_000 && schedule.largestLaunch == 5_000)
        #expect(schedule.firstLaunchWhenFull == 0)
    }
}
