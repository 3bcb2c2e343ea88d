// Untrusted text (file names, JSON keys and literals, command-line arguments) made safe to quote
// in a one-line message: every message that names something the user typed or a file holds
// goes through `printable`.

/// Text safe to print inside a one-line message: control characters and other non-printing
/// scalars escaped (\n, \t, \u{1b} …), cut to `limit` characters with "…" (a quoted token longer than that is cut).
///
/// Characters are counted as Unicode scalars, not grapheme clusters: one "character" made of a
/// letter and a million combining marks must not pass whole. The result never has more than
/// `limit` scalars (at least 1), "…" included; an escape is never cut in half. Only as much of
/// `text` is read as the result needs. Backslashes are left as they are, for readable paths.
package func printable(_ text: String, limit: Int = 40) -> String {
    let limit = max(limit, 1)
    var result = String.UnicodeScalarView()
    var length = 0
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
        let piece = escaped(scalar)
        // The last piece may use the place kept for "…"; any other must leave it free.
        var rest = scalars
        let isLast = rest.next() == nil
        guard length + piece.count <= (isLast ? limit : limit - 1) else {
            result.append("…")
            break
        }
        result.append(contentsOf: piece)
        length += piece.count
    }
    return String(result)
}

/// `scalar` as it may appear in a message: itself if it prints, else an escape.
private func escaped(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
    // Printable ASCII is nearly all text; skip the Unicode property lookup for it.
    if (0x20...0x7E).contains(scalar.value) { return [scalar] }
    switch scalar {
    case "\n": return ["\\", "n"]
    case "\t": return ["\\", "t"]
    case "\r": return ["\\", "r"]
    default: break
    }
    let hidden: Bool
    switch scalar.properties.generalCategory {
    // Format characters include the bidirectional overrides that can make text read backwards;
    // line and paragraph separators would start a new line in some terminals.
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate:
        hidden = true
    case .spaceSeparator:
        hidden = true   // not U+0020, handled above: other spaces look like it but are not
    default:
        hidden = false
    }
    guard hidden else { return [scalar] }
    return Array("\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
}
