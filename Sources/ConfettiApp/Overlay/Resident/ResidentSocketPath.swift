import Foundation
import Glibc

/// Where the resident overlay listens: `$XDG_RUNTIME_DIR/confetti/overlay.socket`, in a folder
/// only its user may enter (0700, owned by them), so no other user can connect or put a socket
/// of their own there first.
package struct ResidentSocketPath: Sendable, Equatable {
    /// The folder, `$XDG_RUNTIME_DIR/confetti`.
    package var folder: String
    /// The socket, `folder/overlay.socket`.
    package var socket: String { folder + "/overlay.socket" }

    package init(folder: String) { self.folder = folder }

    /// The path for `environment`: refused in one line without `XDG_RUNTIME_DIR` (an absolute path).
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else {
            throw ResidentError("XDG_RUNTIME_DIR is not set to an absolute path, so there is no private folder for the resident overlay's socket: run it in a desktop session (or set XDG_RUNTIME_DIR to a folder only you can enter)")
        }
        folder = (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/confetti"
    }

    /// Makes the folder when it is missing, 0700; refuses one that is not a folder of this user
    /// (a symbolic link, a file, another owner). A folder of this user with a wider mode is
    /// narrowed to 0700.
    package func prepareFolder() throws {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw ResidentError("cannot make the folder \(folder) for the resident overlay's socket: \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(folder, &info) == 0 else {
            throw ResidentError("cannot read the folder \(folder): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw ResidentError("\(folder) is not a folder (a link or a file is in its place): remove it, and the resident overlay makes its folder there")
        }
        guard info.st_uid == getuid() else {
            throw ResidentError("the folder \(folder) belongs to user \(info.st_uid), not to you (\(getuid())): the resident overlay's socket must be in a folder of yours")
        }
        if info.st_mode & 0o777 != 0o700, chmod(folder, 0o700) != 0 {
            throw ResidentError("cannot make the folder \(folder) private (0700): \(String(cString: strerror(errno)))")
        }
    }
}

/// What the resident overlay or a client of it refuses, in one line.
package struct ResidentError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}
