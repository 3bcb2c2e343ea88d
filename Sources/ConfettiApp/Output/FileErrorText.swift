// Foundation's file errors in words: here, beside the commands that meet them, since the
// library's modules use FoundationEssentials, which has no NSError.
import ConfettiCore
import Foundation

extension InputFile {
    /// A Foundation file error (CocoaError, NSError) as one line: "cannot write PATH:
    /// read-only file system". nil for other errors.
    package static func describe(_ error: any Error) -> String? {
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return nil }
        let path = (ns.userInfo[NSFilePathErrorKey] as? String) ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        var errno: Int32?
        if ns.domain == NSPOSIXErrorDomain { errno = Int32(ns.code) }
        // The underlying error may be stored as an NSError or as a Swift POSIXError.
        switch ns.userInfo[NSUnderlyingErrorKey] {
        case let posix as POSIXError: errno = posix.code.rawValue
        case let underlying as NSError where underlying.domain == NSPOSIXErrorDomain: errno = Int32(underlying.code)
        default: break
        }
        if errno == nil, ns.code == CocoaError.fileWriteFileExists.rawValue { errno = EEXIST }
        let why: String
        if let errno {
            why = InputFile.reason(errno)
        } else {
            switch ns.code {
            case CocoaError.fileWriteVolumeReadOnly.rawValue: why = InputFile.reason(EROFS)
            case CocoaError.fileWriteOutOfSpace.rawValue: why = InputFile.reason(ENOSPC)
            case CocoaError.fileWriteNoPermission.rawValue, CocoaError.fileReadNoPermission.rawValue: why = InputFile.reason(EACCES)
            case CocoaError.fileNoSuchFile.rawValue, CocoaError.fileReadNoSuchFile.rawValue: why = InputFile.reason(ENOENT)
            case CocoaError.fileWriteFileExists.rawValue: why = InputFile.reason(EEXIST)
            case CocoaError.fileWriteInvalidFileName.rawValue, CocoaError.fileReadInvalidFileName.rawValue: why = "the file name is not valid"
            default: why = ns.localizedDescription
            }
        }
        let verb = ns.domain == NSPOSIXErrorDomain ? "use" : verb(ns.code)
        guard let path else { return "cannot \(verb): \(why)" }
        let shown = InputFile.display(path)
        var isDirectory: ObjCBool = false
        // Creating a directory where a file already is: say so.
        if errno == EEXIST, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            return "cannot write under \(shown): it is a file, not a directory"
        }
        return "cannot \(verb) \(shown): \(why)"
    }

    private static func verb(_ code: Int) -> String {
        (CocoaError.fileReadUnknown.rawValue..<CocoaError.fileWriteUnknown.rawValue).contains(code) ? "read" : "write"
    }

}
