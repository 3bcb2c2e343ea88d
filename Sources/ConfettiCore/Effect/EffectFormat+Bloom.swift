extension EffectFormat {
    /// The glow over the frame, which every kind reads. Written into a file only when it differs
    /// from `Bloom.standard`, so that a preset printed by `confetti presets` reads as before.
    nonisolated(unsafe) static let bloom = EffectSection<Bloom>(key: "bloom", title: "Bloom (any effect kind)", standard: .standard, fields: [
        .flag("enabled", \.isEnabled, "whether the frame glows; `--bloom` and `--no-bloom` override it"),
        .number("threshold", \.threshold, Bloom.thresholds, .ratio, "premultiplied luminance (Rec. 709 weights) a pixel needs to glow; only the part above it glows, so 1 glows nowhere"),
        .number("radius", \.radius, Bloom.radii, .length, "how far the glow reaches from a bright pixel, pt: three standard deviations of its Gaussian"),
        .number("strength", \.strength, Bloom.strengths, .ratio, "how much of the blurred bright part is added back over the frame; 0 adds nothing"),
    ], finish: { _, _ in })
}
