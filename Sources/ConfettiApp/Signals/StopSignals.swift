import CPosix
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// SIGINT, SIGTERM and SIGHUP, caught rather than fatal: a render stops between two frames and
/// cleans up (`check()` throws `Interrupted`), the viewer and the overlay finish their frame and
/// close their window (they look at `pending`), and each exits with the conventional status
/// (128 + the signal) and one line of its own.
///
/// The handler is C (CPosix), async-signal-safe: it only records the first signal. A second
/// one ends the process at once with the default action, for a job that does not get to its
/// next look. SIGPIPE is ignored, so a write to a pipe whose reader has gone fails with EPIPE
/// instead of killing the process.
package enum StopSignals {
    private static let installed = Atomic<Bool>(false)

    /// Catches them from now on. They are unblocked too: a blocked signal is never delivered,
    /// and a process inherits its parent's mask (test runners block most signals). Call it from
    /// the main thread, before starting threads; calling it again does nothing more.
    package static func install() {
        confetti_stop_signals_install()
        installed.store(true, ordering: .relaxed)
    }

    /// Whether `install` has run: a loop that sleeps until input must then wake now and then to
    /// look, since a signal does not wake a wait for window events.
    package static var areCaught: Bool { installed.load(ordering: .relaxed) }

    /// The longest a loop may sleep between looks at `pending` once they are caught.
    package static let lookInterval = 0.25

    /// The signal that asked the process to stop, if one has.
    package static var pending: Int32? {
        let signal = confetti_stop_signals_received()
        return signal == 0 ? nil : signal
    }

    /// Readable once a signal has asked the process to stop (and ever after): a loop that sleeps
    /// in `poll` adds it to its descriptors, so a signal that lands just before the wait still
    /// wakes it. nil before `install`.
    package static var descriptor: Int32? {
        let descriptor = confetti_stop_signals_descriptor()
        return descriptor < 0 ? nil : descriptor
    }

    /// Throws `Interrupted` once a signal has asked the process to stop.
    package static func check() throws {
        if let signal = pending { throw Interrupted(signal: signal) }
    }

    /// `SIGINT`, `SIGTERM`, `SIGHUP`.
    package static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        default: "signal \(signal)"
        }
    }
}
