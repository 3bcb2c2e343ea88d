import CConfetti
import ConfettiGL
import FoundationEssentials
import Glibc

/// The checks a value from C passes before the library sees it: C has no optionals, no
/// exceptions and no guarantee that a pointer is set or a string is UTF-8.
enum Arguments {
    static func string(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(Failure) -> String {
        guard let pointer else { throw Failure(.argument, "\(what) is null") }
        guard let string = String(validatingCString: pointer) else {
            // Where, so a text of many lines can be mended: never shown repaired (U+FFFD).
            let bytes = pointer.withMemoryRebound(to: UInt8.self, capacity: strlen(pointer)) { Array(UnsafeBufferPointer(start: $0, count: strlen(pointer))) }
            let bad = JSON.firstInvalidUTF8(in: bytes)
            let place = bad.map { ": byte 0x\(String($0.byte, radix: 16, uppercase: true)) at byte offset \($0.offset) (\($0.position)) begins no UTF-8 character" } ?? ""
            throw Failure(.argument, "\(what) is not UTF-8 text\(place)")
        }
        return string
    }

    static func out<T>(_ pointer: UnsafeMutablePointer<T>?, _ what: String) throws(Failure) -> UnsafeMutablePointer<T> {
        guard let pointer else { throw Failure(.argument, "\(what) is null: give where to store it") }
        return pointer
    }

    /// A time from 0 to CONFETTI_MAX_TIME seconds, as the header says.
    static func time(_ now: Double) throws(Failure) -> Double {
        guard now >= 0, now <= CONFETTI_MAX_TIME else {
            throw Failure(.argument, "the time must be 0 ≤ now ≤ \(CONFETTI_MAX_TIME) seconds (CONFETTI_MAX_TIME), not \(now)")
        }
        return now
    }

    static func viewport(_ width: Double, _ height: Double) throws(Failure) -> Size {
        let side = Celebration.maxViewportSide
        guard width.isFinite, height.isFinite, width > 0, height > 0, width <= side, height <= side else {
            throw Failure(.argument, "the viewport must be 0 < width, height ≤ \(Int(side)) points, not \(width)×\(height)")
        }
        return Size(width: width, height: height)
    }

    static func pixelsPerPoint(_ scale: Double) throws(Failure) -> Double {
        guard scale.isFinite, scale > 0, scale <= 64 else {
            throw Failure(.argument, "pixels_per_point must be 0 < pixels_per_point ≤ 64, not \(scale)")
        }
        return scale
    }

    /// The app's button, as four doubles (confetti_rect), or nil for the default.
    static func button(_ pointer: UnsafePointer<confetti_rect>?) throws(Failure) -> Rect? {
        guard let rect = pointer?.pointee else { return nil }
        let values = [rect.x, rect.y, rect.width, rect.height]
        guard values.allSatisfy(\.isFinite), values[2] >= 0, values[3] >= 0,
              values.allSatisfy({ abs($0) <= Celebration.maxViewportSide }) else {
            throw Failure(.argument, "the button must be finite, of width and height ≥ 0 and within ±\(Int(Celebration.maxViewportSide)) points, not \(values)")
        }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }
}
