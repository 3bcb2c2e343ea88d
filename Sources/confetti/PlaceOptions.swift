import ArgumentParser
import ConfettiApp

/// `--at X,Y` and `--output NAME`, shared by overlay and fire: where a launch bursts on the
/// desktop (`LaunchPlace` says what they mean and checks them).
struct PlaceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Where it bursts, in desktop points (with --output: from that output's top-left).", discussion: "Default: the middle of --output, else of the first output. The launch plays on one output, sized to it: --output, else the one holding --at, else the first (leftmost).", valueName: "x,y"))
    var at: String?

    @Option(help: ArgumentHelp("The output to play on, by name (DUMMY0, HEADLESS-1, …): its middle, or --at within it.", valueName: "name"))
    var output: String?

    /// Whether either was given.
    var isGiven: Bool { at != nil || output != nil }

    /// The place they give; an --at that is not two numbers is refused in one line.
    func place() throws -> LaunchPlace {
        LaunchPlace(at: try at.map(LaunchPlace.point), output: output)
    }
}
