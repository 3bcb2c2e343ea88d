import ConfettiCore

extension Budget.Names {
    /// The command line's names: `--capacity`, and `--count` / `--launches` when given. The
    /// library names the effect's fields; a command names the options that set them.
    package static func options(countGiven: Bool = false, launchesGiven: Bool = false) -> Budget.Names {
        Budget.Names(count: countGiven ? "--count" : "confetti.count", capacity: "--capacity", launches: launchesGiven ? "--launches" : "launches")
    }
}
