import CConfetti
import ConfettiGL
import FoundationEssentials
import Glibc
import Synchronization

/// What a `confetti *` names: a `Celebration` and the GL context it lives in. One lock
/// serialises every call on it (so it may pass between threads).
final class Handle: @unchecked Sendable {
    let lock = Mutex(())
    let celebration: Celebration
    /// The context the celebration's GL objects belong to.
    let context: UnsafeMutableRawPointer
    /// The token the C caller holds (`Handles`); the key of its calls' errors (`ThreadError`).
    fileprivate(set) var token: UInt64 = 0
    /// Set by confetti_destroy under the lock: a call that found the handle just before it was
    /// destroyed, and waited for the lock, must not use its deleted GL objects.
    var isDestroyed = false
    /// confetti_set_reduced_motion: fire the reduced-motion version of each effect.
    var reducedMotion = false
    /// confetti_add_image: pictures by name, which its effects' `image` fields name.
    var images: [String: SpriteImage] = [:]
    static let maxImages = 64

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

/// Every live handle, named by tokens that are never given out twice: a slot and that slot's
/// generation (sokol's ids). A destroyed handle's slot takes the next generation, so its token
/// is refused whatever the allocator does with the memory; a slot whose generations run out is
/// never used again. A null, destroyed or made-up token names nothing and is refused.
enum Handles {
    private struct Slot {
        var generation: UInt32 = 1
        var handle: Handle?
    }

    private struct Table {
        var slots: [Slot] = []
        /// Slots without a handle whose generations are not used up, reused last freed first.
        var free: [Int] = []
    }

    private static let table = Mutex(Table())

    /// The token of `slot` at `generation`: never 0, so never a null pointer.
    private static func token(_ slot: Int, _ generation: UInt32) -> UInt64 {
        UInt64(generation) << 32 | UInt64(slot + 1)
    }

    private static func slot(of pointer: OpaquePointer) -> (index: Int, generation: UInt32)? {
        let token = UInt64(UInt(bitPattern: pointer))
        let index = Int(token & 0xFFFF_FFFF) - 1
        guard index >= 0 else { return nil }
        return (index, UInt32(truncatingIfNeeded: token >> 32))
    }

    /// Makes `handle` live; the token for the C caller.
    static func add(_ handle: Handle) -> OpaquePointer {
        table.withLock { table in
            let index: Int
            if let reused = table.free.popLast() {
                index = reused
            } else {
                index = table.slots.count
                table.slots.append(Slot())
            }
            table.slots[index].handle = handle
            handle.token = token(index, table.slots[index].generation)
            return OpaquePointer(bitPattern: UInt(handle.token))!
        }
    }

    /// Takes the handle `pointer` names out of the live ones; nil when it names none.
    static func remove(_ pointer: OpaquePointer) -> Handle? {
        table.withLock { table in
            guard let (index, generation) = slot(of: pointer), index < table.slots.count,
                  table.slots[index].generation == generation, let handle = table.slots[index].handle else { return nil }
            table.slots[index].handle = nil
            if generation < UInt32.max {
                table.slots[index].generation = generation + 1
                table.free.append(index)
            }
            return handle
        }
    }

    static func find(_ pointer: OpaquePointer?) -> Handle? {
        guard let pointer, let (index, generation) = slot(of: pointer) else { return nil }
        return table.withLock { table in
            index < table.slots.count && table.slots[index].generation == generation ? table.slots[index].handle : nil
        }
    }
}

/// The last error of each thread's calls, like errno: one message per handle the thread
/// called (by token), and one for its calls without a handle (token 0). Two threads failing
/// on one handle each read their own. Kept in a pthread key whose destructor frees it when the
/// thread exits; the library is linked `-z nodelete`, so that destructor is still mapped when a
/// thread exits after the app has called dlclose.
enum ThreadError {
    private final class Messages {
        var byToken: [UInt64: String] = [:]
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { messages in
            if let messages { Unmanaged<Messages>.fromOpaque(messages).release() }
        }
        return key
    }()

    private static var messages: Messages {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<Messages>.fromOpaque(existing).takeUnretainedValue()
        }
        let made = Messages()
        pthread_setspecific(key, Unmanaged.passRetained(made).toOpaque())
        return made
    }

    /// This thread's last error for `token` (0: calls without a handle); empty after a success.
    static subscript(token: UInt64) -> String {
        get { messages.byToken[token] ?? "" }
        set { messages.byToken[token] = newValue.isEmpty ? nil : newValue }
    }

    /// Of this thread's calls without a handle.
    static var message: String {
        get { self[0] }
        set { self[0] = newValue }
    }
}

/// Runs `body` on the handle `pointer` names, under its lock, and turns what it throws into a
/// status and this thread's last error for the handle. A pointer that names no live handle is
/// refused, its error kept as this thread's without a handle.
func withHandle(_ pointer: OpaquePointer?, _ body: (Handle) throws -> Void) -> confetti_status {
    guard let handle = Handles.find(pointer) else {
        let what = pointer == nil ? "the celebration is null" : "the celebration is not one confetti_create made, or was destroyed"
        ThreadError.message = what
        return Status.argument.code
    }
    return handle.lock.withLock { _ in
        guard !handle.isDestroyed else {
            ThreadError.message = "the celebration was destroyed"
            return Status.argument.code
        }
        let (status, message) = outcome { try body(handle) }
        ThreadError[handle.token] = message
        return status
    }
}

/// Runs `body`, which needs no handle, its error kept per thread.
func withoutHandle(_ body: () throws -> Void) -> confetti_status {
    let (status, message) = outcome(body)
    ThreadError.message = message
    return status
}

/// What a call returns and the last error it leaves: `CONFETTI_OK` and no message, or what
/// `body` threw as a status and its message.
private func outcome(_ body: () throws -> Void) -> (status: confetti_status, message: String) {
    do {
        try body()
        return (Status.ok.code, "")
    } catch {
        let failure = Failure(error)
        return (failure.status.code, failure.message)
    }
}
