import ConfettiCore
import Glibc

/// The command line as given, for checks that need to know whether an option was given at all
/// (an option with a default value cannot tell).
package enum CommandLineInput {
    package nonisolated(unsafe) static var arguments: [String] = []

    /// Whether `option` (`--interval`) was given, as `--interval V` or `--interval=V`.
    package static func given(_ option: String) -> Bool {
        for argument in arguments {
            if argument == "--" { return false }
            if argument == option || argument.hasPrefix(option + "=") { return true }
        }
        return false
    }

    /// `--interval -1` as `--interval=-1`: a negative number after an option is its value, so
    /// the option's own check says what is allowed, instead of the parser taking "-1" for a
    /// flag and answering "Missing value for '--interval'".
    package static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var i = 0
        var positionalOnly = false
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { positionalOnly = true }
            if !positionalOnly, argument.hasPrefix("--"), argument.count > 2, !argument.contains("="),
               i + 1 < arguments.count, looksNegative(arguments[i + 1]) {
                result.append(argument + "=" + arguments[i + 1])
                i += 2
                continue
            }
            result.append(argument)
            i += 1
        }
        return result
    }

    package static func looksNegative(_ text: String) -> Bool {
        guard text.hasPrefix("-"), !text.hasPrefix("--") else { return false }
        let rest = text.dropFirst().lowercased()
        if let first = rest.first, first.isASCII, first.isNumber { return true }
        return (rest.hasPrefix(".") && rest.dropFirst().first?.isNumber == true) || rest.hasPrefix("inf") || rest.hasPrefix("nan")
    }
}

extension CommandLineInput {
    /// The first argument that is not UTF-8, refused saying which byte: Swift's arguments show
    /// such bytes as U+FFFD, so a file named by it would be called missing when it is there.
    package static func notUTF8(_ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>, count: Int) -> OptionRefusal? {
        for index in 1..<max(count, 1) {
            guard let argument = argv[index], String(validatingCString: argument) == nil else { continue }
            let bytes = argument.withMemoryRebound(to: UInt8.self, capacity: strlen(argument)) { Array(UnsafeBufferPointer(start: $0, count: strlen(argument))) }
            guard let bad = JSON.firstInvalidUTF8(in: bytes) else { continue }
            let hex = String(bad.byte, radix: 16, uppercase: true)
            // The byte shown as \xFF where it stands, never as U+FFFD.
            let shown = printable(String(decoding: bytes[..<bad.offset], as: UTF8.self), limit: 80) + "\\x" + hex
                + printable(String(decoding: bytes[(bad.offset + 1)...], as: UTF8.self), limit: 80)
            return OptionRefusal("argument \(index), \(shown), is not UTF-8 (byte 0x\(hex) at byte offset \(bad.offset)): give paths and values in UTF-8 (rename such a file)")
        }
        return nil
    }
}
