import CConfetti
import ConfettiGL

/// `confetti_status` of confetti.h: what went wrong, as a number a C caller can switch on.
/// The numbers are the header's; a status added there and not here fails `code`'s switch.
enum Status: CaseIterable {
    case ok, argument, unknownPreset, effect, noContext, unsupportedContext, limit, gl, framebuffer, `internal`

    var code: confetti_status {
        switch self {
        case .ok: CONFETTI_OK
        case .argument: CONFETTI_ERROR_ARGUMENT
        case .unknownPreset: CONFETTI_ERROR_UNKNOWN_PRESET
        case .effect: CONFETTI_ERROR_EFFECT
        case .noContext: CONFETTI_ERROR_NO_CONTEXT
        case .unsupportedContext: CONFETTI_ERROR_UNSUPPORTED_CONTEXT
        case .limit: CONFETTI_ERROR_LIMIT
        case .gl: CONFETTI_ERROR_GL
        case .framebuffer: CONFETTI_ERROR_FRAMEBUFFER
        case .internal: CONFETTI_ERROR_INTERNAL
        }
    }

    var name: StaticString {
        switch self {
        case .ok: "ok"
        case .argument: "argument"
        case .unknownPreset: "unknown preset"
        case .effect: "effect"
        case .noContext: "no context"
        case .unsupportedContext: "unsupported context"
        case .limit: "limit"
        case .gl: "gl"
        case .framebuffer: "framebuffer"
        case .internal: "internal"
        }
    }

    init?(_ code: confetti_status) {
        guard let status = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = status
    }
}

/// A failure on its way to the C caller: its status and its message.
struct Failure: Error {
    var status: Status
    var message: String

    init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// What the library threw, sorted by whose fault it is. The arguments were checked before
    /// the library was called, so what `Celebration` itself refuses is a launch beyond its
    /// limits; what fits no status is INTERNAL, never blamed on the app or on OpenGL.
    init(_ error: any Error) {
        switch error {
        case let failure as Failure: self = failure
        case let error as UnknownEffect: self.init(.unknownPreset, error.description)
        case let error as EffectError: self.init(.effect, error.description)
        case let error as SpriteError: self.init(.effect, error.description)
        case let error as CelebrationError: self.init(.limit, error.description)
        case let error as GLFailure: self.init(.gl, error.description)
        default: self.init(.internal, "an internal error of confetti: \(String(describing: error))")
        }
    }
}
