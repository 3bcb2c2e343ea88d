import Foundation

extension Sprite.Source {
    /// An image path as given, or relative to `directory` (an effect file's folder) unless absolute.
    package static func resolvedPath(_ path: String, relativeTo directory: String?) -> String {
        guard let directory, !path.hasPrefix("/"), !path.isEmpty else { return path }
        return URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: directory, isDirectory: true)).path
    }
}
