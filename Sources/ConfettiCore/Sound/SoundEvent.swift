/// One sound a launch makes (public for its `Kind`, which an effect's `sound.events` names), listed at spawn with the particles it belongs to: what it is, when
/// it happens on the launch's clock, how long it lasts, how loud and large it is, and where.
/// Every sample of it is a function of these numbers (`Voice`), so it needs no state from the
/// frame loop: a track can be played from any sample, and the same seed gives the same bytes.
public struct SoundEvent: Hashable, Sendable {
    /// The sounds there are, as an effect file's `sound.events` names them.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// A rocket's climb: a rising hiss for its rise time.
        case lift
        /// A shell or rocket bursting: a sharp report and a boom, louder and lower for larger shells.
        case burst
        /// Crackle: sparse sharp clicks where stars crackle or split.
        case crackle
        /// Glitter: a sizzling fizz while stars shed sparks.
        case fizz
        /// A confetti cannon, popper or classic firework: one short pop.
        case pop
        /// A confetti burst: a soft paper rustle.
        case rustle
    }

    package var kind: Kind
    /// Seconds after the launch when it happens (light's time; `SoundTrack` adds the delay of
    /// sound from `height`).
    package var time: Double
    /// Seconds it lasts.
    package var duration: Double
    /// Peak amplitude before the effect's volume, 0…1.
    package var loudness: Double
    /// How large: a burst's size (about 0.2 for a small shell to 2 for a large one), pitching it
    /// down; other kinds read it as they say (`Voice`).
    package var size: Double
    /// Where across the viewport, 0 (left) to 1 (right), and how high above its bottom edge,
    /// in viewport heights: how far the sound travels to the listener below.
    package var x: Double
    package var height: Double
    /// Seeds its noise.
    package var seed: UInt32

    package init(_ kind: Kind, time: Double, duration: Double, loudness: Double, size: Double = 1, x: Double = 0.5, height: Double = 0, seed: UInt32) {
        self.kind = kind
        self.time = time
        self.duration = duration
        self.loudness = loudness
        self.size = size
        self.x = x
        self.height = height
        self.seed = seed
    }

    /// The same sound `seconds` later (a launch's events on the schedule's clock).
    package func delayed(by seconds: Double) -> SoundEvent {
        var later = self
        later.time += seconds
        return later
    }
}
