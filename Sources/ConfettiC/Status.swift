import ConfettiGL

/// `confetti_status` of confetti.h: what went wrong, as a number a C caller can switch on.
enum Status: Int32, CaseIterable {
    case ok = 0
    case argument = 1
    case unknownPreset = 2
    case effect = 3
    case noContext = 4
    case unsupportedContext = 5
    case limit = 6
    case gl = 7

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
        }
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
    /// the library was called, so what `Celebration` itself refuses is a launch beyond its limits.
    init(_ error: any Error) {
        switch error {
        case let failure as Failure: self = failure
        case let error as EffectError: self.init(.effect, error.description)
        case let error as SpriteError: self.init(.effect, error.description)
        case let error as CelebrationError: self.init(.limit, error.description)
        case let error as GLFailure: self.init(.gl, error.description)
        default: self.init(.gl, String(describing: error))
        }
    }
}
