import Synchronization

/// Counts the launches checked against the budget (`Budget.launch`), for a test that a launch
/// is checked once on its way from a request to the rings: set it for a task
/// (`$counter.withValue`) and every check made in that task records itself. Unset, recording
/// costs one task-local read per check.
package final class LaunchChecks: Sendable {
    @TaskLocal package static var counter: LaunchChecks?

    private let checks = Mutex(0)

    package init() {}

    /// Checks made so far.
    package var count: Int { checks.withLock { $0 } }

    /// Called by `Budget.launch` each time it checks a launch.
    package static func record() {
        counter?.checks.withLock { $0 += 1 }
    }
}
