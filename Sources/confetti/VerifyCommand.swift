import ArgumentParser
import ConfettiApp
import ConfettiGL
import ConfettiProof

struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Prove the shader math on this GPU: every preset (or one effect) against the CPU reference.",
        discussion: """
            For each effect, --launches seeded launches (each at its own seed, viewport and epoch, \
            up to 30 days of uptime) go through the parity check, the vertex shaders' outputs read \
            back by transform feedback against the Swift evaluators at random ages, every field \
            within its derived float32 tolerance; and through the pixel proof, a headless render \
            against the CPU rasteriser at content scales 1 and 2. The table gives, per effect, the \
            worst field error as a share of its tolerance, the worst and mean pixel difference, \
            and pass or fail. Exit status 1 when a check fails, each failure named by effect, \
            field, particle and time: what a driver bug report needs. Exit status 2 for bad input.
            """
    )

    @Option(help: ArgumentHelp("One effect: a preset, a named effect or an effect file. Default: every preset.", discussion: EffectReference.lookupText, valueName: "name|file"), completion: .custom { _, _, typed in EffectCompletion.candidates(typed) })
    var effect: String?

    @Option(help: "Seeded launches of each effect.")
    var launches: Given<Int> = 2

    @Option(help: "Seed of the launches, viewports, epochs and ages.")
    var seed: Given<UInt64> = 1

    @Option(help: ArgumentHelp("Also write the results as JSON to this file.", valueName: "file"))
    var json: String?

    @OptionGroup var shaders: ShaderOptions

    func validate() throws {
        try launches.checked(in: 1...100, "--launches")
        try seed.checkedSeed()
    }

    func run() throws {
        var verification = Verification()
        (verification.launches, verification.seed) = (launches.value, seed.value)
        try exitStatus(verification.runInForeground(effect: effect, headless: shaders.headless, json: json))
    }
}
