import SystemPackage

/// A file-system failure as one line: what could not be done to which path, and why, in words.
package struct FileFailure: Error, CustomStringConvertible, Sendable, Equatable {
    package var action: String
    package var path: String
    package var reason: String

    package init(_ action: String, _ path: String, reason: String) {
        self.action = action
        self.path = path
        self.reason = reason
    }

    package init(_ action: String, _ path: String, errno code: Int32) {
        self.init(action, path, reason: Self.reason(code))
    }

    package init(_ action: String, _ path: String, _ error: Errno) {
        self.init(action, path, reason: Self.reason(error.rawValue))
    }

    package var description: String { "cannot \(action) \(path): \(reason)" }

    /// errno in words, lower case, as the rest of a one-line message: the C library's own
    /// strerror(3) text (through swift-system's `Errno`), "No space left on device" →
    /// "no space left on device".
    package static func reason(_ code: Int32) -> String {
        let text = Errno(rawValue: code).description
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// The reason for a path that names a directory where a file is wanted.
    package static let isDirectory = "it is a directory"
}
