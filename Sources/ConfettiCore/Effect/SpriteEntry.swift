/// One entry of an effect file's `sprites` list, read and checked but not yet made into a
/// picture: what `Sprite(_:size:weight:tint:relativeTo:)` is given, the one place a file's
/// sprite is made. A whole list is read into entries first, so that everything cheap (the
/// count, every key, size, weight and tint) is checked before the first picture is rasterised,
/// which is slow and may read files.
///
/// ```json
/// "sprites": ["🎉", {"emoji": "🎊", "size": 32, "weight": 2},
///             {"text": "2027", "font": "DejaVu Sans", "size": 48, "tint": "#ffcc00"},
///             {"image": "duck.png", "size": 40}, {"path": "M0 0 L10 0 L5 8 Z", "size": 24, "tint": "#ff3b30"}]
/// ```
struct SpriteEntry: Equatable {
    var source: Sprite.Source
    var size = SpriteEntry.standardSize
    var weight = SpriteEntry.standardWeight
    var tint: RGB? = nil

    /// `Sprite.init`'s defaults, which an entry that leaves size or weight out gets.
    static let standardSize = 28.0
    static let standardWeight = 1.0
    /// Weights are relative; a bound keeps their sum, which the draw adds up, finite.
    static let maxWeight = 1_000.0
    /// The keys that say where the picture comes from: exactly one per entry.
    static let sourceKeys = ["emoji", "text", "image", "path"]
    static let keys = sourceKeys + ["font", "size", "weight", "tint"]

    static let allowed = "0 to \(Sprite.maxCount) sprites (none: no sprites), each an emoji string, or an object with one of "
        + "emoji, text (and optionally font), image (a PNG file, relative to the effect file's folder) or path (SVG path data), "
        + "and optionally size (pt, \(sizes), default \(standardSize.compactText)), weight (0 to \(maxWeight.compactText), default \(standardWeight.compactText); "
        + "at least one above 0) and tint (\"#rrggbb\"): see Sprites in docs/effect-files.md"
    static let sizes = "\(Sprite.sizes.lowerBound.compactText) to \(Sprite.sizes.upperBound.compactText)"

    init(source: Sprite.Source, size: Double = standardSize, weight: Double = standardWeight, tint: RGB? = nil) {
        self.source = source
        self.size = size
        self.weight = weight
        self.tint = tint
    }

    /// The entry a sprite is written as: its source as given, never its pixels.
    init(_ sprite: Sprite) {
        self.init(source: sprite.source, size: sprite.size, weight: sprite.weight, tint: sprite.tint)
    }

    /// The sprites of a `sprites` field: every entry checked, then each picture made, in order.
    static func sprites(_ field: FieldValue) throws -> [Sprite] {
        let items = try field.array()
        guard items.count <= Sprite.maxCount else {
            throw field.fail("\(items.count) sprites: give 0 to \(Sprite.maxCount)")
        }
        let entries = try items.map(read)
        guard entries.isEmpty || entries.contains(where: { $0.entry.weight > 0 }) else {
            throw field.fail("every weight is 0: at least one sprite needs a weight above 0")
        }
        return try entries.map { entry, origin in
            do {
                return try entry.sprite(relativeTo: origin.directory)
            } catch let error as SpriteError {
                // Named by the value the picture was to be made from: `sprites[1].emoji`.
                throw origin.fail(error.description)
            }
        }
    }

    /// The sprite, made now: the picture rasterised or read, an image path taken relative to
    /// `directory`.
    func sprite(relativeTo directory: String?) throws -> Sprite {
        try Sprite(source, size: size, weight: weight, tint: tint, relativeTo: directory)
    }

    /// The entry `field` holds, checked, and the value its source came from (for a message
    /// from making its picture): a string is an emoji of the default size and weight.
    static func read(_ field: FieldValue) throws -> (entry: SpriteEntry, origin: FieldValue) {
        let members: [JSONMember]
        switch field.value.kind {
        case .string(let emoji): return (SpriteEntry(source: .emoji(emoji)), field)
        case .object(let given): members = given
        case .null: throw field.fail("null where a sprite is required: give an emoji string, or an object with one of \(sourceList)")
        default: throw field.fail("wrong type: expected a sprite, an emoji string or an object, found \(field.value.typeName)")
        }
        var given: [String: FieldValue] = [:]
        for member in members {
            let value = field.member(printable(member.key), member.value)
            guard keys.contains(member.key) else {
                if member.key == "picture" {
                    throw value.fail("a picture an app made itself cannot be read from a file: give one of \(sourceList)")
                }
                let hint = member.key.count <= 64 ? didYouMean(member.key, in: keys) : ""
                throw EffectError(file: nil, path: value.path, message: "unknown field.\(hint) Known fields: \(keys.joined(separator: ", ")). (\(member.keyPosition))")
            }
            given[member.key] = value
        }
        let sources = sourceKeys.filter { given[$0] != nil }
        guard let key = sources.first else {
            throw field.fail("no picture: give one of \(sourceList)")
        }
        guard sources.count == 1 else {
            throw field.fail("\(sources.joined(separator: " and ")) in one sprite: give exactly one of \(sourceList)")
        }
        let origin = given[key]!
        let text = try origin.string()
        if let font = given["font"], key != "text" {
            throw font.fail("font is for a text sprite, and this one is \(key == "emoji" || key == "image" ? "an" : "a") \(key): leave font out, or give text")
        }
        let font = try given["font"]?.string()
        let source: Sprite.Source = switch key {
        case "emoji": .emoji(text)
        case "text": .text(text, font: font)
        case "image": .image(path: text)
        default: .path(text)
        }
        var entry = SpriteEntry(source: source)
        if let size = given["size"] {
            entry.size = try size.number()
            guard Sprite.sizes.contains(entry.size) else { throw size.fail("\(size.text) is not allowed: \(sizes) pt") }
        }
        if let weight = given["weight"] {
            entry.weight = try weight.number()
            guard (0...maxWeight).contains(entry.weight) else {
                throw weight.fail("\(weight.text) is not allowed: a weight from 0 to \(maxWeight.compactText)")
            }
        }
        entry.tint = try given["tint"]?.color()
        return (entry, origin)
    }

    static let sourceList = "emoji, text, image or path"

    /// As a file writes it: a plain emoji as its string, anything else as an object of its
    /// source, size, weight and tint. A picture an app made itself has no source a file can
    /// say; `EffectFile.encode` only writes effects from files and presets, but rather than
    /// drop such a sprite silently (another list, other draws) or stop the program, it writes
    /// `{"picture": "WxH", …}`, which says what was there and which reading refuses by name.
    var json: JSONText {
        if case .emoji(let emoji) = source, size == Self.standardSize, weight == Self.standardWeight, tint == nil {
            return .string(emoji)
        }
        var members: [(String, JSONText)] = switch source {
        case .emoji(let emoji): [("emoji", .string(emoji))]
        case .text(let text, let font): [("text", .string(text))] + (font.map { [("font", JSONText.string($0))] } ?? [])
        case .image(let path): [("image", .string(path))]
        case .path(let d): [("path", .string(d))]
        case .picture(let image): [("picture", .string("\(image.width)x\(image.height)"))]
        }
        members += [("size", .number(size)), ("weight", .number(weight))]
        if let tint { members.append(("tint", .string(tint.hex))) }
        return .object(members)
    }
}
