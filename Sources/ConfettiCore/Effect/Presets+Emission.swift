/// The presets of emission over time: confetti rain, cannons and rockets (docs/effects.md,
/// Emission and Rockets). Registered in `Effect.presets`.
extension Effect {
    /// The seed article's burst with circles as well as rectangles.
    public static let dots = Effect(kind: .confetti, confetti: .mixedShapes)

    /// Confetti rain: 80 pieces a second for 2.5 s from above the top edge, falling at about
    /// their terminal speed with a little sideways drift, in three depth layers (the farthest
    /// at 0.6 of the nearest's size and speed, so it lives long enough to cross the window too).
    public static let rain: Effect = {
        var confetti = ConfettiSection.mixedShapes
        confetti.emission.emitter = .rain
        confetti.emission.rate = 80
        confetti.emission.duration = 2.5
        confetti.launchX = 0...1
        confetti.horizontalSpeed = -0.03...0.03
        confetti.upwardSpeed = 0.15
        confetti.spreadStrength = 0...4
        confetti.physics.lifetime = 5
        confetti.physics.fadeOutDuration = 0.6
        confetti.depth = ConfettiDepth(layers: 3, scale: 0.6...1.1)
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// Snow in depth: slow white and pale-blue discs, light drag-bound fall, gentle sway, in four
    /// layers from far (0.4: small, slow, swaying little) to near (1.15), the near drawn over the far.
    public static let snow: Effect = {
        var confetti = ConfettiSection.standard
        confetti.emission.emitter = .rain
        confetti.emission.rate = 40
        confetti.emission.duration = 3
        confetti.launchX = 0...1
        confetti.horizontalSpeed = -0.02...0.02
        confetti.upwardSpeed = 0.05
        confetti.physics.gravity = 110
        confetti.physics.drag = 1.2
        // Long enough for the far layer (terminal speed 0.4 × 110 / 1.2 ≈ 37 pt/s) to fall
        // most of a 540-pt window; the near one (≈ 105 pt/s) has crossed it in about 6 s.
        confetti.physics.lifetime = 12
        confetti.physics.fadeOutDuration = 1
        confetti.rotationSpeed = -40...40
        confetti.flutterAmplitude = 10...30
        confetti.flutterFrequency = 1...2.5
        confetti.flipFrequency = 0...0
        confetti.spreadStrength = 0...0
        confetti.sizes = [Size(width: 5, height: 5), Size(width: 7, height: 7), Size(width: 9, height: 9)]
        confetti.colors = [RGB(1, 1, 1), RGB(hex: 0xDDEEFF), RGB(hex: 0xC8DCF0)]
        confetti.shapes = [.circle]
        confetti.depth = ConfettiDepth(layers: 4, scale: 0.4...1.15)
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// A confetti cannon in the bottom-left corner: 90 pieces at once, 60° ± 12°.
    public static let cannon: Effect = {
        var confetti = ConfettiSection.standard
        confetti.count = 90
        confetti.emission.emitter = .cannon
        confetti.emission.corner = .bottomLeft
        confetti.emission.angle = 60
        confetti.emission.spread = 24
        confetti.upwardSpeed = 2.1
        confetti.spreadStrength = 0...6
        confetti.physics.lifetime = 2.2
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// A stream from the bottom-right corner: 70 pieces a second for 1.5 s, 55° ± 8°.
    public static let stream: Effect = {
        var confetti = ConfettiSection.mixedShapes
        confetti.emission.emitter = .cannon
        confetti.emission.corner = .bottomRight
        confetti.emission.rate = 70
        confetti.emission.duration = 1.5
        confetti.emission.angle = 55
        confetti.emission.spread = 16
        confetti.upwardSpeed = 2.0
        confetti.spreadStrength = 0...6
        confetti.physics.lifetime = 2.2
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// A party popper in the top-left corner, aimed 25° below the horizontal, wide open.
    public static let popper: Effect = {
        var confetti = ConfettiSection.mixedShapes
        confetti.count = 70
        confetti.emission.emitter = .cannon
        confetti.emission.corner = .topLeft
        confetti.emission.angle = 25
        confetti.emission.spread = 60
        confetti.upwardSpeed = 1.6
        confetti.physics.lifetime = 2.5
        confetti.physics.fadeOutDuration = 0.6
        return Effect(kind: .confetti, confetti: confetti)
    }()

    /// One rocket bursting into 80 sparks.
    public static let rocket = Effect(kind: .rocket, rocket: .standard)

    /// Four rockets 0.45 s apart whose sparks crackle.
    public static let finale: Effect = {
        var launch = RocketSection.standard
        launch.rockets = 4
        launch.launchX = 0.15...0.85
        launch.apexHeight = 0.5...0.8
        launch.sparkCount = 60
        launch.crackles = 12
        return Effect(kind: .rocket, rocket: launch)
    }()
}
