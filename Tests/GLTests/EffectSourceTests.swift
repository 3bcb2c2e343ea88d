import ConfettiApp
import ConfettiCore
import Foundation
import SystemPackage
import Testing

/// An effect file on standard input (`EffectReference.standardInput`), read in process from a
/// pipe, a folder or a file standing in for standard input.
@Suite struct EffectSourceTests {
    /// `text` written into a pipe, whose reading end is returned (the writing end closed).
    private func piped(_ data: Data) throws -> Int32 {
        let pipe = Pipe()
        try pipe.fileHandleForWriting.write(contentsOf: data)
        try pipe.fileHandleForWriting.close()
        // Its own descriptor: the pipe closes its ends when it goes.
        return try FileDescriptor(rawValue: pipe.fileHandleForReading.fileDescriptor).duplicate().rawValue
    }

    @Test func anEffectFileIsReadFromAPipe() throws {
        let effect = try EffectFile.decode(EffectFile.readStandardInput(piped(Data(EffectFile.encode(.peony).utf8))), file: "standard input")
        #expect(effect.kind == .shell)
        #expect(EffectFile.encode(effect) == EffectFile.encode(.peony))
    }

    @Test func anEmptyInputIsNotAnEffectFile() throws {
        let error = #expect(throws: (any Error).self) { try EffectFile.decode(EffectFile.readStandardInput(piped(Data())), file: "standard input") }
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
        let error = #expect(throws: EffectError.self) { try EffectFile.readStandardInput(pipe.fileHandleForReading.fileDescriptor) }
        #expect(error?.description == "standard input holds more than \(Budget.format(EffectFile.maxBytes)) bytes, the limit for an effect file")
        try pipe.fileHandleForReading.close()
    }

    @Test func aFolderIsRefused() throws {
        let folder = try FileHandle(forReadingFrom: FileManager.default.temporaryDirectory)
        defer { try? folder.close() }
        let error = #expect(throws: EffectError.self) { try EffectFile.readStandardInput(folder.fileDescriptor) }
        #expect(error?.description == "--effect - reads an effect file from standard input, which is a directory: redirect a file in, not a folder")
    }

    @Test func presetsAndFilesAreNamedForMessages() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("my show \(UUID()).json")
        try EffectFile.encode(.peony).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try EffectReference("peony").resolve(among: .none).name == "peony")
        #expect(try EffectReference(file.path).resolve(among: .none).name == file.deletingPathExtension().lastPathComponent)
        #expect(try EffectReference(file.path).resolve(among: .none).file == file.path)
        #expect(EffectFile.encode(try EffectSource.load("peony")) == EffectFile.encode(.peony))
    }
}
