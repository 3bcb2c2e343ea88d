import Testing

/// The lanes a suite runs in, as Swift Testing tags on the suite. `make test` runs every suite;
/// `make check` runs the suites tagged with any of its `CHECK_TAGS` (these three: what proves
/// the math, the library and the file format, in minutes), and the mutants tool tries the
/// `math` suites first. `Scripts/lane-filter` reads the tagged suites from the built tests and
/// prints the `swift test --filter` that runs them, so no list of suite names is kept by hand.
extension Tag {
    /// The shaders and the CPU evaluators against each other and against their closed forms,
    /// on the GPU (transform feedback, every pixel) and on the CPU: what kills a mutant of either.
    @Tag package static var math: Self
    /// The library an app embeds (ConfettiGL) called in process: its facade, its public API,
    /// its ring, registries and budget.
    @Tag package static var library: Self
    /// The effect file, its fields and the pictures it names (JSON, SVG, PNG, emoji and text),
    /// read, written and refused.
    @Tag package static var fileFormat: Self
}
