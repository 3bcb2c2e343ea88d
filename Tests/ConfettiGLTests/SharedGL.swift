import ConfettiGL
import Foundation
import Synchronization
import Testing

/// One surfaceless EGL context for the whole test run.
///
/// A context is current on one thread at a time and Swift Testing runs tests on many threads
/// in parallel, so every GL test goes through `run`: take the lock, make the context current,
/// run the body, release the context. A machine with no usable EGL fails here, with the reason.
///
/// The lock is awaited, not blocked on: the tests share a pool of as many threads as cores, and
/// a test that sat on a thread waiting for GL would starve the others (two GL tests waiting
/// on a third once held both threads, and every screenshot poll stalled with them).
/// The context is a debug context: any GL error the driver reports through KHR_debug during a
/// test fails that test, with the driver's message.
enum SharedGL {
    private static let lock = TurnLock()
    nonisolated(unsafe) private static var context: Result<HeadlessContext, any Error>?

    static func run<T>(_ body: () throws -> T) async throws -> T {
        await lock.acquire()
        defer { lock.release() }
        if context == nil {
            context = Result { try HeadlessContext(debug: true) }
        }
        let current = try context!.get()
        try current.makeCurrent()
        defer { current.release() }
        // No drain first: whatever is in the log is reported, never dropped.
        let result = try body()
        expectNoGLErrors()
        return result
    }

    /// Fails the running test for every GL error reported since the last check.
    static func expectNoGLErrors(sourceLocation: SourceLocation = #_sourceLocation) {
        for message in GLDebugLog.drain() {
            Issue.record("GL error: \(message)", sourceLocation: sourceLocation)
        }
    }

    /// One window test at a time: GLFW's state and DISPLAY are the process's.
    private static let displayLock = TurnLock()

    /// `body` with an X server in DISPLAY (this test run's own Xvfb, or the display the run was
    /// started on) and no other window test meanwhile. Windows have GL contexts of their own,
    /// so EGL tests go on; the GL errors the window's context reported are checked at the end,
    /// between two EGL tests, so that each error is blamed on the test that made it.
    static func withDisplay<T>(_ body: () throws -> T) async throws -> T {
        await displayLock.acquire()
        defer { displayLock.release() }
        let server = try await XServer.ensure()
        defer { server?.stop() }
        let result = try body()
        await lock.acquire()
        expectNoGLErrors()
        lock.release()
        return result
    }

    /// The built-in shaders, or `$CONFETTI_SHADER_DIR` (how `make mutants` tests a mutated copy).
    static func shaders() throws -> ShaderLibrary { try ShaderLibrary.resolve() }

    /// Writes every file `library` builds in under `directory`, as `Shaders/` lays them out
    /// (the application's in `app/`): a shader directory to edit.
    static func writeShaders(of library: ShaderLibrary, to directory: URL) throws {
        for name in library.builtInNames {
            let file = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try library.text(name).write(to: file, atomically: true, encoding: .utf8)
        }
    }
}

/// A lock that is awaited: a task waiting for it is suspended and gives its thread back. Turns
/// are handed out in the order they were asked for.
final class TurnLock: Sendable {
    private let state = Mutex<(held: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    func acquire() async {
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

    func release() {
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
