import FoundationEssentials
import Glibc

/// A show: shells of several styles launched one after another over `seconds`, every one of
/// them scheduled at spawn (docs/effects.md, Shows). Shell k takes style k of `shells` in turn,
/// each a shell preset by name; its launch time is k·seconds/count, nudged by up to a quarter
/// of that gap, and its place and height are its style's own.
public struct FireworkShow: Hashable, Sendable {
    /// Shell presets, taken in turn.
    public var shells: [String]
    /// Shells in the show.
    public var count: Int
    /// Seconds over which they are launched.
    public var seconds: Double
    /// Reduced motion: every shell slowed down in time by this factor (`ShellSection.reducedMotion`); nil for none.
    package var slowdown: Double?

    public init(shells: [String], count: Int, seconds: Double) {
        self.shells = shells
        self.count = count
        self.seconds = seconds
    }

    /// The style of shell k.
    package func style(_ k: Int) -> ShellSection {
        var launch = Effect.shellPresets[shells[k % shells.count]] ?? Effect.peony.shell
        launch.rockets = 1
        return slowdown.map { launch.reducedMotion($0) } ?? launch
    }

    /// Every style once: what a show asks of the budget per shell, at most.
    package var styles: [ShellSection] { (0..<min(count, shells.count)).map(style) }

    /// Seconds between launches.
    package var gap: Double { count > 1 ? seconds / Double(count) : 0 }

    /// One launch, every shell's sounds with it: draws, per shell, its nudge, then the shell's own draws.
    package func launch(in viewport: Size, using rng: inout SeededGenerator) -> Launch {
        SpawnPasses.record("show")
        return (0..<count).reduce(Launch()) { launch, k in
            let start = max(0, Double(k) * gap + rng.uniform(-0.25, 0.25) * gap)
            return launch + style(k).launch(in: viewport, at: start, using: &rng)
        }
    }

    /// Seconds until the last light has gone, at most.
    package var duration: Double {
        Double(max(count - 1, 0)) * gap * 1.25 + (styles.map(\.seconds).max() ?? 0)
    }
}
