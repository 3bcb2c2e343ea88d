import ConfettiCore
import FoundationEssentials
import Glibc

/// A value the command refuses (out of range, a file that is not an effect, an option that
/// does not apply), with what is allowed. Its message says everything, so it is printed as the
/// one line alone: the parser prints its usage line after ArgumentParser's `ValidationError`,
/// which the user's value did not call for (it still follows the parser's own errors, an
/// unknown option or a missing value).
package struct OptionRefusal: Error, LocalizedError, CustomStringConvertible, Equatable {
    package let message: String

    package init(_ message: String) { self.message = message }

    package var description: String { message }
    package var errorDescription: String? { message }
}

/// `value` within `range`, or a refusal naming `option` and the range.
package func require<T: Comparable>(_ value: T, in range: ClosedRange<T>, _ option: String) throws {
    guard range.contains(value) else {
        throw OptionRefusal("\(option) must be in \(range.lowerBound)...\(range.upperBound), not \(value)")
    }
}

/// `value` finite and within `range`, or a refusal naming `option` and the range.
package func requireFinite(_ value: Double, in range: ClosedRange<Double>, _ option: String) throws {
    guard value.isFinite, range.contains(value) else {
        throw OptionRefusal("\(option) must be a number in \(range.lowerBound.compactText)...\(range.upperBound.compactText), not \(value.compactText)")
    }
}
