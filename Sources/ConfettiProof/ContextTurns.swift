/// Turns on a context that others share: `run` makes it current for `body`, which makes GL
/// calls only, and hands it on after. Work that needs no context (the CPU's side of a proof)
/// is done between turns, so whoever waits for the context waits for GL work alone.
package protocol ContextTurns: Sendable {
    func run<T>(_ body: () throws -> T) async throws -> T
}
