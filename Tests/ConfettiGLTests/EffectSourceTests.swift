import ConfettiApp
import ConfettiCore
import Foundation
import SystemPackage
import Testing

/// `EffectSource`: an effect named by a preset, a file, or `-` for standard input, read in
/// process from a pipe, a folder or a file standing in for standard input.
@Suite struct EffectSourceTests {
    /// `text` written into a pipe, whose reading end is returned (the writing end closed).
    private func piped(_ data: Data) throws -> FileDescriptor {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: data)
        try pipe.fileHandleForWriting.close()
        // Its own descriptor: the pipe closes its ends when it goes.
        return try FileDescriptor(rawValue: pipe.fileHandleForReading.fileDescriptor).duplicate()
    }

    @Test func anEffectFileIsReadFromAPipe() throws {
        let effect = try EffectSource.read(from: piped(Data(EffectFile.encode(.peony).utf8)))
        #expect(effect.kind == .shell)
        #expect(EffectFile.encode(effect) == EffectFile.encode(.peony))
    }

    @Test func anEmptyInputIsNotAnEffectFile() throws {
        let error = #expect(throws: (any Error).self) { try EffectSource.read(from: piped(Data())) }
        #expect("\(error!)".hasPrefix("standard input: not valid JSON"), "\(String(describing: error))")
    }

    /// More than an effect file may hold is refused after the limit, not read to its end.
    @Test func moreThanTheFileLimitIsRefused() throws {
        let pipe = Pipe()
        let writer = Thread {
            // Writes past the limit; the reader stops reading, and the pipe is closed under it.
            try? pipe.fileHandleForWriting.write(contentsOf: Data(repeating: 0x20, count: EffectFile.maxBytes + 100))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        #expect(throws: OptionRefusal("standard input holds more than \(Budget.format(EffectFile.maxBytes)) bytes, the limit for an effect file")) {
            try EffectSource.read(from: FileDescriptor(rawValue: pipe.fileHandleForReading.fileDescriptor))
        }
        try pipe.fileHandleForReading.close()
    }

    @Test func aFolderIsRefused() throws {
        let folder = try FileHandle(forReadingFrom: FileManager.default.temporaryDirectory)
        defer { try? folder.close() }
        #expect(throws: OptionRefusal("--effect - reads an effect file from standard input, which is a directory: redirect a file in, not a folder")) {
            try EffectSource.read(from: FileDescriptor(rawValue: folder.fileDescriptor))
        }
    }

    @Test func presetsAndFilesAreNamedForMessages() throws {
        #expect(EffectSource.displayName("peony") == "peony")
        #expect(EffectSource.displayName("/tmp/my show.json") == "my show")
        #expect(EffectSource.displayName("-") == "standard input")
        #expect(EffectFile.encode(try EffectSource.load("peony")) == EffectFile.encode(.peony))
    }
}
