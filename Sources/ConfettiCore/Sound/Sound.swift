/// What an effect sounds like: whether it makes sound, how loud, which of its kind's sounds, and
/// how far away it is (an effect file's `sound` section). Which sounds a launch makes, and when,
/// is its kind's (`EffectKind.launch`, with its particles); this only chooses among them and scales them.
public struct Sound: Sendable, Equatable {
    /// Whether the effect makes sound at all; `--mute` overrides it.
    public var isEnabled: Bool
    /// A factor on every event's loudness, 0 (silent) to 1.
    public var volume: Double
    /// The sounds it makes, of those its kind lists.
    public var events: [SoundEvent.Kind]
    /// Metres the viewport's height stands for: a burst at height h is heard h × distance /
    /// 343 s after it is seen. 0: no delay.
    public var distance: Double

    public init(isEnabled: Bool = true, volume: Double = 0.8, events: [SoundEvent.Kind] = SoundEvent.Kind.allCases, distance: Double = 120) {
        self.isEnabled = isEnabled
        self.volume = volume
        self.events = events
        self.distance = distance
    }

    /// On, every sound, 0.8 of full loudness, the viewport 120 m high.
    public static let standard = Sound()

    /// The speed of sound in air at 20 °C, m/s.
    package static let speedOfSound = 343.0

    /// What an effect file accepts.
    package static let volumes = 0.0...1.0
    package static let distances = 0.0...2_000.0

    /// Seconds after the light of something at `height` (viewport heights above the bottom edge)
    /// when its sound arrives.
    package func delay(height: Double) -> Double { max(height, 0) * distance / Self.speedOfSound }

    /// `events` as this effect plays them: only the kinds it makes, scaled by the volume and
    /// delayed by their distance; none when it is off.
    package func heard(_ events: [SoundEvent]) -> [SoundEvent] {
        guard isEnabled, volume > 0 else { return [] }
        return events.filter { self.events.contains($0.kind) }.map { event in
            var heard = event.delayed(by: delay(height: event.height))
            heard.loudness *= volume
            return heard
        }
    }
}
