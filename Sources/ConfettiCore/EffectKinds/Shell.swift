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

        /// Rockets, flashes, stars and what each star sheds, for `launch`'s fields under `prefix`.
        static func demand(_ launch: ShellSection, prefix: String) -> Demand {
            let s = launch.shell
            let rockets = Demand.Factor("\(prefix).rockets", launch.rockets), stars = Demand.Factor("\(prefix).stars", s.stars)
            var terms: [[Demand.Factor]] = [[rockets], [rockets, stars]]
            if s.flashRadius > 0 { terms.append([rockets, Demand.Factor("1 flash", 1)]) }
            if s.glitterPerStar > 0 { terms.append([rockets, stars, Demand.Factor("\(prefix).lifetime / \(prefix).glitterInterval", s.glitterPerStar)]) }
            if s.crossette > 0 { terms.append([rockets, stars, Demand.Factor("\(prefix).crossette", s.crossette)]) }
            if s.crackle > 0 { terms.append([rockets, stars, Demand.Factor("\(prefix).crackle", s.crackle)]) }
            if s.pistil > 0 { terms.append([rockets, Demand.Factor("\(prefix).pistil", s.pistil)]) }
            return Demand(terms, "")
        }

        /// Its lifetimes are drawn: bounded by their upper ends.
        package static func seconds(_ effect: Effect) -> Double { effect.shell.seconds }

        package static func secondsText(_ effect: Effect) -> String { "the shells' \(effect.shell.seconds.compactText) s" }

        package static func defaultLaunches(_ effect: Effect) -> Int { 1 }

        /// Per rocket: its climb, its burst, each glitter step, and each star's death when stars split or crackle.
        package static func births(_ effect: Effect) -> Demand {
            let s = effect.shell.shell
            let deaths = s.crossette > 0 || s.crackle > 0 ? s.stars : 0
            return Demand([[Demand.Factor("shell.rockets", effect.shell.rockets), Demand.Factor("(2 + glitter steps + star deaths) births", 2 + s.glitterPerStar + Double(deaths))]], "")
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
            let each = show.styles.map { style -> Double in
                let s = style.shell
                return 2 + s.glitterPerStar + Double(s.crossette > 0 || s.crackle > 0 ? s.stars : 0)
            }.max() ?? 2
            return Demand([[Demand.Factor("show.count", show.count), Demand.Factor("births per shell", each)]], "")
        }

        package static func pieceCount(_ effect: Effect) -> PieceCount { .fields("the shells' stars") }
        /// None: it launches shell presets by name, each as the preset is.
        package static func withSprites(_ effect: Effect, _ sprites: [Sprite]) -> Effect? { nil }
    }
}
