import ConfettiGL
import Foundation

/// What a `confetti *` points at: a `Celebration`, the GL context it lives in, and its last
/// error. One lock serialises every call on it; the handle's address is the C pointer.
final class Handle {
    let lock = NSLock()
    let celebration: Celebration
    /// The context the celebration's GL objects belong to.
    let context: UnsafeMutableRawPointer
    var lastError = ""
    /// Set by confetti_destroy under the lock: a call that found the handle just before it was
    /// destroyed, and waited for the lock, must not use its deleted GL objects.
    var isDestroyed = false

    init(_ celebration: Celebration, context: UnsafeMutableRawPointer) {
        self.celebration = celebration
        self.context = context
    }

    /// Throws unless this handle's own context is current (GL names mean nothing in another).
    /// Its version was checked when the handle was made.
    func requireContext() throws(Failure) {
        guard let current = CurrentContext.id else {
            throw Failure(.noContext, "no OpenGL context is current on this thread: make current the one this celebration was created in")
        }
        guard current == context else {
            throw Failure(.noContext, "another OpenGL context is current: make current the one this celebration was created in")
        }
    }
}

/// Every live handle, so that a null, destroyed or made-up pointer is refused with an error
/// instead of being followed.
enum Handles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var live: [OpaquePointer: Handle] = [:]

    static func add(_ handle: Handle) -> OpaquePointer {
        let pointer = OpaquePointer(Unmanaged.passUnretained(handle).toOpaque())
        lock.withLock { live[pointer] = handle }
        return pointer
    }

    static func remove(_ pointer: OpaquePointer) -> Handle? {
        lock.withLock { live.removeValue(forKey: pointer) }
    }

    static func find(_ pointer: OpaquePointer?) -> Handle? {
        guard let pointer else { return nil }
        return lock.withLock { live[pointer] }
    }
}

/// The last error of calls made without a handle (a null one, `confetti_create`), one per thread.
enum ThreadError {
    private static let key = "confetti.lastError"

    static var message: String {
        get { Thread.current.threadDictionary[key] as? String ?? "" }
        set { Thread.current.threadDictionary[key] = newValue }
    }
}

/// Runs `body` on the handle `pointer` names, under its lock, and turns what it throws into a
/// status and the handle's last error. A pointer that names no live handle is refused, its
/// error kept per thread.
func withHandle(_ pointer: OpaquePointer?, _ body: (Handle) throws -> Void) -> Int32 {
    guard let handle = Handles.find(pointer) else {
        let what = pointer == nil ? "the celebration is null" : "the celebration is not one confetti_create made, or was destroyed"
        ThreadError.message = what
        return Status.argument.rawValue
    }
    handle.lock.lock()
    defer { handle.lock.unlock() }
    guard !handle.isDestroyed else {
        ThreadError.message = "the celebration was destroyed"
        return Status.argument.rawValue
    }
    let (status, message) = outcome { try body(handle) }
    handle.lastError = message
    return status
}

/// Runs `body`, which needs no handle, its error kept per thread.
func withoutHandle(_ body: () throws -> Void) -> Int32 {
    let (status, message) = outcome(body)
    ThreadError.message = message
    return status
}

/// What a call returns and the last error it leaves: `CONFETTI_OK` and no message, or what
/// `body` threw as a status and its message.
private func outcome(_ body: () throws -> Void) -> (status: Int32, message: String) {
    do {
        try body()
        return (Status.ok.rawValue, "")
    } catch {
        let failure = Failure(error)
        return (failure.status.rawValue, failure.message)
    }
}
