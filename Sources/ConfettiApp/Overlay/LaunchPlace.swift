import ConfettiCore

/// Where a launch bursts on the desktop, as `--at X,Y` and `--output NAME` give it: the one home
/// of their meaning for `confetti overlay`, `confetti fire` and the resident overlay's requests.
///
/// `at` is in desktop layout points, from the top-left of `output` when one is named. Without
/// `at`, the middle of `output`; with neither, nil: the middle of the first output.
package struct LaunchPlace: Sendable {
    package var at: (x: Double, y: Double)?
    package var output: String?

    package init(at: (Double, Double)? = nil, output: String? = nil) {
        self.at = at.map { (x: $0.0, y: $0.1) }
        self.output = output
    }

    /// `--at x,y`: two finite numbers, desktop points.
    package static func point(_ text: String) throws -> (Double, Double) {
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).compactMap { Double($0.trimmed) }
        guard numbers.count == 2, numbers.allSatisfy(\.isFinite) else {
            throw OptionRefusal("--at takes x,y in desktop points, such as --at 640,360, not \(printable(text, limit: 80))")
        }
        return (numbers[0], numbers[1])
    }

    /// The centre of the launch's button in the layout of `outputs`; nil: the overlay's default
    /// (the middle of the first output). An `output` the desktop does not have is refused,
    /// naming those it has.
    package func centre(among outputs: [DesktopOutput]) throws(UnknownOutput) -> Point? {
        centre(on: try named(among: outputs))
    }

    /// The output a launch plays on and its button there: the output named, else the one
    /// holding `at`, else the first output in the layout (leftmost, then topmost). The launch is
    /// spawned as on a screen of that output's size around `button` (points from the output's
    /// top-left), then moved to the output (`Placement.origin`). Nil when the desktop has no output.
    package func placement(among outputs: [DesktopOutput]) throws(UnknownOutput) -> Placement? {
        let named = try named(among: outputs)
        let centre = centre(on: named)
        let first = outputs.min { ($0.x, $0.y) < ($1.x, $1.y) }
        let holding = centre.flatMap { point in outputs.first { $0.rect.contains(point) } }
        guard let chosen = named ?? holding ?? first else { return nil }
        let size = Size(width: chosen.width, height: chosen.height)
        let centred = Rect.button(centredIn: size)
        let button = centre.map { Rect(x: $0.x - chosen.x - centred.width / 2, y: $0.y - chosen.y - centred.height / 2, width: centred.width, height: centred.height) } ?? centred
        return Placement(output: chosen.rect, button: button)
    }

    /// The output `output` names among `outputs` (nil when it names none), or a refusal.
    private func named(among outputs: [DesktopOutput]) throws(UnknownOutput) -> DesktopOutput? {
        guard let name = output else { return nil }
        guard let found = outputs.first(where: { $0.name == name }) else {
            throw UnknownOutput(name: name, known: outputs.map(\.name))
        }
        return found
    }

    /// The button's centre in the layout: `at` from the top-left of `named`, or its middle; with
    /// no output named, `at` as it is.
    private func centre(on named: DesktopOutput?) -> Point? {
        guard let named else { return at.map { Point($0.x, $0.y) } }
        guard let at else { return Point(named.x + named.width / 2, named.y + named.height / 2) }
        return Point(named.x + at.x, named.y + at.y)
    }

    /// Where one launch plays: on `output` (desktop layout points), spawned in a viewport of its
    /// size around `button` (points from the output's top-left).
    package struct Placement: Equatable, Sendable {
        package var output: Rect
        package var button: Rect

        package var viewport: Size { Size(width: output.width, height: output.height) }
        /// What moves the launch from the output's own points into the layout's.
        package var origin: Point { Point(output.x, output.y) }
    }

    /// A launch placed on an output the desktop does not have.
    package struct UnknownOutput: Error, CustomStringConvertible, Sendable {
        package var name: String
        /// The outputs the desktop has, by name.
        package var known: [String]

        package var description: String {
            "no output named '\(printable(name, limit: 80))': the desktop has \(known.joined(separator: ", "))"
        }
    }
}
