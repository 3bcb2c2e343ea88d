#if canImport(Glibc)
import Glibc
#endif

extension ProcessStart {
    /// The search path when PATH is unset: glibc's (`confstr(_CS_PATH)`), which execvp and
    /// posix_spawnp use then.
    package static let defaultSearchPath = "/bin:/usr/bin"

    /// Where `name` is run from, by execvp's rule, which a user's shell follows too: a name with a
    /// slash is that file; otherwise the first regular file called `name` that may be executed in
    /// the directories of `path` in order (an empty entry is the current directory; PATH unset
    /// is `defaultSearchPath`). Nil when there is none. The package's one PATH search.
    package static func locate(_ name: String, path: String?) -> String? {
        guard !name.isEmpty else { return nil }
        if name.contains("/") { return isExecutableFile(name) ? name : nil }
        for directory in (path ?? defaultSearchPath).split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = directory.isEmpty ? name : (directory.hasSuffix("/") ? "\(directory)\(name)" : "\(directory)/\(name)")
            if isExecutableFile(candidate) { return candidate }
        }
        return nil
    }

    /// `locate` in this process's PATH.
    package static func locate(_ name: String) -> String? {
        locate(name, path: getenv("PATH").map { String(cString: $0) })
    }

    /// A regular file (links followed) this process may execute.
    private static func isExecutableFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }
}
