import Foundation

/// An effect as data: what kind it is and every number of it. The built-in presets are values
/// of this type, and an effect file (JSON) describes one completely; fields a file leaves out
/// keep the values of the preset of its kind.
public struct Effect: Sendable {
    public var kind: EffectName
    public var confetti: ConfettiBurst
    public var fireworks: FireworkLaunch
    public var fountain: FountainFirework

    public init(kind: EffectName, confetti: ConfettiBurst = .standard, fireworks: FireworkLaunch = .standard, fountain: FountainFirework = .standard) {
        self.kind = kind
        self.confetti = confetti
        self.fireworks = fireworks
        self.fountain = fountain
    }

    public static let presets: [(name: String, effect: Effect, summary: String)] = [
        ("confetti", Effect(kind: .confetti), "30 pieces of physics confetti from the bottom edge (the seed article)"),
        ("classic", Effect(kind: .classic), "2 classic fireworks of 8 sparks around the button's corners"),
        ("fountain", Effect(kind: .fountain), "10 sparks rising from the top of the button, one per 0.05 s"),
        ("celebration", Effect(kind: .celebration), "the button clicked: 2 classic fireworks and a confetti burst"),
    ]

    public static func preset(_ name: String) -> Effect? {
        presets.first { $0.name == name }?.effect
    }

    /// A preset by name, or an effect file by path.
    public static func load(_ nameOrPath: String) throws -> Effect {
        if let preset = preset(nameOrPath) { return preset }
        let looksLikePath = nameOrPath.contains("/") || nameOrPath.hasSuffix(".json")
        guard looksLikePath || FileManager.default.fileExists(atPath: nameOrPath) else {
            let names = presets.map(\.name)
            let hint = closest(nameOrPath, in: names).map { " Did you mean '\($0)'?" } ?? ""
            throw EffectError(file: nil, path: "", message: "unknown effect '\(nameOrPath)': give a preset (\(names.joined(separator: ", "))) or the path of an effect file.\(hint)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: nameOrPath))
        } catch {
            throw EffectError(file: nameOrPath, path: "", message: "cannot read the file: \((error as NSError).localizedDescription)")
        }
        return try EffectFile.decode(data, file: nameOrPath)
    }

    /// The show this effect makes for `render`.
    public func show(seed: UInt64, launches: Int?, interval: Double?) -> Show {
        var show = Show(effect: kind, seed: seed, launches: launches, interval: interval)
        show.confetti = confetti
        show.fireworks = fireworks
        show.fountain = fountain
        return show
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

/// The closest candidate by edit distance, if it is close enough to be a typo.
public func closest(_ word: String, in candidates: [String]) -> String? {
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
