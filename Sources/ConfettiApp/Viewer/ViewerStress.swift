import ConfettiCore
import ConfettiGL

/// Stress mode (keys 1–6 and 0, `--stress N`): a level of confetti pieces kept alive by launches
/// on a `StressSchedule`, about one every tenth of a second, fitted to the lifetime so that
/// exactly N are alive and the oldest has died before the ring needs its room (`Budget.stress`
/// refuses a level for which it would not have). It decides when each launch is due and how large
/// it is; the viewer that owns it checks the level against the rings and fires them.
struct ViewerStress {
    /// Pieces kept alive; nil while stress mode is off.
    private(set) var level: Int?
    /// Where the level came from, for messages: `--stress N` or the key pressed.
    var source: String?
    /// The schedule in use, when it started (animation seconds) and its next launch; nil until
    /// the next `takeDueLaunches` starts one, full (see `StressSchedule`).
    private var run: (schedule: StressSchedule, start: Double, next: Int)?

    init(level: Int?) {
        self.level = level
    }

    /// Sets the level (nil: off) at `time`. Turned on, it starts full at the next frame; moved
    /// to another level, the cadence goes on from now and the count moves to the new level over
    /// one lifetime.
    mutating func set(_ newLevel: Int?, at time: Double) {
        if let current = run, newLevel != nil, level != nil {
            run = (current.schedule, time, 0)
        } else {
            run = nil
        }
        level = newLevel
    }

    /// The launches of `schedule` due by `time`, oldest first: when each is launched and its
    /// pieces. They count as launched from now on. (Returned rather than launched from here, so
    /// that launching them is free to look at stress mode.)
    mutating func takeDueLaunches(of schedule: StressSchedule, at time: Double) -> [(epoch: Double, pieces: Int)] {
        var run = self.run ?? (schedule, time, schedule.firstLaunchWhenFull)
        // A reloaded lifetime changes the interval: go on from now with the new schedule.
        if run.schedule != schedule { run = (schedule, time, 0) }
        // After stepping back in time, start again from now rather than catch up.
        if run.start + schedule.launchTime(ofLaunch: run.next) > time + schedule.interval { run = (schedule, time, 0) }
        var due: [(epoch: Double, pieces: Int)] = []
        while run.start + schedule.launchTime(ofLaunch: run.next) <= time {
            let epoch = run.start + schedule.launchTime(ofLaunch: run.next)
            let pieces = schedule.size(ofLaunch: run.next)
            run.next += 1
            // A launch already over (after a long stall) would never be seen: not spawned.
            guard time - epoch < schedule.lifetime, pieces > 0 else { continue }
            due.append((epoch, pieces))
        }
        self.run = run
        return due
    }
}

extension Viewer {
    /// Keys 1–6 in stress mode; 0 stops it.
    package static let stressLevels = [1_000, 10_000, 50_000, 100_000, 500_000, 1_000_000]

    /// The stress level, if stress mode is on.
    package var stress: Int? {
        get { stressMode.level }
        set { stressMode.set(newValue, at: clock.time) }
    }

    /// Stress mode at `level`, if the ring can hold it with this effect's lifetime.
    package func setStress(_ level: Int, source: String? = nil) throws {
        let source = source ?? "stress \(Budget.format(level))"
        try Budget.stress(level, source: source, lifetime: options.effect.confetti.physics.lifetime, capacity: options.capacity)
        stress = level
        stressMode.source = source
    }

    /// Fires the stress launches due by now. Called once a frame.
    package func feedStress() throws {
        guard let level = stressMode.level, !clock.isPaused else { return }
        let lifetime = options.effect.confetti.physics.lifetime
        try Budget.stress(level, source: "stress \(Budget.format(level))", lifetime: lifetime, capacity: options.capacity)
        var confetti = options.effect.confetti
        for (epoch, pieces) in stressMode.takeDueLaunches(of: StressSchedule(level: level, lifetime: lifetime), at: clock.time) {
            confetti.count = pieces
            try launch(confetti, at: epoch)
        }
    }
}
