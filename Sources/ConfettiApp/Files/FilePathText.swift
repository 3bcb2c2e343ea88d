import SystemPackage

/// A path as the user wrote it, read with swift-system's `FilePath`, for messages and the few
/// calls that take text.
extension FilePath {
    /// The folder holding the last component, as text: `a/b/c` → `a/b`, `c` → `.`, `/c` → `/`.
    package var directoryText: String {
        let parent = removingLastComponent()
        return parent.isEmpty ? "." : parent.string
    }

    /// The last component as text (`a/b/` → `b`), empty for `/`.
    package var nameText: String { lastComponent?.string ?? "" }

    /// The extension of `path`'s last component, lower case, or nil: `celebration.MP4` → `mp4`;
    /// `.frames`, `out`, `name.`, `out/` and `a.b/` have none (a trailing slash says "directory").
    package static func fileExtension(of path: String) -> String? {
        guard !path.hasSuffix("/"), let ext = FilePath(path).extension, !ext.isEmpty else { return nil }
        return ext.lowercased()
    }

    /// `directory/name` for messages, without a leading `./` for the current folder.
    package static func joined(_ directory: String, _ name: String) -> String {
        directory.isEmpty || directory == "." ? name : FilePath(directory).appending(name).string
    }
}
