import ConfettiCore

/// What the viewer can be asked to fire, and what its stress mode keeps alive.
extension Budget {
    /// Seconds between stress launches in the viewer: lifetime / interval of them are alive at
    /// once.
    package static let stressInterval = 0.1

    /// What a viewer running `effect` in rings of `capacity` can be asked to fire: Space (the
    /// effect's confetti), a click on the button (the celebration), a click elsewhere (one
    /// firework), F (the fountain), and the stress level. The same check at start-up and on
    /// every reload.
    package static func view(_ effect: Effect, capacity: Int, stress: Int?, stressSource: String = "--stress", names: Names = Names(capacity: "--capacity")) throws {
        try Budget.capacity(capacity, name: names.capacity)
        for payload: Payload in [.effect(.confetti), .effect(.celebration), .firework, .effect(.fountain), .effect(effect.kind)] {
            try Budget.launch(effect, payload, capacity: capacity, names: names)
        }
        if let stress {
            try Budget.stress(stress, source: stressSource, lifetime: effect.confetti.physics.lifetime, capacity: capacity, names: names)
        }
    }

    /// How stress mode keeps a level alive: launches of at most `perLaunch` pieces every
    /// `StressSchedule.interval` seconds, with `launchesInRing` of them needing room at once.
    package struct StressPlan: Sendable, Equatable {
        package var perLaunch: Int
        package var launchesInRing: Int
    }

    /// Refuses a stress level whose launches are too large to spawn, or that the ring cannot
    /// hold without overwriting live ones. `source` names where the level came from
    /// (`--stress 100000`, `key 6 (stress 1,000,000)`).
    @discardableResult
    package static func stress(_ level: Int, source: String, lifetime: Double, capacity: Int, names: Names = Names(capacity: "--capacity")) throws -> StressPlan {
        guard level >= 1 else { throw BudgetError("\(source): the stress level must be at least 1, not \(level)") }
        guard lifetime.isFinite, lifetime > 0 else { throw BudgetError("\(source): confetti.lifetime must be positive, not \(lifetime)") }
        let schedule = StressSchedule(level: level, lifetime: lifetime)
        let perLaunch = Double(schedule.largestLaunch)
        guard perLaunch <= Double(maxParticlesPerLaunch) else {
            throw BudgetError("\(source): launches of \(format(perLaunch)) are above the limit of \(format(maxParticlesPerLaunch)) particles per launch: \(format(level)) pieces alive with confetti.lifetime \(lifetime.compactText) s means one every \(schedule.interval.compactText) s")
        }
        let ring = stressRing(schedule)
        let slots = schedule.launchesAlive + 1
        guard ring.total <= Double(capacity) else {
            throw BudgetError("\(source): the launches alive at once need \(ring.totalText), which does not fit in the confetti ring of \(format(capacity)) (\(names.capacity)): \(ring.termsText())")
        }
        return StressPlan(perLaunch: Int(perLaunch), launchesInRing: slots)
    }

    /// The confetti ring a stress schedule needs: the launches alive when the next is written,
    /// and the next, since it overwrites the oldest slot.
    package static func stressRing(_ schedule: StressSchedule) -> Demand {
        Demand([[Demand.Factor("launches alive at once (confetti.lifetime \(schedule.lifetime.compactText) s / \(schedule.interval.compactText) s, and the next)", schedule.launchesAlive + 1),
                 Demand.Factor("pieces a launch", schedule.largestLaunch)]], "confetti pieces")
    }
}
