import ConfettiCore
import FoundationEssentials
import Glibc
import SystemPackage

/// Where a command's effect comes from: a preset's name, an effect file's path, or `-` for an
/// effect file on standard input.
package enum EffectSource {
    /// What names standard input as the effect file.
    package static let standardInput = "-"

    /// The effect `nameOrPath` names: `-` reads standard input (`read(from:)`), else a preset or
    /// a file (`Effect.load`).
    package static func load(_ nameOrPath: String) throws -> Effect {
        nameOrPath == standardInput ? try read(from: .standardInput) : try Effect.load(nameOrPath)
    }

    /// What messages and titles call the effect `nameOrPath` names: a preset's name, a file's
    /// name without its folder and extension, or "standard input".
    package static func displayName(_ nameOrPath: String) -> String {
        nameOrPath == standardInput ? "standard input" : URL(fileURLWithPath: nameOrPath).deletingPathExtension().lastPathComponent
    }

    /// An effect file piped in: at most the file limit, and never waited for from a terminal.
    /// Refused, saying how to give one, when `input` is a terminal, closed or a directory.
    package static func read(from input: FileDescriptor) throws -> Effect {
        let descriptor = input.rawValue
        guard isatty(descriptor) == 0 else {
            throw OptionRefusal("--effect - reads an effect file from standard input, which is a terminal: pipe or redirect one in (confetti presets rain | confetti view --effect -)")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw OptionRefusal("--effect - reads an effect file from standard input, which is closed: pipe or redirect one in (confetti presets rain | confetti view --effect -)")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw OptionRefusal("--effect - reads an effect file from standard input, which is a directory: redirect a file in, not a folder")
        }
        // Read to its end or one byte past the limit, whichever comes first.
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while data.count <= EffectFile.maxBytes {
            let wanted = min(chunk.count, EffectFile.maxBytes + 1 - data.count)
            let count: Int
            do {
                count = try chunk.withUnsafeMutableBytes { buffer in try input.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted])) }
            } catch {
                throw OptionRefusal("--effect -: cannot read standard input: \(InputFile.reason((error as? Errno)?.rawValue ?? EIO))")
            }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
        }
        guard data.count <= EffectFile.maxBytes else {
            throw OptionRefusal("standard input holds more than \(Budget.format(EffectFile.maxBytes)) bytes, the limit for an effect file")
        }
        return try EffectFile.decode(data, file: "standard input")
    }
}
