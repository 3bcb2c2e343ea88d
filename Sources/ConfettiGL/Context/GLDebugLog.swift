@preconcurrency import CEpoxy
import FoundationEssentials
import Glibc
import Synchronization

/// GL errors as the driver reports them through KHR_debug, with the message saying what was
/// wrong (glGetError only gives a code). Debug builds and the tests turn it on.
package enum GLDebugLog {
    /// The errors since the last drain, and how many more came.
    private static let kept = Mutex((errors: [String](), dropped: 0))
    /// Errors kept between drains; later ones are counted, not kept, so a program that never
    /// drains (the viewer in a debug build) does not grow with every failing frame.
    package static let keptErrors = 256
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
        kept.withLock { kept in
            if kept.errors.count < keptErrors { kept.errors.append(message) } else { kept.dropped += 1 }
        }
        echo?(message)
    }

    /// The errors reported since the last call.
    package static func drain() -> [String] {
        kept.withLock { kept in
            defer { kept = ([], 0) }
            return kept.dropped == 0 ? kept.errors : kept.errors + ["… and \(kept.dropped) more GL errors"]
        }
    }
}
