import ConfettiApp
import ConfettiGL
import ConfettiProof
import Foundation
import Synchronization
import Testing
import TestSupport

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
package enum SharedGL {
    private static let lock = TurnLock()
    nonisolated(unsafe) private static var context: Result<HeadlessContext, any Error>?

    package static func run<T>(_ body: () throws -> T) async throws -> T {
        let asked = ContinuousClock.now
        await lock.acquire()
        let turn = TurnLog.Turn(asked: asked)
        defer {
            turn.end()
            lock.release()
        }
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

    /// The shared context's turns, for the proofs that take them themselves (`Verification`,
    /// `ParityCheck.Plan`): GL work in a turn, the CPU's work between turns.
    package static let turns = Turns()

    package struct Turns: ContextTurns {
        package func run<T>(_ body: () throws -> T) async throws -> T { try await SharedGL.run(body) }
    }

    /// Fails the running test for every GL error reported since the last check.
    package static func expectNoGLErrors(sourceLocation: SourceLocation = #_sourceLocation) {
        for message in GLDebugLog.drain() {
            Issue.record("GL error: \(message)", sourceLocation: sourceLocation)
        }
    }

    /// After a window's work (its context is not this one, so EGL tests went on meanwhile):
    /// fails the running test for the GL errors the window reported, checked between two EGL
    /// tests so that each error is blamed on the test that made it.
    package static func expectNoGLErrorsBetweenTests(sourceLocation: SourceLocation = #_sourceLocation) async {
        await lock.acquire()
        expectNoGLErrors(sourceLocation: sourceLocation)
        lock.release()
    }

    /// The built-in shaders, or `$CONFETTI_SHADER_DIR` (how `make mutants` tests a mutated copy).
    package static func shaders() throws -> ShaderLibrary { try ShaderLibrary.resolve() }

    /// Writes every file `library` builds in under `directory`, as `Shaders/` lays them out
    /// (the application's in `app/`): a shader directory to edit.
    package static func writeShaders(of library: ShaderLibrary, to directory: URL) throws {
        for name in library.builtInNames {
            let file = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try library.text(name).write(to: file, atomically: true, encoding: .utf8)
        }
    }
}
