import ConfettiCore

/// A number option's value as the command line gives it. The parser takes any text, so what is
/// not a number of the option's kind (`--frames 99999999999999999999`, `--launches 1.5`,
/// `--seed -1`) is refused by the option's own check (the command's `validate()`), with the range, as a
/// number out of range is: one line, without the usage.
package struct Given<Value: LosslessStringConvertible & Comparable & Sendable>: CustomStringConvertible, Sendable {
    /// The text as given (a default's: the value's own).
    package let text: String
    /// The value, nil when `text` is not a number of its kind.
    package let parsed: Value?

    package init(_ value: Value) {
        text = "\(value)"
        parsed = value
    }

    package init(argument: String) {
        text = argument
        parsed = Value(argument)
    }

    package var description: String { text }

    /// The value; the command's `validate()` has checked it (`checked`) before anything reads it.
    package var value: Value { parsed! }

    /// The value if it is one of its kind and within `range`; else a refusal naming `option` and
    /// the range.
    @discardableResult
    package func checked(in range: ClosedRange<Value>, _ option: String) throws -> Value {
        guard let parsed, range.contains(parsed) else {
            throw OptionRefusal("\(option) must be in \(range.lowerBound)...\(range.upperBound), not \(text)")
        }
        return parsed
    }
}

extension Given where Value: FixedWidthInteger {
    /// The value if it is a whole number; else a refusal naming `option` and `range`, the values
    /// it takes. For an option whose own check of the range says more (`--count` beyond
    /// `--capacity`).
    package func number(_ option: String, taking range: ClosedRange<Value>) throws -> Value {
        guard let parsed else { return try checked(in: range, option) }
        return parsed
    }
}

extension Given: ExpressibleByIntegerLiteral where Value: ExpressibleByIntegerLiteral {
    package init(integerLiteral value: Value.IntegerLiteralType) { self.init(Value(integerLiteral: value)) }
}

extension Given: ExpressibleByFloatLiteral where Value: ExpressibleByFloatLiteral {
    package init(floatLiteral value: Value.FloatLiteralType) { self.init(Value(floatLiteral: value)) }
}

extension Given where Value == Double {
    /// The value if it is a finite number within `range`; else a refusal naming `option` and the range.
    @discardableResult
    package func checked(in range: ClosedRange<Double>, _ option: String) throws -> Double {
        guard let parsed, parsed.isFinite, range.contains(parsed) else {
            throw OptionRefusal("\(option) must be a number in \(range.lowerBound.compactText)...\(range.upperBound.compactText), not \(parsed?.compactText ?? text)")
        }
        return parsed
    }
}

extension Given where Value == UInt64 {
    /// A seed: any whole number within 64 bits.
    @discardableResult
    package func checkedSeed(_ option: String = "--seed") throws -> UInt64 {
        try checked(in: 0...UInt64.max, option)
    }
}
