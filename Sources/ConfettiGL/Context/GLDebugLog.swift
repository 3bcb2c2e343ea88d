@preconcurrency import CEpoxy
import FoundationEssentials
import Glibc

/// GL errors as the driver reports them through KHR_debug, with the message saying what was
/// wrong (glGetError only gives a code). Debug builds and the tests turn it on.
package enum GLDebugLog {
    private static let lock = Lock()
    nonisolated(unsafe) private static var errors: [String] = []
    /// Errors kept between drains; later ones are counted, not kept, so a program that never
    /// drains (the viewer in a debug build) does not grow with every failing frame.
    package static let keptErrors = 256
    nonisolated(unsafe) private static var dropped = 0
    /// Also hands each error here as it happens (the command prints it to stderr).
    nonisolated(unsafe) package static var echo: ((String) -> Void)?

    /// Installs the callback on the current context. Returns false where the context has no
    /// KHR_debug (before GL 4.3 without the extension), which leaves glGetError checks only.
    @discardableResult
    package static func install() -> Bool {
        guard epoxy_gl_version() >= 43 || epoxy_has_gl_extension("GL_KHR_debug") else { return false }
        epoxy_glEnable(GLenum(GL_DEBUG_OUTPUT))
        // Synchronous, so an error is reported inside the call that caused it.
        epoxy_glEnable(GLenum(GL_DEBUG_OUTPUT_SYNCHRONOUS))
        epoxy_glDebugMessageCallback({ source, type, _, _, length, message, _ in
            // Compile failures come through here too; ShaderProgram reports those, with file
            // and line, as ShaderError.
            guard type == GLenum(GL_DEBUG_TYPE_ERROR), source != GLenum(GL_DEBUG_SOURCE_SHADER_COMPILER), let message else { return }
            let text = String(decoding: UnsafeRawBufferPointer(start: message, count: Int(max(length, 0))), as: UTF8.self)
            GLDebugLog.record(text)
        }, nil)
        return true
    }

    static func record(_ message: String) {
        lock.lock()
        if errors.count < keptErrors { errors.append(message) } else { dropped += 1 }
        lock.unlock()
        echo?(message)
    }

    /// The errors reported since the last call.
    package static func drain() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        defer { errors.removeAll(); dropped = 0 }
        return dropped == 0 ? errors : errors + ["… and \(dropped) more GL errors"]
    }
}
