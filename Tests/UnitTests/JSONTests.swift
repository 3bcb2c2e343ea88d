import Testing
import TestSupport
import ConfettiCore

// MARK: - Helpers

private func parse(_ text: String, maxBytes: Int = 1 << 20, maxDepth: Int = 64) throws -> JSONValue {
    try JSON.parse(Array(text.utf8), maxBytes: maxBytes, maxDepth: maxDepth)
}

/// The error `bytes` are refused with, or nil (recorded as a failure) if they parse.
private func refusal(_ bytes: [UInt8], maxBytes: Int = 1 << 20, maxDepth: Int = 64,
                     sourceLocation: SourceLocation = #_sourceLocation) -> JSONSyntaxError? {
    do {
        _ = try JSON.parse(bytes, maxBytes: maxBytes, maxDepth: maxDepth)
        Issue.record("accepted: \(String(decoding: bytes.prefix(80), as: UTF8.self))", sourceLocation: sourceLocation)
    } catch let error as JSONSyntaxError {
        return error
    } catch {
        Issue.record("unexpected error type: \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Expects `text` to be refused with exactly `message` at `line`, `column`.
private func expectRefused(_ text: String, _ message: String, line: Int, column: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    expectRefused(Array(text.utf8), message, line: line, column: column, sourceLocation: sourceLocation)
}

private func expectRefused(_ bytes: [UInt8], _ message: String, line: Int, column: Int, maxDepth: Int = 64,
                           sourceLocation: SourceLocation = #_sourceLocation) {
    guard let error = refusal(bytes, maxDepth: maxDepth, sourceLocation: sourceLocation) else { return }
    #expect(error.message == message, sourceLocation: sourceLocation)
    #expect(error.position == TextPosition(line: line, column: column), sourceLocation: sourceLocation)
}

private func at(_ line: Int, _ column: Int) -> TextPosition { TextPosition(line: line, column: column) }

/// A compact rendering of a tree with every position, to compare whole trees at once.
private func render(_ value: JSONValue) -> String {
    let where_ = "@\(value.position.line):\(value.position.column)"
    switch value.kind {
    case .null: return "null" + where_
    case .bool(let b): return "\(b)" + where_
    case .number(let n, let text): return "\(text)=\(n)" + where_
    case .string(let s): return "\"\(s)\"" + where_
    case .array(let elements): return "[" + elements.map(render).joined(separator: ",") + "]" + where_
    case .object(let members):
        return "{" + members.map { "\($0.key)@\($0.keyPosition.line):\($0.keyPosition.column)=\(render($0.value))" }
            .joined(separator: ",") + "}" + where_
    }
}

/// The JSON reader under effect files: every valid document read with its positions, every
/// refusal one printable line with where it is, and its limits on size and depth.
@Suite(.tags(.fileFormat)) struct JSONTests {
    // MARK: - Valid documents

    @Test func scalarsAtTheTop() throws {
        #expect(render(try parse("true")) == "true@1:1")
        #expect(render(try parse("  false ")) == "false@1:3")
        #expect(render(try parse("\nnull")) == "null@2:1")
        #expect(render(try parse("-12.5e3")) == "-12.5e3=-12500.0@1:1")
        #expect(render(try parse("\"hi\"")) == "\"hi\"@1:1")
    }

    @Test func objectKeepsKeysInFileOrderWithPositions() throws {
        let text = """
        {
          "kind": "confetti",
          "gravity": 9.8,
          "alpha": [1, 2]
        }
        """
        let value = try parse(text)
        #expect(render(value) == #"{kind@2:3="confetti"@2:11,gravity@3:3=9.8=9.8@3:14,alpha@4:3=[1=1.0@4:13,2=2.0@4:16]@4:12}@1:1"#)
        #expect(value.objectValue?.map(\.key) == ["kind", "gravity", "alpha"])
    }

    @Test func nestedArraysKeepIndicesAndPositions() throws {
        let value = try parse("[[1, 2],\n [3, [4, {\"x\": [5]}]]]")
        #expect(render(value) == #"[[1=1.0@1:3,2=2.0@1:6]@1:2,[3=3.0@2:3,[4=4.0@2:7,{x@2:11=[5=5.0@2:17]@2:16}@2:10]@2:6]@2:2]@1:1"#)
        let four = value.arrayValue?[1].arrayValue?[1].arrayValue?[0]
        #expect(four?.numberValue == 4)
        #expect(four?.position == at(2, 7))
    }

    @Test func emptyContainers() throws {
        #expect(render(try parse("[ {}, [ ], {\n} ]")) == "[{}@1:3,[]@1:7,{}@1:12]@1:1")
    }

    @Test func numbersParseExactlyAndKeepTheirText() throws {
        for literal in ["0", "-0", "1", "-1", "1.5", "0.1", "1e10", "1E+2", "1e-2", "123456789.987654321e-5",
                        "9007199254740993", "2.2250738585072011e-308", "1.7976931348623157e308", "4.9e-324"] {
            let value = try parse(literal)
            guard case .number(let number, let text) = value.kind else {
                Issue.record("\(literal) is not a number")
                continue
            }
            #expect(number == Double(literal), "\(literal)")
            #expect(text == literal)
        }
        // Correct rounding: halfway between two doubles, round to even.
        #expect(try parse("9007199254740993").numberValue == 9007199254740992)
        #expect(try parse("-0").numberValue?.sign == .minus)
    }

    @Test func longNumberTextIsCutButTheValueIsExact() throws {
        let literal = "1." + String(repeating: "0", count: 100) + "1"
        guard case .number(let number, let text) = try parse(literal).kind else {
            Issue.record("not a number")
            return
        }
        #expect(number == 1.0)
        #expect(text.unicodeScalars.count == 40)
        #expect(text.hasSuffix("…"))
    }

    @Test func underflowIsAcceptedAsZero() throws {
        let tiny = try parse("1e-400").numberValue
        #expect(tiny == 0)
        #expect(try parse("-1e-400").numberValue?.sign == .minus)
        #expect(try parse("0." + String(repeating: "0", count: 400) + "1").numberValue == 0)
    }

    @Test func simpleEscapes() throws {
        #expect(try parse(#""a\"b\\c\/d\be\ff\ng\rh\ti""#).stringValue == "a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti")
    }

    @Test func unicodeEscapesAndSurrogatePairs() throws {
        #expect(try parse(#""caf\u00e9""#).stringValue == "café")
        #expect(try parse(#""\u20AC \u20ac""#).stringValue == "€ €")
        #expect(try parse(#""\ud83c\udf89!""#).stringValue == "🎉!")
        #expect(try parse(#""\uD834\uDD1E""#).stringValue == "𝄞")
        #expect(try parse(#""\u0000""#).stringValue == "\u{0}")   // allowed by RFC 8259
    }

    @Test func rawUTF8CountsOneColumnPerCharacter() throws {
        let value = try parse("{\"é🎉\": [\"ü\", 1]}")
        #expect(render(value) == #"{é🎉@1:2=["ü"@1:9,1=1.0@1:14]@1:8}@1:1"#)
    }

    @Test func leadingByteOrderMarkIsSkipped() throws {
        let value = try JSON.parse([0xEF, 0xBB, 0xBF] + Array("{\"a\": 1}".utf8))
        #expect(render(value) == "{a@1:2=1=1.0@1:7}@1:1")
    }

    @Test func lineEndingsLFCRLFAndCR() throws {
        let value = try parse("[1,\r\n2,\r3,\n\t4]")
        #expect(render(value) == "[1=1.0@1:2,2=2.0@2:1,3=3.0@3:1,4=4.0@4:2]@1:1")
    }

    @Test func keysAreComparedByteForByte() throws {
        // Canonically equivalent, but different JSON keys.
        let value = try parse("{\"\u{e9}\": 1, \"e\u{301}\": 2}")
        #expect(value.objectValue?.count == 2)
        #expect(value.member("e\u{301}")?.value.numberValue == 2)
    }

    @Test func accessorsAndTypeNames() throws {
        let value = try parse(#"{"n": 1, "s": "x", "a": [], "o": {}, "b": true, "z": null}"#)
        #expect(value.objectValue?.map(\.value.typeName) == ["a number", "a string", "an array", "an object", "true or false", "null"])
        #expect(value.member("b")?.value.boolValue == true)
        #expect(value.member("z")?.value.isNull == true)
        #expect(value.member("missing") == nil)
        #expect(value.member("n")?.keyPosition == at(1, 2))
    }

    @Test func manyKeysInOneObject() throws {
        // Past the point where the parser switches to a hash table for duplicate keys.
        let members = (0..<2000).map { "\"key\($0)\": \($0)" }
        let value = try parse("{" + members.joined(separator: ", ") + "}")
        #expect(value.objectValue?.count == 2000)
        #expect(value.objectValue?.last?.key == "key1999")
    }

    @Test func longSingleLineKeepsColumns() throws {
        let count = 50_000
        let value = try parse("[" + Array(repeating: "12", count: count).joined(separator: ",") + "]")
        #expect(value.arrayValue?.count == count)
        #expect(value.arrayValue?.last?.position == at(1, 2 + (count - 1) * 3))
    }

    // MARK: - Refusals: structure

    @Test func trailingCommaInArray() {
        expectRefused("[1, 2,]", "trailing comma before ']'", line: 1, column: 6)
        expectRefused("[1, 2,\n  ]", "trailing comma before ']'", line: 1, column: 6)
    }

    @Test func trailingCommaInObject() {
        expectRefused("{\n  \"a\": 1,\n}", "trailing comma before '}'", line: 2, column: 9)
    }

    @Test func duplicateKeys() {
        let text = """
        {
          "kind": "confetti",
            "gravity": 1,
          "wind": 2,
          "gravity": 3
        }
        """
        expectRefused(text, "duplicate key 'gravity': it was first given at line 3, column 5", line: 5, column: 3)
        expectRefused(#"{"a": {"b": 1, "b": 2}}"#, "duplicate key 'b': it was first given at line 1, column 8", line: 1, column: 16)
    }

    @Test func duplicateKeyInALargeObject() {
        var members = (0..<500).map { "\"key\($0)\": \($0)" }
        members.append("\"key250\": 0")
        expectRefused("{" + members.joined(separator: ",\n") + "}",
                      "duplicate key 'key250': it was first given at line 251, column 1", line: 501, column: 1)
    }

    @Test func sameKeyInDifferentObjectsIsFine() throws {
        #expect(try parse(#"[{"a": 1}, {"a": 2}, {"b": {"a": 3}}]"#).arrayValue?.count == 3)
    }

    @Test func missingCommas() {
        expectRefused("[1 2]", "missing ',' between array elements", line: 1, column: 4)
        expectRefused("{\"a\": 1\n \"b\": 2}", "missing ',' between object members", line: 2, column: 2)
        expectRefused("[1 ; 2]", "expected ',' or ']', found ';'", line: 1, column: 4)
    }

    @Test func missingColon() {
        expectRefused(#"{"a" 1}"#, "missing ':' after the key 'a'", line: 1, column: 6)
        expectRefused(#"{"a" = 1}"#, "missing ':' after the key 'a'", line: 1, column: 6)
    }

    @Test func singleQuotes() {
        expectRefused("['a']", "strings must be in double quotes, not single quotes", line: 1, column: 2)
        expectRefused("{'a': 1}", "keys must be in double quotes, not single quotes", line: 1, column: 2)
    }

    @Test func comments() {
        expectRefused("// effect\n{}", "comments are not allowed in JSON", line: 1, column: 1)
        expectRefused("{\"a\": /* x */ 1}", "comments are not allowed in JSON", line: 1, column: 7)
        expectRefused("[1 // one\n]", "comments are not allowed in JSON", line: 1, column: 4)
        expectRefused("{} // done", "comments are not allowed in JSON", line: 1, column: 4)
        expectRefused("{/**/}", "comments are not allowed in JSON", line: 1, column: 2)
    }

    @Test func unquotedKey() {
        expectRefused("{gravity: 1}", "unquoted key 'gravity': keys must be in double quotes", line: 1, column: 2)
        expectRefused("{\"a\": 1, b: 2}", "unquoted key 'b': keys must be in double quotes", line: 1, column: 10)
    }

    @Test func unclosedAndMismatchedBrackets() {
        expectRefused("{\"a\": [1, 2", "unexpected end of the file: the array that starts at line 1, column 7 is not closed",
                      line: 1, column: 12)
        expectRefused("{\"a\": 1\n", "unexpected end of the file: the object that starts at line 1, column 1 is not closed",
                      line: 2, column: 1)
        expectRefused("{\"a\": ", "unexpected end of the file: the object that starts at line 1, column 1 is not closed",
                      line: 1, column: 7)
        expectRefused("[1}", "'}' does not close the array that starts at line 1, column 1: expected ',' or ']'", line: 1, column: 3)
    }

    @Test func misplacedCommasAndMissingValues() {
        expectRefused("[,1]", "unexpected ',': expected a value", line: 1, column: 2)
        expectRefused("[1,,2]", "unexpected ',': expected a value", line: 1, column: 4)
        expectRefused("{,}", "expected a key in double quotes, found ','", line: 1, column: 2)
        expectRefused("{\"a\":}", "expected a value, found '}'", line: 1, column: 6)
    }

    @Test func trailingContent() {
        expectRefused("{}\n{}", "unexpected text after the end of the JSON value", line: 2, column: 1)
        expectRefused("[1]]", "unexpected text after the end of the JSON value", line: 1, column: 4)
        expectRefused("1 2", "unexpected text after the end of the JSON value", line: 1, column: 3)
    }

    @Test func emptyInput() {
        expectRefused("", "the file is empty", line: 1, column: 1)
        expectRefused(" \n\t ", "the file is empty: it holds only white space", line: 1, column: 1)
        expectRefused([0xEF, 0xBB, 0xBF], "the file is empty: it holds only white space", line: 1, column: 1)
    }

    @Test func nestingDepth() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parse(ok).arrayValue?.count == 1)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        expectRefused(deep, "nesting deeper than 64 levels of arrays and objects", line: 1, column: 65)
        expectRefused(Array(#"{"a": {"b": [1]}}"#.utf8), "nesting deeper than 2 levels of arrays and objects",
                      line: 1, column: 13, maxDepth: 2)
    }

    @Test func veryDeepNestingIsRefusedFastWithoutRecursion() {
        let text = String(repeating: "[{\"a\":", count: 100_000)
        var error: JSONSyntaxError?
        let cost = ThreadCost.of { error = refusal(Array(text.utf8)) }
        #expect(error?.message == "nesting deeper than 64 levels of arrays and objects")
        #expect(error?.position == at(1, 32 * 6 + 1))
        #expect(cost.cpuSeconds < 0.1, "\(cost)")
    }

    // MARK: - Refusals: numbers and words

    @Test func leadingZeros() {
        expectRefused("012", "'012' is not a JSON number: leading zeros are not allowed", line: 1, column: 1)
        expectRefused("[-007]", "'-007' is not a JSON number: leading zeros are not allowed", line: 1, column: 2)
    }

    @Test func plusSignAndMissingDigits() {
        expectRefused("[+1]", "'+1' is not a JSON number: write it without '+'", line: 1, column: 2)
        expectRefused("[.5]", "'.5' is not a JSON number: write 0.5", line: 1, column: 2)
        expectRefused("[1.]", "'1.' is not a JSON number: a digit must follow the decimal point", line: 1, column: 2)
        expectRefused("[1.e3]", "'1.e3' is not a JSON number: a digit must follow the decimal point", line: 1, column: 2)
        expectRefused("[1e]", "'1e' is not a JSON number: a digit must follow the exponent", line: 1, column: 2)
        expectRefused("[1e+]", "'1e+' is not a JSON number: a digit must follow the exponent", line: 1, column: 2)
        expectRefused("[-]", "'-' is not a number: a digit must follow '-'", line: 1, column: 2)
    }

    @Test func hexAndMalformedNumbers() {
        expectRefused("0x1F", "'0x1F' is not a JSON number: hexadecimal is not allowed", line: 1, column: 1)
        expectRefused("[1.2.3]", "'1.2.3' is not a valid number", line: 1, column: 2)
        expectRefused("{\"size\": 12px}", "'12px' is not a valid number", line: 1, column: 10)
    }

    @Test func nanAndInfinity() {
        expectRefused("[NaN]", "'NaN' is not a JSON number: JSON has no NaN or infinity", line: 1, column: 2)
        expectRefused("[Infinity]", "'Infinity' is not a JSON number: JSON has no NaN or infinity", line: 1, column: 2)
        expectRefused("[1, -Infinity]", "'-Infinity' is not a JSON number: JSON has no NaN or infinity", line: 1, column: 5)
        expectRefused("[+Infinity]", "'+Infinity' is not a JSON number: JSON has no NaN or infinity", line: 1, column: 2)
    }

    @Test func numbersTooLargeForADoubleAreKeptAsInfinityWithTheirText() throws {
        // The effect reader refuses them, naming the field they were given for.
        let value = try parse("{\"gravity\": 1e400, \"drag\": -1.8e308}")
        guard case .number(let big, let text)? = value.member("gravity")?.value.kind else {
            Issue.record("1e400 did not parse as a number")
            return
        }
        #expect(big == .infinity && text == "1e400")
        #expect(value.member("drag")?.value.numberValue == -.infinity)
    }

    @Test func otherWords() {
        expectRefused("[True]", "'True' is not a JSON value: write true", line: 1, column: 2)
        expectRefused("[NULL]", "'NULL' is not a JSON value: write null", line: 1, column: 2)
        expectRefused("[None]", "'None' is not a JSON value: write null", line: 1, column: 2)
        expectRefused("[truex]", "unexpected word 'truex': a string must be in double quotes", line: 1, column: 2)
        expectRefused("{\"kind\": confetti}", "unexpected word 'confetti': a string must be in double quotes", line: 1, column: 10)
        expectRefused("[@]", "expected a value, found '@'", line: 1, column: 2)
    }

    // MARK: - Refusals: strings

    @Test func unterminatedString() {
        expectRefused("{\"a\": \"abc", "unterminated string: the file ends before its closing quote", line: 1, column: 7)
        expectRefused("[\"abc\\", "unterminated string: the file ends before its closing quote", line: 1, column: 2)
        expectRefused("[\"\\u12", "unterminated string: the file ends before its closing quote", line: 1, column: 2)
    }

    @Test func rawControlCharactersInStrings() {
        expectRefused("[\"a\nb\"]", "a raw control character (U+000A) inside a string: write \\n", line: 1, column: 4)
        expectRefused("[\"a\tb\"]", "a raw control character (U+0009) inside a string: write \\t", line: 1, column: 4)
        expectRefused("[\"\u{1b}[2J\"]", "a raw control character (U+001B) inside a string: write \\u001B", line: 1, column: 3)
        expectRefused("[\"\u{0}\"]", "a raw control character (U+0000) inside a string: write \\u0000", line: 1, column: 3)
        // DEL and C1 controls are allowed by RFC 8259.
        #expect((try? parse("\"\u{7f}\u{85}\""))?.stringValue == "\u{7f}\u{85}")
    }

    @Test func invalidEscapes() {
        let hint = "use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX"
        expectRefused(#"["a\x41"]"#, "'\\x' is not a valid escape in a string: " + hint, line: 1, column: 4)
        expectRefused(#"["it\'s"]"#, "'\\'' is not a valid escape in a string: " + hint, line: 1, column: 5)
        expectRefused("[\"\\\u{1b}\"]", "a raw control character (U+001B) inside a string: write \\u001B", line: 1, column: 4)
        expectRefused("[\"a\\\nb\"]", "a raw control character (U+000A) inside a string: write \\n", line: 1, column: 5)
    }

    @Test func invalidUnicodeEscapes() {
        let rule = " is not a valid escape in a string: \\u must be followed by four hex digits"
        expectRefused(#"["\u12G4"]"#, "'\\u12G'" + rule, line: 1, column: 3)
        expectRefused(#"["\u12"]"#, "'\\u12'" + rule, line: 1, column: 3)
        expectRefused(#"["\U0041"]"#, "'\\U' is not a valid escape in a string: use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX",
                      line: 1, column: 3)
    }

    @Test func loneSurrogates() {
        let needsLow = " in a string: it must be followed by a low surrogate \\uDC00–\\uDFFF"
        expectRefused(#"["\uD83D"]"#, "a lone surrogate '\\uD83D'" + needsLow, line: 1, column: 3)
        expectRefused(#"["x\ud83dy"]"#, "a lone surrogate '\\ud83d'" + needsLow, line: 1, column: 4)
        expectRefused(#"["\uD83D\u0041"]"#, "a lone surrogate '\\uD83D'" + needsLow, line: 1, column: 3)
        expectRefused(#"["\uD83D\uD83D"]"#, "a lone surrogate '\\uD83D'" + needsLow, line: 1, column: 3)
        expectRefused(#"["\uDE00"]"#, "a lone surrogate '\\uDE00' in a string: it must follow a high surrogate \\uD800–\\uDBFF",
                      line: 1, column: 3)
    }

    // MARK: - Refusals: encoding

    @Test func invalidUTF8GivesTheByteOffset() {
        // Latin-1 "é" in an otherwise ASCII file.
        expectRefused(Array("{\n\"caf".utf8) + [0xE9] + Array("\": 1}".utf8),
                      "invalid UTF-8 at byte offset 6 (byte 0xE9): the file must be UTF-8", line: 2, column: 5)
        expectRefused(Array("[\"".utf8) + [0xC0, 0x80] + Array("\"]".utf8),   // overlong NUL
                      "invalid UTF-8 at byte offset 2 (byte 0xC0): the file must be UTF-8", line: 1, column: 3)
        expectRefused(Array("[\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"]".utf8),   // an encoded surrogate
                      "invalid UTF-8 at byte offset 2 (byte 0xED): the file must be UTF-8", line: 1, column: 3)
        expectRefused(Array("[\"é\"] ".utf8) + [0xF0, 0x9F],   // cut short at the end
                      "invalid UTF-8 at byte offset 7 (byte 0xF0): the file must be UTF-8", line: 1, column: 7)
        expectRefused([0x5B, 0x80, 0x5D], "invalid UTF-8 at byte offset 1 (byte 0x80): the file must be UTF-8", line: 1, column: 2)
    }

    @Test func byteOrderMarks() {
        expectRefused([0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00],
                      "the file is UTF-16 or UTF-32 (it starts with a byte order mark for one of them): save it as UTF-8",
                      line: 1, column: 1)
        expectRefused([0x00, 0x7B, 0x00, 0x7D],
                      "the file looks like UTF-16 or UTF-32 (it has zero bytes at its start): save it as UTF-8", line: 1, column: 1)
        expectRefused(Array("[1,".utf8) + [0xEF, 0xBB, 0xBF] + Array("2]".utf8),
                      "a byte order mark (U+FEFF) is only allowed at the start of the file", line: 1, column: 4)
        expectRefused([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("{}".utf8),
                      "a byte order mark (U+FEFF) is only allowed at the start of the file", line: 1, column: 1)
    }

    @Test func nonJSONWhitespaceIsShownEscaped() {
        expectRefused("[1,\u{a0}2]", "expected a value, found '\\u{a0}'", line: 1, column: 4)
        expectRefused("{\"a\":1}\u{2028}", "unexpected text after the end of the JSON value", line: 1, column: 8)
    }

    // MARK: - Limits

    @Test func sizeLimitRefusesA200MBBufferFast() {
        let huge = [UInt8](repeating: 0x20, count: 200_000_000)
        var error: JSONSyntaxError?
        let cost = ThreadCost.of { error = refusal(huge) }
        #expect(error?.message == "the file is 200000000 bytes; effect files are limited to 1 MiB")
        #expect(error?.position == at(1, 1))
        #expect(cost.cpuSeconds < 0.1, "\(cost)")
    }

    @Test func sizeLimitBoundary() throws {
        let exact = Array(("[" + String(repeating: " ", count: 1022) + "]").utf8)
        #expect(exact.count == 1024)
        #expect(try JSON.parse(exact, maxBytes: 1024).arrayValue?.count == 0)
        let error = refusal(Array(("[" + String(repeating: " ", count: 1023) + "]").utf8), maxBytes: 1024)
        #expect(error?.message == "the file is 1025 bytes; effect files are limited to 1 KiB")
        #expect(refusal(Array("[]".utf8), maxBytes: 1)?.message == "the file is 2 bytes; effect files are limited to 1 byte")
    }

    @Test func largeValidFileIsReasonablyFast() throws {
        var text = "["
        var i = 0
        while text.utf8.count < 200_000 {
            if i > 0 { text += ",\n" }
            text += "{\"gravity\": \(Double(i) * 0.37), \"colors\": [[1, 0.5, 0.25], [0.1, 0.2, 3e-2]], \"name\": \"caf\\u00e9 \(i)\", \"on\": true}"
            i += 1
        }
        text += "]"
        let bytes = Array(text.utf8)
        var value: JSONValue?
        let cost = try ThreadCost.of { value = try JSON.parse(bytes) }
        #expect(value?.arrayValue?.count == i)
        #expect(value?.arrayValue?.last?.position == at(i, 1))
        #expect(cost.cpuSeconds < 1, "\(cost)")
    }

    // MARK: - Messages stay printable and short

    @Test func messagesEscapeWhatTheyQuote() {
        // A key that would clear the screen and forge a second line.
        let key = #"\u001b[2J\nerror: all good\u202E"#   // as written in the file, escaped
        let text = "{\"\(key)\": 1, \"\(key)\": 2}"
        guard let error = refusal(Array(text.utf8)) else { return }
        #expect(error.message == "duplicate key '\\u{1b}[2J\\nerror: all good\\u{202e}': it was first given at line 1, column 2")
        #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{202e}" })
    }

    @Test func messagesAboutHugeTokensAreShort() {
        let big = String(repeating: "k", count: 1_000_000)
        var errors: [JSONSyntaxError] = []
        let cost = ThreadCost.of {
            for text in ["{\"\(big)\": 1, \"\(big)\": 2}", "{\(big): 1}", "[\(big)]", "{\"\(big)\" 1}", "[1\(big)]"] {
                if let error = refusal(Array(text.utf8), maxBytes: 4 << 20) { errors.append(error) }
            }
        }
        #expect(errors.count == 5)
        for error in errors {
            #expect(error.description.count < 150, "\(error)")
            #expect(error.description.contains("…"))
        }
        #expect(cost.cpuSeconds < 5, "\(cost)")
    }

    @Test func errorDescriptionFormat() {
        let error = refusal(Array("[1,]".utf8))
        #expect(error?.description == "line 1, column 3: trailing comma before ']'")
        #expect("\(TextPosition(line: 3, column: 5))" == "line 3, column 5")
    }
}
