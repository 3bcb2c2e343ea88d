extension EffectKinds {
    /// `"kind": "shell"`: rockets that climb on a trunk and burst into shells of light: peony,
    /// chrysanthemum, willow, palm, ring, strobe, crossette (docs/effects.md, Shells).
    package enum Shell: EffectKind {
        package static var hasButton: Bool { false }

        /// Its rockets and shells, with each rocket's lift and burst, and its stars' fizz and crackle.
        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            defer { draws.soundsAfterParticles() }
            return effect.shell.launch(in: viewport, using: &draws.particles)
        }

        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            [(.stars, demand(effect.shell, prefix: "shell").withUnit(Budget.Ring.stars.noun))]
        }

        /// Rockets, stars and what each stage adds, for `launch`'s fields under `prefix`.
        static func demand(_ launch: ShellSection, prefix: String) -> Demand {
            Demand(launch.shell.demand(rockets: Demand.Factor("\(prefix).rockets", launch.rockets), prefix: prefix), "")
        }

        /// Its lifetimes are drawn: bounded by their upper ends.
        package static func seconds(_ effect: Effect) -> Double { effect.shell.seconds }

        package static func secondsText(_ effect: Effect) -> String { "the shells' \(effect.shell.seconds.compactText) s" }

        package static func defaultLaunches(_ effect: Effect) -> Int { 1 }

        /// Per rocket: its climb, its burst, each firing of a stage that fires every interval,
        /// and each star's death when a stage fires then.
        package static func births(_ effect: Effect) -> Demand {
            Demand([[Demand.Factor("shell.rockets", effect.shell.rockets), Demand.Factor("(2 + interval steps + star deaths) births", 1 + effect.shell.shell.births)]], "")
        }

        package static func pieceCount(_ effect: Effect) -> PieceCount { .fields("shell.stars") }
        /// Its shell's stars; what they shed, and the rocket, stay light.
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? {
            var dressed = effect
            dressed.shell.shell.sprites = sprites
            return dressed
        }
    }

    /// `"kind": "show"`: shells of mixed styles over about ten seconds, all scheduled at spawn.
    package enum Show: EffectKind {
        package static var hasButton: Bool { false }

        /// Its shells, each with its sounds.
        package static func launch(_ effect: Effect, around button: Rect, in viewport: Size, using draws: inout LaunchDraws) -> Launch {
            defer { draws.soundsAfterParticles() }
            return effect.show.launch(in: viewport, using: &draws.particles)
        }

        /// Each shell as its style asks, its rockets one.
        package static func demands(_ effect: Effect, names: Budget.Names) -> [(ring: Budget.Ring, demand: Demand)] {
            let show = effect.show
            let terms = (0..<show.count).flatMap { Shell.demand(show.style($0), prefix: show.shells[$0 % show.shells.count]).terms }
            return [(.stars, Demand(terms, Budget.Ring.stars.noun))]
        }

        package static func seconds(_ effect: Effect) -> Double { effect.show.duration }

        package static func secondsText(_ effect: Effect) -> String { "the show's \(effect.show.duration.compactText) s" }

        package static func defaultLaunches(_ effect: Effect) -> Int { 1 }

        package static func births(_ effect: Effect) -> Demand {
            let show = effect.show
            let each = show.styles.map { 1 + $0.shell.births }.max() ?? 2
            return Demand([[Demand.Factor("show.count", show.count), Demand.Factor("births per shell", each)]], "")
        }

        package static func pieceCount(_ effect: Effect) -> PieceCount { .fields("the shells' stars") }
        /// None: it launches shell presets by name, each as the preset is.
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? { nil }
    }
}
