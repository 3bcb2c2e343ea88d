/// The presets of wind, trails and colour over life.
extension Effect {
    /// The standard burst in a gusty breeze: a steady 60 pt/s to the right and two gusts, felt by
    /// every piece at the same moment.
    public static let wind: Effect = {
        var confetti = ConfettiSection.standard
        confetti.physics.wind = Wind(mean: 60, gusts: [
            Wind.Gust(amplitude: 180, frequency: 2.2, phase: 0),
            Wind.Gust(amplitude: 70, frequency: 5.3, phase: 1.1),
        ])
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// Comets: each piece trails 6 tapering ghosts 25 ms apart, burns from white through gold
    /// to ember red, and shrinks to half its size by the end of its life.
    public static let trail: Effect = {
        var confetti = ConfettiSection.standard
        confetti.physics.trail = Trail(ghosts: 6, spacing: 0.025, taper: 0.6)
        confetti.physics.colorRamp = ColorRamp(stops: [
            ColorRamp.Stop(RGB(hex: 0xffffff), at: 0),
            ColorRamp.Stop(RGB(hex: 0xffd23f), at: 0.35),
            ColorRamp.Stop(RGB(hex: 0xe8431c), at: 1),
        ], mode: .replace)
        confetti.physics.sizeAtDeath = 0.5
        return Effect(kind: .confetti, confetti: confetti)
    }()
}
