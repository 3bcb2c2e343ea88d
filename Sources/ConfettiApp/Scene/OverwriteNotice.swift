import ConfettiGL
import FoundationEssentials
import Glibc

extension Celebration {
    /// Says once per ring, on stderr, when live particles start being overwritten, with `advice`
    /// (the option that makes room). The library itself only counts them.
    package func reportOverwrites(advice: String) {
        let say: (String) -> Void = { StandardStream.error("confetti: " + $0 + "; " + advice + "\n") }
        for renderer in renderers { renderer.notice = say }
    }
}
