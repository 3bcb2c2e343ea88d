extension Sprite.Source {
    /// Where an image path points: as given when it is absolute or there is no `directory`
    /// (the current directory's), else inside `directory`, the folder of the effect file that
    /// names it, so that a file and its pictures move together. The text is kept as the user
    /// wrote it (no symbolic link resolved, no absolute path made up), so that a message
    /// names the file as the user knows it.
    package static func resolvedPath(_ path: String, relativeTo directory: String?) -> String {
        guard !path.isEmpty, !path.hasPrefix("/"), let directory, !directory.isEmpty else { return path }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }
}
