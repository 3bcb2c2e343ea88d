import ConfettiApp
import ConfettiCore
import Foundation
import Testing
import TestSupport

/// Input files refused unread with one line, and file-system errors in words.
@Suite(.tags(.fileFormat)) struct InputFileTests {
    func refusal(_ path: String, maxBytes: Int = 1 << 20) -> String? {
        do {
            _ = try InputFile.read(path, maxBytes: maxBytes, noun: "an effect file")
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func whatIsNotARegularFileIsRefusedUnread() throws {
        #expect(refusal("/dev/zero") == "cannot read /dev/zero: not a regular file (a character device), not an effect file")
        #expect(refusal("/tmp") == "cannot read /tmp: it is a directory, not an effect file")
        #expect(refusal("/nonexistent/e.json") == "cannot read /nonexistent/e.json: no such file or directory")
        #expect(refusal("") == "the path is empty: give an effect file")
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-fifo-\(UUID())").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        // A pipe would block a read forever; it is refused by its type.
        #expect(refusal(fifo) == "cannot read \(fifo): not a regular file (a pipe), not an effect file")
        let long = "/tmp/" + String(repeating: "n", count: 5_000)
        let message = try #require(refusal(long))
        #expect(message.hasSuffix("…: file name too long") && message.count < 200, "\(message)")
    }

    /// A symbolic link to itself is a loop, said as one, never a missing file.
    @Test func aLoopOfSymbolicLinksIsCalledOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-loop-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let loop = directory.appendingPathComponent("loop").path
        #expect(symlink(loop, loop) == 0)
        let says = "cannot read \(loop): a loop of symbolic links (or more links in a row than the system follows)"
        #expect(refusal(loop) == says)
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-limit-\(UUID()).json")
        try Data(repeating: 0x20, count: 1025).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(refusal(url.path, maxBytes: 1024) == "\(url.path) is 1,025 bytes; the limit for an effect file is 1 KiB")
        #expect(try InputFile.read(url.path, maxBytes: 1025, noun: "an effect file").count == 1025)
    }

    @Test func foundationFileErrorsAreOneLineInWords() {
        let readOnly = CocoaError(.fileWriteVolumeReadOnly, userInfo: [NSFilePathErrorKey: "/mnt/ro/frames", NSUnderlyingErrorKey: POSIXError(.EROFS)])
        #expect(InputFile.describe(readOnly) == "cannot write /mnt/ro/frames: read-only file system")
        // Without the underlying errno, the Cocoa code says it.
        let bare = CocoaError(.fileWriteVolumeReadOnly, userInfo: [NSFilePathErrorKey: "/mnt/ro/x"])
        #expect(InputFile.describe(bare) == "cannot write /mnt/ro/x: read-only file system")
        let underFile = CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: "/etc/hostname/x", NSUnderlyingErrorKey: POSIXError(.ENOTDIR)])
        #expect(InputFile.describe(underFile) == "cannot write /etc/hostname/x: not a directory")
        let missing = CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/a\u{1b}[2Jb"])
        #expect(InputFile.describe(missing) == "cannot read /a\\u{1b}[2Jb: no such file or directory")
        let space = CocoaError(.fileWriteOutOfSpace)
        #expect(InputFile.describe(space) == "cannot write: no space left on device")
        #expect(InputFile.describe(POSIXError(.EACCES)) == "cannot use: permission denied")
        struct Other: Error {}
        #expect(InputFile.describe(Other()) == nil)
    }
}
