import Foundation

/// The repository the tests were built from, for the tests that read its files (the README,
/// `Shaders/`, the example app) or run its Makefile.
package enum Repository {
    /// Its root: this file is `Tests/Support/Repository.swift` in it.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `path` (`README.md`, `Shaders`, `.build/wayland/lib`) in the repository.
    package static func file(_ path: String) -> URL { root.appendingPathComponent(path) }
}
