import Foundation
import Synchronization

/// SIGINT and SIGTERM, caught rather than fatal, so that a run can finish its frame, close its
/// window and exit with the conventional status (128 + the signal) and one line of its own.
package enum StopSignals {
    private static let received = Atomic<Int32>(0)
    private static let installed = Atomic<Bool>(false)

    /// Whether `install` has run: a loop that sleeps until input must then wake now and then to
    /// look, since a signal does not wake a wait for window events.
    package static var areCaught: Bool { installed.load(ordering: .relaxed) }

    /// The longest a loop may sleep between looks at `pending` once they are caught.
    package static let lookInterval = 0.25

    /// Catches both from now on. They are unblocked too: a blocked signal is never delivered,
    /// and a process inherits its parent's mask (test runners block most signals).
    package static func install() {
        var both = sigset_t()
        sigemptyset(&both)
        for signal in [SIGINT, SIGTERM] { sigaddset(&both, signal) }
        pthread_sigmask(SIG_UNBLOCK, &both, nil)
        for caught in [SIGINT, SIGTERM] {
            // A handler may only do async-signal-safe work: an atomic store is.
            signal(caught) { StopSignals.received.store($0, ordering: .relaxed) }
        }
        installed.store(true, ordering: .relaxed)
    }

    /// The signal that asked the process to stop, if one has.
    package static var pending: Int32? {
        let signal = received.load(ordering: .relaxed)
        return signal == 0 ? nil : signal
    }

    /// `SIGINT`, `SIGTERM`.
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}
