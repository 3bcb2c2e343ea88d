/// Options renamed, whose old names are still taken (hidden from the help) with a warning.
package enum DeprecatedOption {
    /// `--bursts N`, the old name of `--launches N` (render, soak): its value for `--launches`,
    /// with one line on stderr; nil when it was not given. Giving both is an error.
    package static func launches<T>(_ launches: T?, bursts: T?, launchesGiven: Bool) throws -> T? {
        guard let bursts else { return launches }
        guard !launchesGiven else {
            throw OptionRefusal("--bursts is the old name of --launches: give --launches alone")
        }
        StandardStream.error("confetti: --bursts is deprecated; use --launches\n")
        return bursts
    }
}
