import ConfettiCore

/// `WxH` in pixels (or points, for `trace`). The parser takes any text, so what is not a size
/// is refused by the option's own check in `validate()` (`checked`), saying what a size is.
package struct PixelSize: Sendable, CustomStringConvertible {
    package var width: Int
    package var height: Int
    /// The text as given, when it is not a size.
    private var unreadable: String?

    package static let limit = 16384

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    package init(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (1...Self.limit).contains(w), (1...Self.limit).contains(h)
        else {
            self.init(width: 0, height: 0)
            unreadable = argument
            return
        }
        self.init(width: w, height: h)
    }

    /// Refuses, naming `option`, a size the command line gave that is not one.
    package func checked(_ option: String) throws {
        if let unreadable {
            throw OptionRefusal("\(option) \(printable(unreadable, limit: 80)) is not a size: give WxH, each a whole number of pixels from 1 to \(Budget.format(Self.limit)), such as 1280x720")
        }
    }

    package var description: String { unreadable ?? "\(width)x\(height)" }
}
