import CSystem
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// SIGINT, SIGTERM or SIGHUP arrived: the job stopped between two steps.
public struct Interrupted: Error, CustomStringConvertible, Sendable {
    public let signal: Int32

    /// The shell's convention: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
    public var status: Int32 { 128 + signal }

    public var signalName: String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(signal)"
        }
    }

    public var description: String { "interrupted by \(signalName)" }
}

/// Catches SIGINT, SIGTERM and SIGHUP so a render can stop cleanly between frames: the handler
/// (in C, async-signal-safe) only records the signal, and `check()` throws `Interrupted` once
/// one has arrived. A second signal ends the process at once. SIGPIPE is ignored.
public enum Interrupts {
    public static func install() { confetti_interrupts_install() }

    /// The signal received, or nil.
    public static var received: Int32? {
        let signal = confetti_interrupts_received()
        return signal == 0 ? nil : signal
    }

    public static func check() throws {
        if let signal = received { throw Interrupted(signal: signal) }
    }
}
