/// Path text as the user wrote it, for messages and for the few calls that take a path.
package enum PathText {
    /// `dir/name`, without doubling a slash or prefixing `./`.
    package static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The directory and the last component: `a/b/c` → (`a/b`, `c`), `c` → (`.`, `c`), `/c` → (`/`, `c`).
    package static func split(_ path: String) -> (directory: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let directory = trimmed[..<slash]
        return (directory.isEmpty ? "/" : String(directory), String(trimmed[trimmed.index(after: slash)...]))
    }

    /// The extension of the last component, lower case, or nil: `celebration.MP4` → `mp4`; `.frames`,
    /// `out`, `out/` and `a.b/` have none (a trailing slash says "directory").
    package static func fileExtension(_ path: String) -> String? {
        if path.hasSuffix("/") { return nil }
        let name = split(path).name
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.isEmpty ? nil : ext.lowercased()
    }
}
