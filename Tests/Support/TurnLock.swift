import Synchronization

/// A lock that is awaited: a task waiting for it is suspended and gives its thread back. Turns
/// are handed out in the order they were asked for.
package final class TurnLock: Sendable {
    private let state = Mutex<(held: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    package init() {}

    package func acquire() async {
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.held {
                    state.waiting.append(turn)
                    return false
                }
                state.held = true
                return true
            }
            if now { turn.resume() }
        }
    }

    package func release() {
        let next = state.withLock { state in
            if state.waiting.isEmpty {
                state.held = false
                return nil as CheckedContinuation<Void, Never>?
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
