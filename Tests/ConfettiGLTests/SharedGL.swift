import ConfettiGL
import Foundation

/// One surfaceless EGL context for the whole test run.
///
/// A context is current on one thread at a time and Swift Testing runs tests on many threads
/// in parallel, so every GL test goes through `run`: take the lock, make the context current,
/// run the body, release the context. A machine with no usable EGL fails here, with the reason.
enum SharedGL {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var context: Result<HeadlessContext, any Error>?

    static func run<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if context == nil {
            context = Result { try HeadlessContext() }
        }
        let current = try context!.get()
        try current.makeCurrent()
        defer { current.release() }
        return try body()
    }

    /// For tests that need GL but not this context (the window test): no EGL work runs meanwhile.
    static func exclusive<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    static func shaders() throws -> ShaderDirectory { try ShaderDirectory.locate() }
}
