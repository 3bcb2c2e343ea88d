import ArgumentParser
import ConfettiApp
import ConfettiGL
import FoundationEssentials
import Glibc

struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Fire launches fast enough to wrap the GPU ring many times; report memory, GL errors and parity.",
        discussion: """
            Headless. Launches of --count confetti pieces are spawned every --interval seconds of \
            animation time into a ring of --capacity particles, with a frame drawn every 100 \
            launches. At the end: resident memory after warm-up and at the end, the GPU buffer \
            size, GL errors (KHR_debug), whether the newest launch reads back from the ring exactly as spawned, and the largest GPU-CPU \
            position difference over it. Exits 1 if any check fails.
            """
    )

    @Option(help: "Launches to fire.")
    var launches: Given<Int> = 100_000

    /// `--bursts`, the old name of `--launches`: still taken, hidden from the help, with a
    /// warning (`DeprecatedOption.launches`).
    @Option(name: .customLong("bursts"), help: .hidden)
    var deprecatedBursts: Given<Int>?

    @Option(help: "Confetti pieces per launch.")
    var count: Given<Int> = 200

    @Option(help: "Particles the ring holds.")
    var capacity: Given<Int> = 100_000

    @Option(help: "Seconds of animation between launches.")
    var interval: Given<Double> = 0.01

    @Option(help: "Clock at the start, in seconds (a long uptime tests the time rebasing).")
    var startTime: Given<Double> = 0

    @Option(help: "Seed of the launches; launch k draws from RNG stream k of it.")
    var seed: Given<UInt64> = 1

    @OptionGroup var shaders: ShaderOptions

    mutating func validate() throws {
        if let merged = try DeprecatedOption.launches(nil, bursts: deprecatedBursts, launchesGiven: CommandLineInput.given("--launches")) {
            launches = merged
        }
        deprecatedBursts = nil
        let launches = try launches.checked(in: 1...10_000_000, "--launches")
        guard let capacity = capacity.parsed else { throw OptionRefusal(Budget.capacityRefusal(capacity.text, rings: [.confetti], name: "--capacity").description) }
        // One ring of 32-byte confetti records within the GPU budget, and the run's total work.
        try Budget.soak(launches: launches, count: count.number("--count (at most --capacity)", taking: 1...capacity), capacity: capacity)
        try count.checked(in: 1...capacity, "--count (at most --capacity)")
        try interval.checked(in: 0.0001...60, "--interval")
        try startTime.checked(in: 0...1e9, "--start-time")
        try seed.checkedSeed()
    }

    func run() throws {
        var options = Soak.Options()
        options.launches = launches.value
        options.particlesPerLaunch = count.value
        options.capacity = capacity.value
        options.interval = interval.value
        options.startTime = startTime.value
        options.seed = seed.value
        let report = try shaders.headless.run(debug: true) { library, _ in
            try Soak(options: options, shaders: library).run()
        }
        print(report.summary)
        if !report.passed {
            throw ExitCode(1)
        }
    }
}
