import ConfettiCore

extension Budget {
    /// Particles `soak` spawns over its whole run (launches × count), one launch at a time: memory
    /// stays flat, so this bounds time, about 5 minutes of spawning on one core.
    package static let maxSoakParticles = 1 << 28

    /// `soak`: one ring of `--capacity`, `--launches` launches of `--count`.
    package static func soak(launches: Int, count: Int, capacity: Int) throws {
        try Budget.capacity(capacity, rings: [.confetti], name: "--capacity")
        guard count <= maxParticlesPerLaunch else {
            throw BudgetError("--count \(format(count)) is above the limit of \(format(maxParticlesPerLaunch)) particles per launch")
        }
        let total = Demand([[Demand.Factor("--launches", launches), Demand.Factor("--count", count)]], "particles spawned")
        guard total.total <= Double(maxSoakParticles) else {
            throw over(total, "a soak of", limit: format(maxSoakParticles))
        }
    }
}
