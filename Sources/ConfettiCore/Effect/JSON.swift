// A strict JSON reader (RFC 8259) for effect files: the first step of reading one. It turns
// bytes into a tree that keeps every value's position, and refuses anything that is not plain
// JSON with a short message that says what is wrong and where.
//
// Choices where RFC 8259 leaves one:
// - A UTF-8 byte order mark at the very start is skipped (the RFC allows ignoring it, and some
//   Windows editors write one). It does not count as a column. Anywhere else outside a string it
//   is refused. UTF-16 and UTF-32 files are refused with a message saying to save as UTF-8.
// - The whole input is checked to be UTF-8 before parsing, so a file with bad bytes is refused
//   for those even if it also has a syntax error earlier on.
// - Numbers that underflow (1e-400) are accepted as 0 (or -0), which is the correctly rounded
//   double. Numbers that overflow (1e400) are kept as ±infinity with their literal text, so that
//   the effect reader refuses them naming the field they were given for. Subnormals are accepted.
// - "\u0000" and other escaped control characters are accepted: the RFC allows them.
// - Keys are compared byte for byte (RFC 8259 §8.3), so "é" and "e\u0301" are different keys.
// - Lines end at LF, CR LF or a lone CR. Columns count Unicode scalars from 1; a tab is one column.
// - Errors about a whole token (a number, a word, an escape) point at the token's first
//   character; an unterminated string points at its opening quote; an unclosed array or object
//   points at the end of the file and names where it started; a trailing comma points at the comma.

// MARK: - Public types

/// A position in the text, 1-based.
package struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package var description: String { "line \(line), column \(column)" }
}

package struct JSONValue: Sendable {
    package enum Kind: Sendable {
        case null, bool(Bool)
        case number(Double, text: String)   // text: the literal as written (for messages), cut to 40 characters
        case string(String)
        case array([JSONValue])
        case object([JSONMember])            // in file order; keys are unique (duplicates are an error)
    }

    package var kind: Kind
    package var position: TextPosition      // where the value starts

    package init(kind: Kind, position: TextPosition) {
        self.kind = kind
        self.position = position
    }

    /// The type as a message names it: "a number", "an object", …
    package var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    package var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    package var boolValue: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    package var numberValue: Double? {
        if case .number(let value, _) = kind { return value }
        return nil
    }

    package var stringValue: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    package var arrayValue: [JSONValue]? {
        if case .array(let elements) = kind { return elements }
        return nil
    }

    package var objectValue: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// The member named `key` (compared byte for byte, like duplicate keys), if this is an object.
    package func member(_ key: String) -> JSONMember? {
        objectValue?.first { sameKey($0.key, key) }
    }
}

package struct JSONMember: Sendable {
    package var key: String
    package var keyPosition: TextPosition
    package var value: JSONValue

    package init(key: String, keyPosition: TextPosition, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

package struct JSONSyntaxError: Error, CustomStringConvertible, Sendable {
    package var message: String          // what is wrong, e.g. "trailing comma before '}'"
    package var position: TextPosition

    package init(message: String, position: TextPosition) {
        self.message = message
        self.position = position
    }

    package var description: String { "\(position): \(message)" }
}

package enum JSON {
    /// Limits are part of the contract: `maxBytes` is checked before parsing anything.
    ///
    /// `maxDepth` counts arrays and objects inside one another; the top value is at depth 1.
    /// The parser itself does not recurse, but a very deep tree is freed recursively, so keep
    /// the limit in the thousands at most.
    /// `document` is what messages call the text ("the file"; "the line" for a request on a socket).
    package static func parse(_ bytes: [UInt8], maxBytes: Int = 1 << 20, maxDepth: Int = 64, document: String = "the file") throws -> JSONValue {
        // Before anything else, so that a huge file costs nothing to refuse.
        guard bytes.count <= maxBytes else {
            throw JSONSyntaxError(
                message: "the file is \(sizeText(bytes.count)); effect files are limited to \(sizeText(maxBytes))",
                position: TextPosition(line: 1, column: 1))
        }
        var parser = Parser(bytes: bytes, maxDepth: maxDepth)
        parser.document = document
        return try parser.parseDocument()
    }

    /// Where `bytes` stop being UTF-8, as the parser refuses them: the offset of the first byte
    /// of the first ill-formed sequence, that byte, and its line and column. nil for UTF-8.
    package static func firstInvalidUTF8(in bytes: [UInt8]) -> (offset: Int, byte: UInt8, position: TextPosition)? {
        let parser = Parser(bytes: bytes, maxDepth: 1)
        guard let bad = parser.firstInvalidUTF8() else { return nil }
        return (bad, bytes[bad], parser.scanPosition(of: bad))
    }

    /// "1 MiB", "64 KiB", "1000 bytes": sizes as people write them.
    package static func sizeText(_ count: Int) -> String {
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) MiB" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) KiB" }
        return count == 1 ? "1 byte" : "\(count) bytes"
    }
}

/// Keys are equal when their UTF-8 is (RFC 8259 §8.3). Swift's `==` would also equate
/// canonically equivalent spellings, which JSON counts as different keys.
private func sameKey(_ a: String, _ b: String) -> Bool {
    a.utf8.count == b.utf8.count && a.utf8.elementsEqual(b.utf8)
}

// MARK: - Parser

private enum Byte {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let comma = UInt8(ascii: ",")
    static let colon = UInt8(ascii: ":")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let plus = UInt8(ascii: "+")
    static let minus = UInt8(ascii: "-")
    static let dot = UInt8(ascii: ".")
    static let zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9")

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    /// Bytes of a bare word such as `true`, `NaN` or an unquoted key.
    static func isWord(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
    }

    /// Bytes that run on from a number, so "1.2.3" or "0x1F" is quoted whole in a message.
    static func isNumberLike(_ byte: UInt8) -> Bool {
        isWord(byte) || byte == dot || byte == plus || byte == minus
    }

    /// How many bytes the UTF-8 sequence that starts with `lead` has (the text is valid UTF-8).
    static func sequenceLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }
}

/// An array or object whose elements are being read.
private struct Container {
    let isObject: Bool
    let position: TextPosition
    var elements: [JSONValue] = []
    var members: [JSONMember] = []
    /// The key whose value is being read.
    var key = ""
    var keyPosition = TextPosition(line: 0, column: 0)

    // Earlier keys, to refuse duplicates. Small objects (nearly all of them) are searched
    // directly; the hash table is built once an object grows, so a huge one stays linear.
    private var keyTable: [ExactKey: TextPosition] = [:]
    private var usesKeyTable = false
    private static let keyTableThreshold = 12

    init(isObject: Bool, position: TextPosition) {
        self.isObject = isObject
        self.position = position
    }

    var closer: UInt8 { isObject ? Byte.closeBrace : Byte.closeBracket }
    var noun: String { isObject ? "object" : "array" }

    /// Makes `key` the key of the member being read; returns where it was first given if it is a duplicate.
    mutating func begin(key: String, at position: TextPosition) -> TextPosition? {
        if !usesKeyTable, members.count >= Self.keyTableThreshold {
            keyTable.reserveCapacity(members.count * 2)
            for member in members { keyTable[ExactKey(text: member.key)] = member.keyPosition }
            usesKeyTable = true
        }
        if usesKeyTable {
            if let first = keyTable.updateValue(position, forKey: ExactKey(text: key)) { return first }
        } else if let earlier = members.first(where: { sameKey($0.key, key) }) {
            return earlier.keyPosition
        }
        self.key = key
        keyPosition = position
        return nil
    }

    mutating func add(_ value: JSONValue) {
        if isObject {
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
        } else {
            elements.append(value)
        }
    }

    var value: JSONValue {
        JSONValue(kind: isObject ? .object(members) : .array(elements), position: position)
    }
}

/// A key hashed and compared byte for byte (see `sameKey`).
private struct ExactKey: Hashable {
    let text: String

    static func == (a: ExactKey, b: ExactKey) -> Bool { sameKey(a.text, b.text) }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}

private struct Parser {
    let bytes: [UInt8]
    let maxDepth: Int
    /// What messages call the text.
    var document = "the file"
    /// Where the text starts: after a UTF-8 byte order mark, if there is one.
    let textStart: Int
    var index: Int

    // Positions are computed incrementally. Only whitespace can end a line (strings may not hold
    // raw line breaks), so `skipWhitespace` keeps `line` current and restarts the column count;
    // a column is counted on from the last position asked for. Positions are asked for in order,
    // so each byte is counted once. An earlier position (only for some errors) is counted from
    // the start of the text.
    var line = 1
    var countedOffset: Int
    var countedColumn = 1

    init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        textStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        index = textStart
        countedOffset = textStart
    }

    // MARK: Document

    mutating func parseDocument() throws -> JSONValue {
        try checkEncoding()
        skipWhitespace()
        guard index < bytes.count else {
            throw fail(bytes.isEmpty ? "\(document) is empty" : "\(document) is empty: it holds only white space", at: textStart)
        }
        // Arrays and objects being read, outermost first. An explicit stack rather than
        // recursion, so depth is bounded by `maxDepth` alone and never by the thread's stack.
        var stack: [Container] = []
        while true {
            // Here a value starts at `index`.
            guard index < bytes.count else { throw notClosed(stack.last) }
            let start = index
            let position = self.position(at: start)
            var value: JSONValue
            switch bytes[start] {
            case Byte.openBracket, Byte.openBrace:
                guard stack.count < maxDepth else {
                    throw fail("nesting deeper than \(maxDepth) levels of arrays and objects", at: start)
                }
                let container = Container(isObject: bytes[start] == Byte.openBrace, position: position)
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == container.closer {
                    index += 1
                    value = container.value
                } else {
                    stack.append(container)
                    if container.isObject { try readKey(into: &stack) }
                    continue
                }
            case Byte.quote:
                value = JSONValue(kind: .string(try readString()), position: position)
            case Byte.minus, Byte.zero...Byte.nine:
                value = JSONValue(kind: try readNumber(), position: position)
            default:
                value = JSONValue(kind: try readWord(), position: position)
            }

            // Give the value to its container; a closing bracket finishes that one, which is
            // then given to its own, and so on. Stop where the next value starts.
            while true {
                guard !stack.isEmpty else {
                    skipWhitespace()
                    guard index == bytes.count else {
                        throw fail(commentOrBOM(at: index) ?? "unexpected text after the end of the JSON value", at: index)
                    }
                    return value
                }
                let top = stack.count - 1
                stack[top].add(value)
                skipWhitespace()
                guard index < bytes.count else { throw notClosed(stack[top]) }
                if bytes[index] == stack[top].closer {
                    index += 1
                    value = stack.removeLast().value
                    continue
                }
                guard bytes[index] == Byte.comma else { throw missingComma(in: stack[top]) }
                let comma = index
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == stack[top].closer {
                    throw fail("trailing comma before '\(Character(Unicode.Scalar(stack[top].closer)))'", at: comma)
                }
                if stack[top].isObject { try readKey(into: &stack) }
                break
            }
        }
    }

    /// Reads `"key":` for the object on top of `stack`, and the white space after it.
    mutating func readKey(into stack: inout [Container]) throws {
        let top = stack.count - 1
        guard index < bytes.count else { throw notClosed(stack[top]) }
        guard bytes[index] == Byte.quote else { throw keyExpected() }
        let start = index
        let position = self.position(at: start)
        let key = try readString()
        if let first = stack[top].begin(key: key, at: position) {
            throw fail("duplicate key '\(printable(key))': it was first given at \(first)", at: start)
        }
        skipWhitespace()
        guard index < bytes.count else { throw notClosed(stack[top]) }
        guard bytes[index] == Byte.colon else {
            throw fail(commentOrBOM(at: index) ?? "missing ':' after the key '\(printable(key))'", at: index)
        }
        index += 1
        skipWhitespace()
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case Byte.space, Byte.tab:
                index += 1
            case Byte.lineFeed:
                index += 1
                startLine()
            case Byte.carriageReturn:
                index += 1
                // CR LF is one line end, counted at the LF.
                if index == bytes.count || bytes[index] != Byte.lineFeed { startLine() }
            default:
                return
            }
        }
    }

    mutating func startLine() {
        line += 1
        countedOffset = index
        countedColumn = 1
    }

    // MARK: Strings

    /// Reads the string whose opening quote is at `index`.
    mutating func readString() throws -> String {
        let open = index
        var i = open + 1
        var runStart = i
        // Filled only once an escape is seen; most strings are a slice of the input as they are.
        var decoded: [UInt8] = []
        var hasEscape = false
        while i < bytes.count {
            let byte = bytes[i]
            if byte == Byte.quote {
                index = i + 1
                guard hasEscape else { return String(decoding: bytes[runStart..<i], as: UTF8.self) }
                decoded.append(contentsOf: bytes[runStart..<i])
                return String(decoding: decoded, as: UTF8.self)
            }
            if byte == Byte.backslash {
                hasEscape = true
                decoded.append(contentsOf: bytes[runStart..<i])
                i = try readEscape(at: i, stringStart: open, into: &decoded)
                runStart = i
                continue
            }
            if byte < 0x20 { throw fail(controlCharacterMessage(byte), at: i) }
            i += 1
        }
        throw unterminatedString(at: open)
    }

    /// Decodes the escape whose backslash is at `start`; returns the offset after it.
    mutating func readEscape(at start: Int, stringStart: Int, into decoded: inout [UInt8]) throws -> Int {
        guard start + 1 < bytes.count else { throw unterminatedString(at: stringStart) }
        let simple: UInt8
        switch bytes[start + 1] {
        case Byte.quote, Byte.backslash, Byte.slash: simple = bytes[start + 1]
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            return try readUnicodeEscape(at: start, stringStart: stringStart, into: &decoded)
        case let byte where byte < 0x20:
            // A backslash at the end of a line: the line break is the problem.
            throw fail(controlCharacterMessage(byte), at: start + 1)
        default:
            throw fail("'\(text(from: start, scalars: 2))' is not a valid escape in a string: "
                + "use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX", at: start)
        }
        decoded.append(simple)
        return start + 2
    }

    /// Decodes `\uXXXX` at `start`, or a surrogate pair `\uD83D\uDE00`; returns the offset after it.
    mutating func readUnicodeEscape(at start: Int, stringStart: Int, into decoded: inout [UInt8]) throws -> Int {
        let unit = try hexEscape(at: start, stringStart: stringStart)
        var end = start + 6
        var value = unit
        switch unit {
        case 0xD800...0xDBFF:
            // Half of a character beyond U+FFFF: the other half must follow as a second escape.
            guard end + 1 < bytes.count, bytes[end] == Byte.backslash, bytes[end + 1] == UInt8(ascii: "u"),
                  case let low = try hexEscape(at: end, stringStart: stringStart), (0xDC00...0xDFFF).contains(low) else {
                throw fail("a lone surrogate '\(text(from: start, scalars: 6))' in a string: "
                    + "it must be followed by a low surrogate \\uDC00–\\uDFFF", at: start)
            }
            value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            end += 6
        case 0xDC00...0xDFFF:
            throw fail("a lone surrogate '\(text(from: start, scalars: 6))' in a string: "
                + "it must follow a high surrogate \\uD800–\\uDBFF", at: start)
        default:
            break
        }
        guard let scalar = Unicode.Scalar(value) else {
            // Unreachable: surrogates are handled above and four hex digits stay below U+10000.
            throw fail("'\(text(from: start, scalars: 12))' is not a character", at: start)
        }
        UTF8.encode(scalar) { decoded.append($0) }
        return end
    }

    /// The value of the four hex digits of the `\u` escape at `start`.
    mutating func hexEscape(at start: Int, stringStart: Int) throws -> UInt32 {
        var value: UInt32 = 0
        for offset in start + 2 ..< start + 6 {
            guard offset < bytes.count else { throw unterminatedString(at: stringStart) }
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case Byte.zero...Byte.nine: digit = byte - Byte.zero
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                // Show the escape only up to the string's end, if that comes first.
                var shown = start + 2
                while shown < offset + 1, shown < bytes.count, bytes[shown] != Byte.quote { shown += 1 }
                throw fail("'\(printable(String(decoding: bytes[start..<shown], as: UTF8.self)))' is not a valid escape "
                    + "in a string: \\u must be followed by four hex digits", at: start)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    func controlCharacterMessage(_ byte: UInt8) -> String {
        let escape = switch byte {
        case 0x08: "\\b"
        case 0x09: "\\t"
        case 0x0A: "\\n"
        case 0x0C: "\\f"
        case 0x0D: "\\r"
        default: "\\u" + hex(byte, digits: 4)
        }
        return "a raw control character (U+\(hex(byte, digits: 4))) inside a string: write \(escape)"
    }

    mutating func unterminatedString(at open: Int) -> JSONSyntaxError {
        fail("unterminated string: \(document) ends before its closing quote", at: open)
    }

    // MARK: Numbers

    /// Reads the number that starts at `index` (with '-' or a digit).
    mutating func readNumber() throws -> JSONValue.Kind {
        let start = index
        var i = start
        if bytes[i] == Byte.minus { i += 1 }
        guard i < bytes.count, Byte.isDigit(bytes[i]) else {
            if i < bytes.count, Byte.isLetter(bytes[i]) { throw wordError(at: start) }   // -Infinity
            throw fail("'\(numberToken(at: start))' is not a number: a digit must follow '-'", at: start)
        }
        if bytes[i] == Byte.zero {
            i += 1
            if i < bytes.count, Byte.isDigit(bytes[i]) {
                throw fail("'\(numberToken(at: start))' is not a JSON number: leading zeros are not allowed", at: start)
            }
            if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "x") {
                throw fail("'\(numberToken(at: start))' is not a JSON number: hexadecimal is not allowed", at: start)
            }
        } else {
            while i < bytes.count, Byte.isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == Byte.dot {
            i += 1
            guard i < bytes.count, Byte.isDigit(bytes[i]) else {
                throw fail("'\(numberToken(at: start))' is not a JSON number: a digit must follow the decimal point", at: start)
            }
            while i < bytes.count, Byte.isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < bytes.count, bytes[i] == Byte.plus || bytes[i] == Byte.minus { i += 1 }
            guard i < bytes.count, Byte.isDigit(bytes[i]) else {
                throw fail("'\(numberToken(at: start))' is not a JSON number: a digit must follow the exponent", at: start)
            }
            while i < bytes.count, Byte.isDigit(bytes[i]) { i += 1 }
        }
        // "1.2.3" or "12px" would otherwise be reported as a missing comma after "1.2" or "12".
        if i < bytes.count, Byte.isNumberLike(bytes[i]) {
            throw fail("'\(numberToken(at: start))' is not a valid number", at: start)
        }
        // The literal is valid JSON, so Double's own parser (correctly rounded) accepts it; it
        // gives infinity past the largest double and 0 below the smallest.
        let literal = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let value = Double(literal) else {
            throw fail("\(printable(literal)) is not a number", at: start)
        }
        index = i
        return .number(value, text: literal.utf8.count <= 40 ? literal : printable(literal))
    }

    /// The number-like token at `offset`, for a message.
    func numberToken(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.count, end - offset <= 64, Byte.isNumberLike(bytes[end]) { end += 1 }
        return printable(String(decoding: bytes[offset..<end], as: UTF8.self))
    }

    // MARK: Words and unexpected characters

    /// Reads `true`, `false` or `null` at `index`, or says what else is there.
    mutating func readWord() throws -> JSONValue.Kind {
        let start = index
        var end = start
        while end < bytes.count, Byte.isWord(bytes[end]) { end += 1 }
        let word = bytes[start..<end]
        let kind: JSONValue.Kind
        if word.elementsEqual("true".utf8) {
            kind = .bool(true)
        } else if word.elementsEqual("false".utf8) {
            kind = .bool(false)
        } else if word.elementsEqual("null".utf8) {
            kind = .null
        } else if end > start {
            throw wordError(at: start)
        } else {
            throw valueExpected()
        }
        index = end
        return kind
    }

    /// What is wrong with the bare word at `start` (which may have a sign), where a value should be.
    mutating func wordError(at start: Int) -> JSONSyntaxError {
        var end = start
        if end < bytes.count, bytes[end] == Byte.minus || bytes[end] == Byte.plus { end += 1 }
        while end < bytes.count, end - start <= 64, Byte.isWord(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[start..<end], as: UTF8.self)
        let shown = printable(word)
        var bare = word.lowercased()
        if bare.first == "-" || bare.first == "+" { bare.removeFirst() }
        let message = switch bare {
        case "nan", "infinity", "inf": "'\(shown)' is not a JSON number: JSON has no NaN or infinity"
        case "true", "false", "null": "'\(shown)' is not a JSON value: write \(bare)"
        case "none", "nil", "undefined": "'\(shown)' is not a JSON value: write null"
        default: "unexpected word '\(shown)': a string must be in double quotes"
        }
        return fail(message, at: start)
    }

    /// Where a value should start, something else is.
    mutating func valueExpected() -> JSONSyntaxError {
        let byte = bytes[index]
        if let message = commentOrBOM(at: index) { return fail(message, at: index) }
        switch byte {
        case Byte.apostrophe:
            return fail("strings must be in double quotes, not single quotes", at: index)
        case Byte.plus where index + 1 < bytes.count && Byte.isLetter(bytes[index + 1]):
            return wordError(at: index)   // +Infinity
        case Byte.plus where index + 1 < bytes.count && Byte.isNumberLike(bytes[index + 1]):
            let token = numberToken(at: index)
            return fail("'\(token)' is not a JSON number: write it without '+'", at: index)
        case Byte.dot where index + 1 < bytes.count && Byte.isDigit(bytes[index + 1]):
            let token = numberToken(at: index)
            return fail("'\(token)' is not a JSON number: write 0\(token)", at: index)
        case Byte.comma:
            return fail("unexpected ',': expected a value", at: index)
        default:
            return fail("expected a value, found '\(text(from: index, scalars: 1))'", at: index)
        }
    }

    /// Where a key should start, something else is.
    mutating func keyExpected() -> JSONSyntaxError {
        let byte = bytes[index]
        if let message = commentOrBOM(at: index) { return fail(message, at: index) }
        if byte == Byte.apostrophe {
            return fail("keys must be in double quotes, not single quotes", at: index)
        }
        if Byte.isWord(byte) {
            var end = index
            while end < bytes.count, end - index <= 64, Byte.isWord(bytes[end]) { end += 1 }
            let word = printable(String(decoding: bytes[index..<end], as: UTF8.self))
            return fail("unquoted key '\(word)': keys must be in double quotes", at: index)
        }
        return fail("expected a key in double quotes, found '\(text(from: index, scalars: 1))'", at: index)
    }

    /// After an element of `container`, neither ',' nor its closing bracket.
    mutating func missingComma(in container: Container) -> JSONSyntaxError {
        let byte = bytes[index]
        let closer = Character(Unicode.Scalar(container.closer))
        if let message = commentOrBOM(at: index) { return fail(message, at: index) }
        if byte == Byte.closeBracket || byte == Byte.closeBrace {
            return fail("'\(Character(Unicode.Scalar(byte)))' does not close the \(container.noun) that starts at "
                + "\(container.position): expected ',' or '\(closer)'", at: index)
        }
        let startsValue = byte == Byte.quote || byte == Byte.apostrophe || byte == Byte.openBracket
            || byte == Byte.openBrace || byte == Byte.minus || Byte.isWord(byte)
        if startsValue {
            return fail(container.isObject ? "missing ',' between object members" : "missing ',' between array elements", at: index)
        }
        return fail("expected ',' or '\(closer)', found '\(text(from: index, scalars: 1))'", at: index)
    }

    /// The file ends inside `container`, or where the top value should be.
    mutating func notClosed(_ container: Container?) -> JSONSyntaxError {
        guard let container else { return fail("unexpected end of \(document): expected a value", at: bytes.count) }
        return fail("unexpected end of \(document): the \(container.noun) that starts at \(container.position) is not closed",
                    at: bytes.count)
    }

    /// The message for a comment or a misplaced byte order mark at `offset`, if one is there.
    func commentOrBOM(at offset: Int) -> String? {
        if bytes[offset] == Byte.slash, offset + 1 < bytes.count,
           bytes[offset + 1] == Byte.slash || bytes[offset + 1] == Byte.star {
            return "comments are not allowed in JSON"
        }
        if bytes[offset...].starts(with: [0xEF, 0xBB, 0xBF]) {
            return "a byte order mark (U+FEFF) is only allowed at the start of \(document)"
        }
        return nil
    }

    /// Up to `scalars` characters of the text at `offset`, made printable for a message.
    func text(from offset: Int, scalars: Int) -> String {
        var end = offset
        for _ in 0..<scalars where end < bytes.count { end += Byte.sequenceLength(bytes[end]) }
        return printable(String(decoding: bytes[offset..<min(end, bytes.count)], as: UTF8.self))
    }

    // MARK: Encoding

    /// Refuses text that is not UTF-8, before any parsing.
    mutating func checkEncoding() throws {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            throw fail("\(document) is UTF-16 or UTF-32 (it starts with a byte order mark for one of them): save it as UTF-8", at: 0)
        }
        // JSON text starts with ASCII, so a zero byte among the first two means 16 or 32 bits a character.
        if bytes.count >= 2, bytes[0] == 0 || bytes[1] == 0 {
            throw fail("\(document) looks like UTF-16 or UTF-32 (it has zero bytes at its start): save it as UTF-8", at: 0)
        }
        if let bad = firstInvalidUTF8() {
            throw fail("invalid UTF-8 at byte offset \(bad) (byte 0x\(hex(bytes[bad], digits: 2))): \(document) must be UTF-8", at: bad)
        }
    }

    /// The offset of the first byte of the first ill-formed UTF-8 sequence (Unicode table 3-7).
    func firstInvalidUTF8() -> Int? {
        var i = 0
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF   // the range of the second byte
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0           // else overlong
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F          // else a surrogate
            case 0xF0: length = 4; low = 0x90           // else overlong
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F          // else beyond U+10FFFF
            default: return i
            }
            guard i + length <= bytes.count, (low...high).contains(bytes[i + 1]) else { return i }
            for next in i + 2 ..< i + length where bytes[next] & 0xC0 != 0x80 { return i }
            i += length
        }
        return nil
    }

    // MARK: Positions and errors

    mutating func fail(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position(at: offset))
    }

    mutating func position(at offset: Int) -> TextPosition {
        if offset >= countedOffset {
            var column = countedColumn
            var i = countedOffset
            while i < offset {
                let byte = bytes[i]
                // A line end not yet seen by skipWhitespace: only possible for an error position
                // ahead of the parse; count it the slow way.
                if byte == Byte.lineFeed || byte == Byte.carriageReturn { return scanPosition(of: offset) }
                if byte & 0xC0 != 0x80 { column += 1 }   // not a UTF-8 continuation byte
                i += 1
            }
            countedOffset = offset
            countedColumn = column
            return TextPosition(line: line, column: column)
        }
        return scanPosition(of: offset)
    }

    /// The position of `offset`, counted from the start of the text.
    func scanPosition(of offset: Int) -> TextPosition {
        var line = 1, column = 1
        var i = textStart
        while i < min(offset, bytes.count) {
            let byte = bytes[i]
            if byte == Byte.lineFeed || (byte == Byte.carriageReturn && (i + 1 == bytes.count || bytes[i + 1] != Byte.lineFeed)) {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        return TextPosition(line: line, column: column)
    }

    func hex(_ byte: UInt8, digits: Int) -> String {
        let text = String(byte, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
