/// The presets of emission over time: confetti rain, cannons and rockets (docs/effects.md,
/// Emission and Rockets). Registered in `Effect.presets`.
extension Effect {
    /// The seed article's burst with circles as well as rectangles.
    public static let dots = Effect(kind: .confetti, confetti: .mixedShapes)

    /// Confetti rain: 80 pieces a second for 2.5 s from above the top edge, falling at about
    /// their terminal speed with a little sideways drift, in three depth layers (the farthest
    /// at 0.6 of the nearest's size and speed, so it lives long enough to cross the window too).
    public static let rain: Effect = {
        var burst = ConfettiBurst.mixedShapes
        burst.emission.emitter = .rain
        burst.emission.rate = 80
        burst.emission.duration = 2.5
        burst.launchX = 0...1
        burst.horizontalSpeed = -0.03...0.03
        burst.upwardSpeed = 0.15
        burst.spreadStrength = 0...4
        burst.physics.lifetime = 5
        burst.physics.fadeOutDuration = 0.6
        burst.depth = ConfettiDepth(layers: 3, scale: 0.6...1.1)
        return Effect(kind: .confetti, confetti: burst)
    }()

    /// Snow in depth: slow white and pale-blue discs, light drag-bound fall, gentle sway, in four
    /// layers from far (0.4: small, slow, swaying little) to near (1.15), the near drawn over the far.
    public static let snow: Effect = {
        var burst = ConfettiBurst.standard
        burst.emission.emitter = .rain
        burst.emission.rate = 40
        burst.emission.duration = 3
        burst.launchX = 0...1
        burst.horizontalSpeed = -0.02...0.02
        burst.upwardSpeed = 0.05
        burst.physics.gravity = 110
        burst.physics.drag = 1.2
        // Long enough for the far layer (terminal speed 0.4 × 110 / 1.2 ≈ 37 pt/s) to fall
        // most of a 540-pt window; the near one (≈ 105 pt/s) has crossed it in about 6 s.
        burst.physics.lifetime = 12
        burst.physics.fadeOutDuration = 1
        burst.rotationSpeed = -40...40
        burst.flutterAmplitude = 10...30
        burst.flutterFrequency = 1...2.5
        burst.flipFrequency = 0...0
        burst.spreadStrength = 0...0
        burst.sizes = [Size(width: 5, height: 5), Size(width: 7, height: 7), Size(width: 9, height: 9)]
        burst.colors = [RGB(1, 1, 1), RGB(hex: 0xDDEEFF), RGB(hex: 0xC8DCF0)]
        burst.shapes = [.circle]
        burst.depth = ConfettiDepth(layers: 4, scale: 0.4...1.15)
        return Effect(kind: .confetti, confetti: burst)
    }()

    /// A confetti cannon in the bottom-left corner: 90 pieces at once, 60° ± 12°.
    public static let cannon: Effect = {
        var burst = ConfettiBurst.standard
        burst.count = 90
        burst.emission.emitter = .cannon
        burst.emission.corner = .bottomLeft
        burst.emission.angle = 60
        burst.emission.spread = 24
        burst.upwardSpeed = 2.1
        burst.spreadStrength = 0...6
        burst.physics.lifetime = 2.2
        return Effect(kind: .confetti, confetti: burst)
    }()

    /// A stream from the bottom-right corner: 70 pieces a second for 1.5 s, 55° ± 8°.
    public static let stream: Effect = {
        var burst = ConfettiBurst.mixedShapes
        burst.emission.emitter = .cannon
        burst.emission.corner = .bottomRight
        burst.emission.rate = 70
        burst.emission.duration = 1.5
        burst.emission.angle = 55
        burst.emission.spread = 16
        burst.upwardSpeed = 2.0
        burst.spreadStrength = 0...6
        burst.physics.lifetime = 2.2
        return Effect(kind: .confetti, confetti: burst)
    }()

    /// A party popper in the top-left corner, aimed 25° below the horizontal, wide open.
    public static let popper: Effect = {
        var burst = ConfettiBurst.mixedShapes
        burst.count = 70
        burst.emission.emitter = .cannon
        burst.emission.corner = .topLeft
        burst.emission.angle = 25
        burst.emission.spread = 60
        burst.upwardSpeed = 1.6
        burst.physics.lifetime = 2.5
        burst.physics.fadeOutDuration = 0.6
        return Effect(kind: .confetti, confetti: burst)
    }()

    /// One rocket bursting into 80 sparks.
    public static let rocket = Effect(kind: .rocket, rocket: .standard)

    /// Four rockets 0.45 s apart whose sparks crackle.
    public static let finale: Effect = {
        var launch = RocketLaunch.standard
        launch.rockets = 4
        launch.launchX = 0.15...0.85
        launch.apexHeight = 0.5...0.8
        launch.sparkCount = 60
        launch.crackles = 12
        return Effect(kind: .rocket, rocket: launch)
    }()
}
