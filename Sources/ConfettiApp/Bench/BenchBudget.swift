import ConfettiCore

extension Budget {
    /// Each of `bench --counts` is one burst; the frame is `--size`.
    package static func bench(counts: [Int], width: Int, height: Int) throws {
        for count in counts where count > maxParticlesPerLaunch {
            throw BudgetError("--counts \(format(count)) is above the limit of \(format(maxParticlesPerLaunch)) particles per launch")
        }
        try framePixels(width: width, height: height)
    }
}
