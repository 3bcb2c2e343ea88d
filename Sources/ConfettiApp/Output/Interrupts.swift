import CPosix
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM or SIGHUP arrived: the job stopped between two steps.
package struct Interrupted: Error, CustomStringConvertible, Sendable {
    package let signal: Int32

    /// The shell's convention: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
    package var status: Int32 { 128 + signal }

    package var signalName: String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(signal)"
        }
    }

    package var description: String { "interrupted by \(signalName)" }
}

/// Catches SIGINT, SIGTERM and SIGHUP so a render can stop cleanly between frames: the handler
/// (in C, async-signal-safe) only records the signal, and `check()` throws `Interrupted` once
/// one has arrived. A second signal ends the process at once. SIGPIPE is ignored.
package enum Interrupts {
    package static func install() { confetti_interrupts_install() }

    /// The signal received, or nil.
    package static var received: Int32? {
        let signal = confetti_interrupts_received()
        return signal == 0 ? nil : signal
    }

    package static func check() throws {
        if let signal = received { throw Interrupted(signal: signal) }
    }
}
