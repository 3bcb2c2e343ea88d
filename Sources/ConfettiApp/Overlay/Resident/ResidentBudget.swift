import ConfettiCore

/// What the resident overlay keeps alive at once: launches overlap in one process, each ring
/// holding at most `capacity` particles of the launches still playing. A launch that would
/// take a ring past it is refused whole, and the launches playing go on: its celebration
/// keeps live particles (`Celebration.keepsLiveParticles`), so `fire` checks each launch
/// against what the rings hold.
extension Budget {
    /// Particles each ring of the resident overlay holds at once, by default: room for a few
    /// hundred celebrations playing together, 15 MB of rings on llvmpipe at the most.
    package static let residentCapacity = 1 << 18
}
