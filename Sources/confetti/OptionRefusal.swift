import Foundation

/// A value the command refuses (out of range, a file that is not an effect, an option that
/// does not apply), with what is allowed. Its message says everything, so it is printed as the
/// one line alone: the parser prints its usage line after ArgumentParser's `ValidationError`,
/// which the user's value did not call for (it still follows the parser's own errors, an
/// unknown option or a missing value).
struct OptionRefusal: Error, LocalizedError, CustomStringConvertible {
    let message: String

    init(_ message: String) { self.message = message }

    var description: String { message }
    var errorDescription: String? { message }
}
