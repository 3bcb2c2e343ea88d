import FoundationEssentials
import Glibc

extension EffectFile {
    /// An effect file piped in: at most `maxBytes`, and never waited for from a terminal.
    /// Refused, saying how to give one, when `descriptor` is a terminal, closed or a directory.
    package static func readStandardInput(_ descriptor: Int32 = STDIN_FILENO) throws -> Data {
        func refused(_ message: String) -> EffectError { EffectError(file: nil, path: "", message: message) }
        guard isatty(descriptor) == 0 else {
            throw refused("--effect - reads an effect file from standard input, which is a terminal: pipe or redirect one in (confetti presets rain | confetti view --effect -)")
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw refused("--effect - reads an effect file from standard input, which is closed: pipe or redirect one in (confetti presets rain | confetti view --effect -)")
        }
        if info.st_mode & S_IFMT == S_IFDIR {
            throw refused("--effect - reads an effect file from standard input, which is a directory: redirect a file in, not a folder")
        }
        // Read to its end or one byte past the limit, whichever comes first.
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while data.count <= maxBytes {
            let wanted = min(chunk.count, maxBytes + 1 - data.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, wanted) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw refused("--effect -: cannot read standard input: \(InputFile.reason(errno))") }
            if count == 0 { break }
            data.append(contentsOf: chunk[..<count])
        }
        guard data.count <= maxBytes else {
            throw refused("standard input holds more than \(Budget.format(maxBytes)) bytes, the limit for an effect file")
        }
        return data
    }
}
