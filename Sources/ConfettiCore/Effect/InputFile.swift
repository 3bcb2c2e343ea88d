import FoundationEssentials
import Glibc

/// Small input files (effect files, shaders), read whole after checking what they are: a
/// directory, a device such as /dev/zero, a pipe or a file over the limit is refused unread,
/// with one line naming the path and the reason in words, never a raw NSError.
package enum InputFile {
    /// The bytes of the regular file at `path`, at most `maxBytes`; `noun` names what it should
    /// be ("an effect file", "a shader file") in messages.
    package static func read(_ path: String, maxBytes: Int, noun: String) throws -> Data {
        try readIdentified(path, maxBytes: maxBytes, noun: noun).data
    }

    /// Which file, in which version: equal for two reads of a file not written in between.
    package struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
        var size: Int
        var modified: [Int]
    }

    /// `read`, with which file it read. The path is opened without blocking (O_NONBLOCK: a
    /// FIFO opens at once, with or without a writer; a device's open cannot wait on it) and
    /// what was opened is checked on the descriptor (fstat), so a path swapped for a FIFO or a
    /// device between a check and the open is refused at once, never waited on.
    package static func readIdentified(_ path: String, maxBytes: Int, noun: String) throws -> (data: Data, identity: Identity) {
        let shown = display(path)
        guard !path.isEmpty else { throw InputFileError("the path is empty: give \(noun)") }
        // The system reads a path up to its first NUL: "a.png\0b" would open "a.png".
        guard !path.utf8.contains(0) else { throw InputFileError("cannot read \(shown): a path cannot hold a NUL character") }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            // A socket cannot be opened at all (ENXIO): say what it is, as for any other non-file.
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
                throw InputFileError("cannot read \(shown): \(typeName(info.st_mode)), not \(noun)")
            }
            throw InputFileError("cannot read \(shown): \(reason(code))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw InputFileError("cannot read \(shown): \(reason(errno))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw InputFileError("cannot read \(shown): \(typeName(info.st_mode)), not \(noun)")
        }
        guard Int(info.st_size) <= maxBytes else {
            throw InputFileError("\(shown) is \(Budget.format(Int(info.st_size))) bytes; the limit for \(noun) is \(JSON.sizeText(maxBytes))")
        }
        let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int(info.st_size),
                                modified: [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, info.st_ctim.tv_sec, info.st_ctim.tv_nsec].map { Int($0) })
        // pread straight into the buffer (`read` here would be this type's own): FileHandle's
        // read(upToCount:) took 9 to 24 ms for the 10 MB emoji font, this takes 2 to 8.
        // Room for one byte past the limit: a file that grew since stat is still refused.
        var data = Data(count: min(Int(info.st_size), maxBytes) + 1)
        var count = 0
        while true {
            if count == data.count {
                guard data.count <= maxBytes else { break }
                data.count = min(2 * data.count, maxBytes + 1)
            }
            let got = data.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, $0.count - count, off_t(count)) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw InputFileError("cannot read \(shown): \(reason(errno))") }
            if got == 0 { break }
            count += got
        }
        guard count <= maxBytes else {
            throw InputFileError("\(shown) grew past \(JSON.sizeText(maxBytes)) while it was read")
        }
        data.count = count
        return (data, identity)
    }

    /// The folder of `path`, as paths in an effect file are relative to: "" for a bare name,
    /// "/" for one at the root.
    package static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        let folder = String(path[..<slash])
        return folder.isEmpty ? "/" : folder
    }

    /// A path as messages show it: control characters escaped, cut to 160 characters.
    package static func display(_ path: String) -> String {
        printable(path, limit: 160)
    }

    /// An errno in words, lower case as the middle of a sentence wants: "no such file or directory".
    package static func reason(_ code: Int32) -> String {
        // strerror's "too many levels of symbolic links" reads as a limit; mostly it is a loop.
        if code == ELOOP { return "a loop of symbolic links (or more links in a row than the system follows)" }
        let text = String(cString: strerror(code))
        return (text.first?.lowercased() ?? "") + text.dropFirst()
    }

    /// "a directory", "a character device" …: what a path that is not a regular file is.
    package static func typeName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "it is a directory"
        case S_IFCHR: "not a regular file (a character device)"
        case S_IFBLK: "not a regular file (a block device)"
        case S_IFIFO: "not a regular file (a pipe)"
        case S_IFSOCK: "not a regular file (a socket)"
        default: "not a regular file"
        }
    }
}

package struct InputFileError: Error, CustomStringConvertible, Sendable {
    package var description: String
    package init(_ description: String) { self.description = description }
}
