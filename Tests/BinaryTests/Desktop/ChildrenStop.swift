import Foundation
import TestSupport

extension ChildProcess {
    /// Stops its own children first, by their process ids, then it: dbus-run-session passes no
    /// signal on to the bus and the compositor it started.
    func stopWithChildren() {
        let file = "/proc/\(pid)/task/\(pid)/children"
        let children = (try? String(contentsOfFile: file, encoding: .utf8))?.split(separator: " ").compactMap { pid_t($0) } ?? []
        for child in children { kill(child, SIGTERM) }
        stop()
    }
}
