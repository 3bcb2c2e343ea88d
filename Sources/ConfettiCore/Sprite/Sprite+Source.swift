import Foundation

extension Sprite.Source {
    /// The picture, made now.
    func picture(relativeTo directory: String?) throws -> SpriteImage {
        switch self {
        case .picture(let image):
            return image
        default:
            throw SpriteError("not yet")
        }
    }
}
