import ConfettiCore

/// What the resident overlay keeps alive at once: launches overlap in one process, each ring
/// holding at most `capacity` particles of the launches still playing. A launch that would
/// take a ring past it is refused whole, and the launches playing go on.
extension Budget {
    /// Particles each ring of the resident overlay holds at once, by default: room for a few
    /// hundred celebrations playing together, 15 MB of rings on llvmpipe at the most.
    package static let residentCapacity = 1 << 18

    /// Refuses a launch of `effect` when the launches `playing` (each ring's particles still
    /// alive, by ring name) leave too little room in a ring of `capacity`. Returns what it adds
    /// to each ring.
    package static func resident(_ effect: Effect, playing: [String: Int], capacity: Int) throws -> [String: Int] {
        try launch(effect, .effect(effect.kind), capacity: capacity)
        var adds: [String: Int] = [:]
        for (ring, demand) in demands(effect, .effect(effect.kind)) {
            let total = Int(demand.total)
            let alive = playing[ring.rawValue] ?? 0
            guard alive + total <= capacity else {
                throw BudgetError("over the budget: \(format(total)) more \(ring.rawValue) would join the \(format(alive)) still alive, above the \(format(capacity)) the resident overlay keeps at once; wait for some to end")
            }
            adds[ring.rawValue, default: 0] += total
        }
        return adds
    }
}

/// The launches the resident overlay has playing: what each adds to each ring and when it ends,
/// so a new launch is checked against what is alive (`Budget.resident`).
package struct ResidentLaunches: Sendable {
    private var playing: [(ends: Double, adds: [String: Int])] = []
    package let capacity: Int

    package init(capacity: Int = Budget.residentCapacity) { self.capacity = capacity }

    /// Each ring's particles of the launches not ended at `now`.
    package func alive(at now: Double) -> [String: Int] {
        playing.filter { $0.ends > now }.reduce(into: [:]) { sum, launch in
            for (ring, count) in launch.adds { sum[ring, default: 0] += count }
        }
    }

    /// Admits a launch of `effect` at `now` (ending after its kind's seconds), or refuses it
    /// with a `BudgetError`.
    package mutating func admit(_ effect: Effect, at now: Double) throws {
        playing.removeAll { $0.ends <= now }
        let adds = try Budget.resident(effect, playing: alive(at: now), capacity: capacity)
        playing.append((now + effect.kind.definition.seconds(effect), adds))
    }

    /// Forgets the newest launch (it could not be played after all).
    package mutating func removeLast() { if !playing.isEmpty { playing.removeLast() } }

    /// Forgets every launch (the celebration was emptied).
    package mutating func removeAll() { playing = [] }
}
