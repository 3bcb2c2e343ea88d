import FoundationEssentials
import Glibc

/// An effect as data: what kind it is and every number of it. The built-in presets are values
/// of this type, and an effect file (JSON) describes one completely; fields a file leaves out
/// keep the values of the preset of its kind.
public struct Effect: Sendable {
    public var kind: EffectKindName
    public var confetti: ConfettiSection
    public var classic: ClassicSection
    public var fountain: FountainFirework
    public var rocket: RocketSection
    public var shell: ShellSection
    public var show: FireworkShow
    /// The glow drawn over the frame (`BloomPass`); off unless an effect file turns it on.
    public var bloom: Bloom = .standard
    /// What it sounds like (`SoundTrack`): on, every sound its kind makes.
    public var sound: Sound = .standard

    public init(kind: EffectKindName, confetti: ConfettiSection = .standard, classic: ClassicSection = .standard, fountain: FountainFirework = .standard,
                rocket: RocketSection = .standard, shell: ShellSection = .peony, show: FireworkShow = .standard) {
        self.kind = kind
        self.confetti = confetti
        self.classic = classic
        self.fountain = fountain
        self.rocket = rocket
        self.shell = shell
        self.show = show
    }

    /// 30 pieces of physics confetti from the bottom edge (the seed article).
    public static let confetti = Effect(kind: .confetti)
    /// 2 classic fireworks of 8 sparks around the button's corners.
    public static let classic = Effect(kind: .classic)
    /// 10 sparks rising from the top of the button, one per 0.05 s.
    public static let fountain = Effect(kind: .fountain)
    /// The button clicked: 2 classic fireworks and a confetti burst.
    public static let celebration = Effect(kind: .celebration)

    /// Every built-in effect, in the order `confetti presets` lists them and the viewer's N and
    /// B step through them. One line per preset; each group's constants live in its own file.
    public static let presets: [(name: String, effect: Effect, summary: String)] = [
        ("confetti", .confetti, "30 pieces of physics confetti from the bottom edge (the seed article)"),
        ("classic", .classic, "2 classic fireworks of 8 sparks around the button's corners"),
        ("fountain", .fountain, "10 sparks rising from the top of the button, one per 0.05 s"),
        ("celebration", .celebration, "the button clicked: 2 classic fireworks and a confetti burst"),
        ("dots", .dots, "the seed article's burst of rectangles and circles"),
        ("star", .star, "40 two-sided stars with a few squares and discs, mixed by weight"),
        ("ribbon", .ribbon, "24 two-sided streamers rippling with a travelling wave as they fall"),
        ("hearts", .hearts, "40 two-sided hearts with a few triangles, mixed by weight"),
        ("foil", .foil, "60 pieces of metallic foil tumbling in 3D, silver-backed, glinting as they face the light"),
        ("rain", .rain, "confetti rain from the top edge in three depth layers, 80 pieces/s for 2.5 s"),
        ("snow", .snow, "white flakes drifting down from the top edge, 40/s for 3 s, in 4 layers of depth: far ones smaller and slower"),
        ("cannon", .cannon, "a cannon in the bottom-left corner fires 90 pieces at 60° ± 12°"),
        ("stream", .stream, "a stream from the bottom-right corner, 70 pieces/s for 1.5 s at 55° ± 8°"),
        ("popper", .popper, "a party popper in the top-left corner, 70 pieces 25° below the horizontal ± 30°"),
        ("rocket", .rocket, "one rocket rises, slowed by drag and gravity, and bursts at its apex into 80 sparks"),
        ("finale", .finale, "4 rockets 0.45 s apart, their sparks crackling into small secondary bursts"),
        ("wind", .wind, "the confetti burst in a gusty breeze every piece feels at once"),
        ("trail", .trail, "confetti comets: fading, tapering trails, white-hot to ember red, shrinking"),
        ("peony", .peony, "a spherical shell of 90 stars that burn white, then red, then change to gold, with a flash"),
        ("chrysanthemum", .chrysanthemum, "a shell of 70 stars trailing ribbons and shedding glitter"),
        ("willow", .willow, "long-lived gold stars that droop under heavy drag, trailing glitter"),
        ("palm", .palm, "a thick trunk and 9 heavy comets glittering as they fall"),
        ("ring", .ring, "a tilted ring of 48 stars around a white pistil"),
        ("strobe", .strobe, "silver stars blinking on, off, off"),
        ("crossette", .crossette, "24 stars that each split into four"),
        ("show", .show, "a 10-second show of every shell style, one after another"),
        ("emoji", .emoji, "50 party emoji thrown from the bottom edge, flipping like paper, their backs mirrored"),
        ("hearts-svg", .heartsSVG, "45 hearts from an SVG path in warm colours, tumbling in matte light"),
        ("words", .words, "36 words in the burst's colours: 2027, YAY! and Hooray"),
        ("ducks", .ducks, "a fountain of 14 yellow ducks, each facing the way it flies"),
    ]

    public static func preset(_ name: String) -> Effect? {
        presets.first { $0.name == name }?.effect
    }

    /// A preset by name, or an effect file by path, as `EffectReference` reads them (the
    /// library looks in no effects folder: the commands do).
    public static func load(_ nameOrPath: String) throws -> Effect {
        try EffectReference(nameOrPath).resolve(among: .none).effect
    }
}

/// A bad effect, named and located: the file, the field path, what was there and what is allowed.
public struct EffectError: Error, CustomStringConvertible, Sendable {
    public var file: String?
    /// Dotted, with indices: `confetti.colors[2]`.
    public var path: String
    public var message: String

    public var description: String {
        let location = [file, path.isEmpty ? nil : path].compactMap { $0 }.joined(separator: ": ")
        return location.isEmpty ? message : "\(location): \(message)"
    }
}

/// " Did you mean 'x'?" when a candidate is close enough to be a typo of `word`, else "".
package func didYouMean(_ word: String, in candidates: [String]) -> String {
    closest(word, in: candidates).map { " Did you mean '\($0)'?" } ?? ""
}

/// The closest candidate by edit distance, if it is close enough to be a typo.
package func closest(_ word: String, in candidates: [String]) -> String? {
    func distance(_ a: [Character], _ b: [Character]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
    let lowered = Array(word.lowercased())
    let best = candidates.map { ($0, distance(lowered, Array($0.lowercased()))) }.min { $0.1 < $1.1 }
    guard let best, best.1 <= max(2, word.count / 3) else { return nil }
    return best.0
}
