/// Reads SVG path data, the `d` attribute's grammar (SVG 2, "Path data"), into subpaths: one
/// pass over its UTF-8 bytes, moving a pen as the commands say, stopping at the first mistake.
///
/// The grammar is ASCII: any other byte is a mistake, so a byte offset before it is also a
/// character offset, which is what messages give.
struct SVGPathReader {
    private let bytes: [UInt8]
    private var offset = 0

    private var subpaths: [SVGPath.Subpath] = []
    private var current = Point.zero
    /// Where Z returns the pen, and where a subpath drawn straight after a Z starts.
    private var subpathStart = Point.zero
    /// False after a Z: the next drawing command starts a new subpath rather than extend it.
    private var isSubpathOpen = false
    /// What S reflects: the second control point of the previous segment if it was a C or an S.
    private var previousCubicControl: Point?
    /// What T reflects: the control point of the previous segment if it was a Q or a T.
    private var previousQuadraticControl: Point?

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() throws(SpriteError) -> [SVGPath.Subpath] {
        skipWhitespace()
        guard offset < bytes.count else { throw SpriteError("SVG path: the path is empty") }
        while offset < bytes.count {
            try command()
            skipWhitespace()
        }
        return subpaths
    }

    private enum Command {
        case moveTo, lineTo, horizontal, vertical, cubic, smoothCubic, quadratic, smoothQuadratic, arc, close

        init?(_ byte: UInt8) {
            switch byte | 0x20 {    // ASCII lower case
            case UInt8(ascii: "m"): self = .moveTo
            case UInt8(ascii: "l"): self = .lineTo
            case UInt8(ascii: "h"): self = .horizontal
            case UInt8(ascii: "v"): self = .vertical
            case UInt8(ascii: "c"): self = .cubic
            case UInt8(ascii: "s"): self = .smoothCubic
            case UInt8(ascii: "q"): self = .quadratic
            case UInt8(ascii: "t"): self = .smoothQuadratic
            case UInt8(ascii: "a"): self = .arc
            case UInt8(ascii: "z"): self = .close
            default: return nil
            }
        }
    }

    /// One command letter and every argument set after it: a letter may be followed by any
    /// number of sets, each drawing another segment of its kind (`l 1 2 3 4` is two linetos).
    private mutating func command() throws(SpriteError) {
        let letter = bytes[offset]
        let isLetter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter | 0x20)
        guard var command = Command(letter) else {
            if isLetter { throw SpriteError("SVG path: unknown command \(found) at offset \(offset)") }
            if subpaths.isEmpty { throw SpriteError("SVG path: must start with a moveto (M or m), found \(found) at offset \(offset)") }
            throw SpriteError("SVG path: expected a command at offset \(offset), found \(found)")
        }
        guard !subpaths.isEmpty || command == .moveTo else {
            throw SpriteError("SVG path: must start with a moveto (M or m), found \(found) at offset \(offset)")
        }
        let isRelative = letter & 0x20 != 0
        offset += 1
        skipWhitespace()
        while true {
            try draw(command, relative: isRelative)
            guard command != .close else { return }     // Z takes no arguments
            // A comma after a set promises another; without one, a number still starts one.
            let comma = skipCommaWhitespace()
            guard comma || startsNumber else { return }
            if command == .moveTo { command = .lineTo }
        }
    }

    /// One argument set of `command`, drawn.
    private mutating func draw(_ command: Command, relative: Bool) throws(SpriteError) {
        let origin = relative ? current : .zero
        switch command {
        case .moveTo:
            let point = try origin + pair()
            subpaths.append(SVGPath.Subpath(start: point, segments: []))
            isSubpathOpen = true
            current = point
            subpathStart = point
            forgetControlPoints()
        case .lineTo:
            try append(.line(to: origin + pair()))
        case .horizontal:
            try append(.line(to: Point(origin.x + number(), current.y)))
        case .vertical:
            try append(.line(to: Point(current.x, origin.y + number())))
        case .cubic:
            let p = try points(3, from: origin)
            append(.cubic(control1: p[0], control2: p[1], to: p[2]), cubicControl: p[1])
        case .smoothCubic:
            let control1 = previousCubicControl.map { 2 * current - $0 } ?? current
            let p = try points(2, from: origin)
            append(.cubic(control1: control1, control2: p[0], to: p[1]), cubicControl: p[0])
        case .quadratic:
            let p = try points(2, from: origin)
            append(.quadratic(control: p[0], to: p[1]), quadraticControl: p[0])
        case .smoothQuadratic:
            let control = previousQuadraticControl.map { 2 * current - $0 } ?? current
            try append(.quadratic(control: control, to: origin + pair()), quadraticControl: control)
        case .arc:
            let radii = try pair()
            skipCommaWhitespace()
            let rotation = try number()
            skipCommaWhitespace()
            let largeArc = try flag()
            skipCommaWhitespace()
            let sweep = try flag()
            skipCommaWhitespace()
            let end = try origin + pair()
            if end == current {
                forgetControlPoints()       // the notes omit such an arc entirely
            } else if let arc = EllipticalArc(from: current, to: end, radii: radii, rotationDegrees: rotation, largeArc: largeArc, sweep: sweep) {
                append(.arc(arc))
            } else {
                append(.line(to: end))      // a zero radius
            }
        case .close:
            closePath()
        }
    }

    private mutating func append(_ segment: SVGPath.Segment, cubicControl: Point? = nil, quadraticControl: Point? = nil) {
        if !isSubpathOpen {
            subpaths.append(SVGPath.Subpath(start: current, segments: []))
            isSubpathOpen = true
        }
        subpaths[subpaths.count - 1].segments.append(segment)
        current = segment.end
        previousCubicControl = cubicControl
        previousQuadraticControl = quadraticControl
    }

    private mutating func closePath() {
        current = subpathStart
        isSubpathOpen = false
        forgetControlPoints()
    }

    private mutating func forgetControlPoints() {
        previousCubicControl = nil
        previousQuadraticControl = nil
    }

    // MARK: Arguments

    /// `count` coordinate pairs, each offset by `origin`.
    private mutating func points(_ count: Int, from origin: Point) throws(SpriteError) -> [Point] {
        var points: [Point] = []
        for i in 0..<count {
            if i > 0 { skipCommaWhitespace() }
            try points.append(origin + pair())
        }
        return points
    }

    private mutating func pair() throws(SpriteError) -> Point {
        let x = try number()
        skipCommaWhitespace()
        return Point(x, try number())
    }

    /// A number in any form the grammar allows: `-.5`, `+2`, `5.`, `1e-3`. It ends where the
    /// grammar says, so `-.5.5` is two numbers and `1-2` too.
    private mutating func number() throws(SpriteError) -> Double {
        let start = offset
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
        var digits = skipDigits()
        if peek == UInt8(ascii: ".") {
            offset += 1
            digits += skipDigits()
        }
        guard digits > 0 else { throw SpriteError("SVG path: expected a number at offset \(offset), found \(found)") }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            offset += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { offset += 1 }
            guard skipDigits() > 0 else {
                throw SpriteError("SVG path: expected the exponent's digits at offset \(offset), found \(found)")
            }
        }
        let text = String(decoding: bytes[start..<offset], as: UTF8.self)
        // The text is a valid number by now; only its size can be wrong (1e999 is infinite).
        guard let value = Double(text), abs(value) <= SVGPath.maximumMagnitude else {
            throw SpriteError("SVG path: the number \(printable(text)) at offset \(start) is too large; numbers must lie within ±\(Int(SVGPath.maximumMagnitude))")
        }
        return value
    }

    /// An arc's large-arc or sweep flag: one digit, which needs no separator after it, so
    /// `a1 1 0 011 1` has flags 0 and 1 and then the point (1, 1).
    private mutating func flag() throws(SpriteError) -> Bool {
        switch peek {
        case UInt8(ascii: "0"): offset += 1; return false
        case UInt8(ascii: "1"): offset += 1; return true
        default: throw SpriteError("SVG path: expected a flag (0 or 1) at offset \(offset), found \(found)")
        }
    }

    // MARK: Bytes

    private var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private var startsNumber: Bool {
        guard let byte = peek else { return false }
        return isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// What stands at the offset, for a message: the character quoted, or the end.
    private var found: String {
        guard offset < bytes.count else { return "the end of the path" }
        let scalar = String(decoding: bytes[offset..<min(offset + 4, bytes.count)], as: UTF8.self).unicodeScalars.first!
        return "'\(printable(String(scalar)))'"
    }

    private func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipDigits() -> Int {
        let start = offset
        while let byte = peek, isDigit(byte) { offset += 1 }
        return offset - start
    }

    private mutating func skipWhitespace() {
        // SVG's whitespace: space, tab, line feed, form feed, carriage return.
        while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D { offset += 1 }
    }

    /// Whitespace, at most one comma, whitespace; whether there was a comma.
    @discardableResult
    private mutating func skipCommaWhitespace() -> Bool {
        skipWhitespace()
        guard peek == UInt8(ascii: ",") else { return false }
        offset += 1
        skipWhitespace()
        return true
    }
}
