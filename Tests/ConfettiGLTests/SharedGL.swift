import ConfettiGL
import Foundation
import Testing

/// One surfaceless EGL context for the whole test run.
///
/// A context is current on one thread at a time and Swift Testing runs tests on many threads
/// in parallel, so every GL test goes through `run`: take the lock, make the context current,
/// run the body, release the context. A machine with no usable EGL fails here, with the reason.
/// The context is a debug context: any GL error the driver reports through KHR_debug during a
/// test fails that test, with the driver's message.
enum SharedGL {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var context: Result<HeadlessContext, any Error>?

    static func run<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if context == nil {
            context = Result { try HeadlessContext(debug: true) }
        }
        let current = try context!.get()
        try current.makeCurrent()
        defer { current.release() }
        _ = GLDebugLog.drain()
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

    /// For tests that need GL but not this context (the window test): no EGL work runs meanwhile.
    static func exclusive<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        _ = GLDebugLog.drain()
        let result = try body()
        expectNoGLErrors()
        return result
    }

    /// The built-in shaders, or `$CONFETTI_SHADER_DIR` (how `make mutants` tests a mutated copy).
    static func shaders() throws -> ShaderLibrary { try ShaderLibrary.resolve() }
}
