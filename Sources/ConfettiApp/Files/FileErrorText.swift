// Foundation's file errors in words: here, beside the commands that meet them.
import ConfettiCore
import FoundationEssentials
import Glibc

extension InputFile {
    /// A Foundation file error (CocoaError, POSIXError) as one line: "cannot write PATH:
    /// read-only file system". nil for other errors.
    package static func describe(_ error: any Error) -> String? {
        var errno: Int32?
        let path: String?
        let code: Int?
        if let posix = error as? POSIXError {
            (errno, path, code) = (posix.code.rawValue, nil, nil)
        } else if let cocoa = error as? CocoaError {
            path = cocoa.filePath ?? cocoa.url?.path
            code = cocoa.code.rawValue
            if let posix = cocoa.underlying as? POSIXError { errno = posix.code.rawValue }
            if errno == nil, cocoa.code == .fileWriteFileExists { errno = EEXIST }
        } else {
            return nil
        }
        let why: String
        if let errno {
            why = InputFile.reason(errno)
        } else {
            switch code.map(CocoaError.Code.init(rawValue:)) {
            case .fileWriteVolumeReadOnly: why = InputFile.reason(EROFS)
            case .fileWriteOutOfSpace: why = InputFile.reason(ENOSPC)
            case .fileWriteNoPermission, .fileReadNoPermission: why = InputFile.reason(EACCES)
            case .fileNoSuchFile, .fileReadNoSuchFile: why = InputFile.reason(ENOENT)
            case .fileWriteFileExists: why = InputFile.reason(EEXIST)
            case .fileWriteInvalidFileName, .fileReadInvalidFileName: why = "the file name is not valid"
            default: why = "file error \(code ?? 0)"
            }
        }
        let verb = code.map(verb) ?? "use"
        guard let path else { return "cannot \(verb): \(why)" }
        let shown = InputFile.display(path)
        // Creating a directory where a file already is: say so.
        var info = stat()
        if errno == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR {
            return "cannot write under \(shown): it is a file, not a directory"
        }
        return "cannot \(verb) \(shown): \(why)"
    }

    private static func verb(_ code: Int) -> String {
        (CocoaError.fileReadUnknown.rawValue..<CocoaError.fileWriteUnknown.rawValue).contains(code) ? "read" : "write"
    }
}
