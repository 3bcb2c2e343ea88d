/// One kind of effect (`"kind"` in a file): everything that differs between kinds, in one
/// conformance. Budget, `LaunchSchedule`, the commands, the viewer and the overlay ask the kind; none of
/// them tells kinds apart itself.
///
/// Adding a kind is one file with its conformance, a case of `EffectKindName` and a line of
/// `EffectKindName.definition`.
package protocol EffectKind {
    /// Whether the Celebrate button is drawn: fireworks burst around it.
    static var hasButton: Bool { get }

    /// One launch with `effect`'s numbers, spawned once: the batches that are uploaded, and the
    /// sounds they make on the launch's clock (what a rocket, a burst, a crackle, glitter or a
    /// cannon sounds like and when, before the effect's `sound` section chooses and scales them).
    static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch

    /// Particles one launch spawns into each ring, as the fields that multiply up, so that a
    /// refusal can name them.
    static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)]

    /// Seconds from a launch until its last particle has gone, worked out without spawning:
    /// what `LaunchSchedule.duration(of:)` measures of the spawned launch, or an upper bound where the
    /// launch draws its phases at random.
    static func seconds(_ effect: Effect) -> Double

    /// `seconds` as a message writes it: the fields it adds up.
    static func secondsText(_ effect: Effect) -> String

    /// Launches a `LaunchSchedule` makes when none are asked for (`render` without --launches).
    static func defaultLaunches(_ effect: Effect) -> Int

    /// Distinct birth times in one launch: `trace --evaluator gpu` runs a pass for each, at each time.
    static func births(_ effect: Effect) -> Demand

    /// What counts this kind's confetti pieces per burst, which `--count` sets; nil when it
    /// has none to set, with the fields that count its particles instead.
    static func pieceCount(_ effect: Effect) -> PieceCount

    /// `effect` with its particles drawn as `sprites` (`--emoji`'s), set in the one list this
    /// kind draws them from; nil when it has no particles a sprite can stand for.
    static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect?
}

/// Whether a kind has a burst of confetti whose size can be set, and if not what counts its
/// particles.
package enum PieceCount: Sendable, Equatable {
    /// `confetti.count` pieces at once.
    case burst
    /// Not settable as a count; these fields count the particles (`classic.sparkCount`,
    /// `confetti.rate × confetti.duration`).
    case fields(String)
}

extension EffectKind {
    /// The ring capacity one launch needs, so that none of its particles overwrites another
    /// while alive: its largest demand on a ring.
    package static func capacity(_ effect: Effect) -> Int {
        // Compared in floating point first: an effect the budget has not passed may ask for more
        // than any Int holds.
        let largest = demands(effect, names: Budget.Names()).map(\.demand.total).max() ?? 1
        return largest.isFinite && largest < Double(Int.max / 2) ? max(Int(largest), 1) : Int.max / 2
    }
}

/// The kinds of effect a file or preset can be.
public enum EffectKindName: String, CaseIterable, Sendable {
    case confetti, classic, fountain, celebration, rocket, shell, show

    /// Where everything about this kind lives; the one place kinds are told apart.
    package var definition: any EffectKind.Type {
        switch self {
        case .confetti: EffectKinds.Confetti.self
        case .classic: EffectKinds.Classic.self
        case .fountain: EffectKinds.Fountain.self
        case .celebration: EffectKinds.Celebration.self
        case .rocket: EffectKinds.Rocket.self
        case .shell: EffectKinds.Shell.self
        case .show: EffectKinds.Show.self
        }
    }

    /// Fireworks burst around the Celebrate button, so it is drawn for them.
    package var hasButton: Bool { definition.hasButton }
}

/// The kinds' definitions, one file each.
package enum EffectKinds {}

extension Effect {
    /// The effect with its particles drawn as `sprites`, as its kind says
    /// (`EffectKind.withSprites`); nil when it has none to draw so.
    package func withSprites(_ sprites: [Sprite]) -> Effect? {
        kind.definition.withSprites(self, sprites)
    }
}
