/// A stop signal arrived (see `StopSignals`): the job stopped between two steps.
package struct Interrupted: Error, CustomStringConvertible, Sendable {
    package let signal: Int32

    /// The shell's convention: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
    package var status: Int32 { 128 + signal }

    package var signalName: String { StopSignals.name(signal) }

    package var description: String { "interrupted by \(signalName)" }
}
