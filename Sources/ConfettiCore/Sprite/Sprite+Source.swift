import Foundation

extension Sprite.Source {
    /// The picture, made now.
    func picture(relativeTo directory: String?) throws -> SpriteImage {
        switch self {
        case .picture(let image):
            return image
        case .image(let path):
            // Names the file it would read, as a real reader's message does.
            throw SpriteError("not yet: \(Self.resolvedPath(path, relativeTo: directory))")
        default:
            throw SpriteError("not yet")
        }
    }
}
