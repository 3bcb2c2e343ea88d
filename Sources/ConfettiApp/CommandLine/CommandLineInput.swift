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
