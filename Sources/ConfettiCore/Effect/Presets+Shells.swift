/// The shell presets (docs/effects.md, Shells): each a rocket and what it bursts into. Every
/// one is a value to copy and tweak; the show takes them by name.
extension ShellSection {
    static let palette = [RGB(hex: 0xFF3B30), RGB(hex: 0xFFCC00), RGB(hex: 0x34C759), RGB(hex: 0x5AC8FA), RGB(hex: 0xAF52DE), RGB(hex: 0xFF2D92)]
    static let gold = RGB(hex: 0xFFB545)

    /// A sphere of stars burning white, then their colour, changing colour late, with a flash.
    public static let peony = ShellSection(shell: FireworkShell(
        stars: 90, speed: 0.6, lifetime: 1.7, radius: 4.5, colors: palette, changeColors: [gold, RGB(hex: 0xFFFFFF), RGB(hex: 0x5AC8FA)],
        physics: StarPhysics(gravity: 70, drag: 1.3, fade: 0.5, temperature: .burning, colorChange: 0.55, colorChangeSpan: 0.08, streak: 0.03),
        stages: .init(flash: .init(radius: 60, seconds: 0.12))
    ))

    /// Stars trailing ribbons and shedding glitter.
    public static let chrysanthemum = ShellSection(shell: FireworkShell(
        stars: 70, speed: 0.55, lifetime: 1.6, radius: 3.4, colors: [RGB(hex: 0xFFE6A8), RGB(hex: 0xFF9F43), RGB(hex: 0xB8F0FF)],
        physics: StarPhysics(gravity: 80, drag: 1.5, fade: 0.5, temperature: .burning, trail: Trail(ghosts: 6, spacing: 0.035, taper: 0.85), ribbon: true),
        stages: .init(flash: .init(radius: 40), glitter: .init(interval: 0.09, lifetime: 0.45))
    ))

    /// Long-lived gold stars, heavy drag: they droop and fall like willow branches, shedding glitter.
    public static let willow = ShellSection(apexHeight: 0.65...0.8, shell: FireworkShell(
        stars: 60, speed: 0.75, lifetime: 3.2, lifetimeJitter: 0.85, radius: 3, colors: [gold, RGB(hex: 0xFFD27A)],
        physics: StarPhysics(gravity: 110, drag: 3.2, fade: 1.2, glow: .init(core: 0.35, whiteness: 0.7, light: 0.6),
                             temperature: .init(hot: 0.05, cool: 0.45, ember: RGB(hex: 0x9A3A0A)),
                             trail: Trail(ghosts: 10, spacing: 0.07, taper: 0.9), ribbon: true),
        stages: .init(glitter: .init(interval: 0.16, inherit: 0.1, lifetime: 0.7))
    ))

    /// A thick rising trunk and a few heavy comets glittering as they fall.
    public static let palm = ShellSection(rocketRadius: 6, trunk: Trail(ghosts: 16, spacing: 0.035, taper: 0.6), shell: FireworkShell(
        stars: 9, speed: 0.5, speedJitter: 0.9, lifetime: 2.2, lifetimeJitter: 0.9, radius: 6.5, colors: [gold, RGB(hex: 0xFF7A3A)],
        physics: StarPhysics(gravity: 90, drag: 1.2, fade: 0.7, temperature: .burning, trail: Trail(ghosts: 12, spacing: 0.045, taper: 0.9), ribbon: true),
        stages: .init(glitter: .init(interval: 0.035, inherit: 0.15, radius: 1.8, lifetime: 0.55))
    ))

    /// A tilted ring around a white pistil.
    public static let ring = ShellSection(shell: FireworkShell(
        pattern: .ring, stars: 48, speed: 0.55, speedJitter: 0.96, lifetime: 1.6, lifetimeJitter: 0.9, radius: 3.2, colors: palette,
        physics: StarPhysics(gravity: 60, drag: 1.3, fade: 0.5, temperature: .burning, streak: 0.03),
        stages: .init(pistil: .init(count: 30, speed: 0.35)), ringTilt: 75
    ))

    /// Silver stars blinking on, off, off, each at its own phase.
    public static let strobe = ShellSection(shell: FireworkShell(
        stars: 70, speed: 0.5, lifetime: 2.4, lifetimeJitter: 0.85, radius: 4, colors: [RGB(hex: 0xF2F6FF), RGB(hex: 0xD6E4FF)],
        physics: StarPhysics(gravity: 70, drag: 2, fade: 0.6, glow: .init(core: 0.45, whiteness: 1, light: 0.5),
                             strobe: .init(period: 0.21, duty: 1.0 / 3, edge: 0.04))
    ))

    /// Stars that each split into four at their death.
    public static let crossette = ShellSection(shell: FireworkShell(
        stars: 24, speed: 0.45, speedJitter: 0.9, lifetime: 0.9, lifetimeJitter: 0.9, radius: 4, colors: palette, changeColors: [gold],
        physics: StarPhysics(gravity: 60, drag: 1.1, fade: 0.25, temperature: .burning, trail: Trail(ghosts: 5, spacing: 0.03, taper: 0.8), ribbon: true),
        stages: .init(crossette: .init(count: 4, speed: 0.14, lifetime: 0.75))
    ))
}

extension FireworkShow {
    /// Every shell style in turn, 14 shells over 9 s.
    public static let standard = FireworkShow(shells: ["peony", "chrysanthemum", "ring", "willow", "crossette", "strobe", "palm"], count: 14, seconds: 9)
}

extension Effect {
    public static let peony = Effect(kind: .shell, shell: .peony)
    public static let chrysanthemum = Effect(kind: .shell, shell: .chrysanthemum)
    public static let willow = Effect(kind: .shell, shell: .willow)
    public static let palm = Effect(kind: .shell, shell: .palm)
    public static let ring = Effect(kind: .shell, shell: .ring)
    public static let strobe = Effect(kind: .shell, shell: .strobe)
    public static let crossette = Effect(kind: .shell, shell: .crossette)
    public static let show = Effect(kind: .show)

    /// The shell presets by name, as a show names them.
    package static var shellPresets: [String: ShellSection] {
        Dictionary(uniqueKeysWithValues: presets.filter { $0.effect.kind == .shell }.map { ($0.name, $0.effect.shell) })
    }
}
