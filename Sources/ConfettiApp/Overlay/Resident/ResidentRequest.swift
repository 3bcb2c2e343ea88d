import ConfettiCore

/// One request to the resident overlay: a JSON object on one line, `{"fire": {…}}`,
/// `{"stop": {}}` or `{"status": {}}`. Every member is checked; anything else is refused
/// with a one-line reason, which the overlay sends back as `{"ok": false, "error": …}`.
package enum ResidentRequest: Sendable {
    case fire(Fire)
    case stop
    case status

    /// A launch to play: a preset by name or an effect document, with where and how.
    package struct Fire: Sendable {
        package enum Source: Sendable {
            case preset(String)
            /// An effect document as in an effect file, paths in it absolute (`confetti fire`
            /// resolves them).
            case effect(JSONValue)
        }
        package var source: Source
        /// Where its button is, in desktop layout points; nil: the middle of `output` (or of the desktop).
        package var at: (Double, Double)?
        /// The output it plays on, by name; nil: the one `at` is on, or the first.
        package var output: String?
        package var seed: UInt64?
        package var mute = false
        /// nil: as the desktop asks (`DesktopMotionPreference`).
        package var reducedMotion: Bool?

        package init(source: Source, at: (Double, Double)? = nil, output: String? = nil, seed: UInt64? = nil, mute: Bool = false, reducedMotion: Bool? = nil) {
            self.source = source
            self.at = at
            self.output = output
            self.seed = seed
            self.mute = mute
            self.reducedMotion = reducedMotion
        }
    }

    /// The longest request line, newline excluded: an effect file's limit and room for the rest
    /// (the request around it; `confetti fire` sends the effect as read, every field written
    /// out), so that every effect file a command accepts can be fired.
    package static let maxLineBytes = EffectFile.maxBytes + (64 << 10)

    /// The request `line` holds, or a `ResidentError` saying what is wrong with it.
    package static func decode(_ line: [UInt8]) throws -> ResidentRequest {
        let root: JSONValue
        guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else {
            throw ResidentError("a line with no request (empty, or only white space) ends the connection: send one JSON object per line, such as {\"fire\": {\"preset\": \"confetti\"}}")
        }
        do {
            root = try JSON.parse(line, maxBytes: maxLineBytes, document: "the request line")
        } catch let error as JSONSyntaxError {
            throw ResidentError("the request is not valid JSON (\(error.message) at column \(error.position.column)): send one JSON object per line, such as {\"fire\": {\"preset\": \"confetti\"}}")
        }
        guard let members = root.objectValue, members.count == 1 else {
            throw ResidentError("a request is a JSON object with one member: fire, stop or status")
        }
        let name = members[0].key
        guard let fields = members[0].value.objectValue else {
            throw ResidentError("\(printable(name, limit: 40)) must be a JSON object")
        }
        switch name {
        case "stop", "status":
            guard fields.isEmpty else { throw ResidentError("\(name) takes no fields: send {\"\(name)\": {}}") }
            return name == "stop" ? .stop : .status
        case "fire":
            return .fire(try decodeFire(members[0].value))
        default:
            throw ResidentError("unknown request \(printable(name, limit: 40)): fire, stop or status")
        }
    }

    private static let fireFields = ["preset", "effect", "at", "output", "seed", "mute", "reducedMotion"]

    private static func decodeFire(_ body: JSONValue) throws -> Fire {
        if let unknown = body.objectValue!.map(\.key).first(where: { !fireFields.contains($0) }) {
            throw ResidentError("fire has no field \(printable(unknown, limit: 40)): \(fireFields.joined(separator: ", "))")
        }
        let source: Fire.Source
        switch (body.member("preset")?.value, body.member("effect")?.value) {
        case (let preset?, nil):
            guard let name = preset.stringValue else { throw ResidentError("fire's preset is a preset's name") }
            source = .preset(name)
        case (nil, let effect?):
            guard effect.objectValue != nil else { throw ResidentError("fire's effect is an effect document, a JSON object as in an effect file") }
            source = .effect(effect)
        default:
            throw ResidentError("fire needs one of preset (a name) or effect (an effect document)")
        }
        var fire = Fire(source: source)
        if let at = body.member("at")?.value {
            guard let pair = at.arrayValue, pair.count == 2, let x = pair[0].numberValue, let y = pair[1].numberValue, x.isFinite, y.isFinite else {
                throw ResidentError("fire's at is [x, y], two numbers in desktop points")
            }
            fire.at = (x, y)
        }
        if let output = body.member("output")?.value {
            guard let name = output.stringValue else { throw ResidentError("fire's output is an output's name") }
            fire.output = name
        }
        if let seed = body.member("seed")?.value {
            guard let value = seed.numberValue, value >= 0, value <= 9_007_199_254_740_992, value == value.rounded() else {
                throw ResidentError("fire's seed is a whole number from 0 to 2^53")
            }
            fire.seed = UInt64(value)
        }
        if let mute = body.member("mute")?.value {
            guard let flag = mute.boolValue else { throw ResidentError("fire's mute is true or false") }
            fire.mute = flag
        }
        if let reduced = body.member("reducedMotion")?.value {
            guard let flag = reduced.boolValue else { throw ResidentError("fire's reducedMotion is true or false") }
            fire.reducedMotion = flag
        }
        return fire
    }

    /// The stop request as one line.
    package static let stopLine = #"{"stop":{}}"#
    /// The status request as one line.
    package static let statusLine = #"{"status":{}}"#

    /// A fire request as one line (no newline), which `decode` reads back: a preset by name, or
    /// `effectDocument`, an effect file's JSON.
    package static func fireLine(preset: String? = nil, effectDocument: JSONText? = nil, at: (Double, Double)? = nil, output: String? = nil,
                                 seed: UInt64? = nil, mute: Bool = false, reducedMotion: Bool? = nil) -> String {
        var fields: [(String, JSONText)] = []
        if let preset { fields.append(("preset", .string(preset))) }
        if let effectDocument { fields.append(("effect", effectDocument)) }
        if let at { fields.append(("at", .array([.number(at.0), .number(at.1)]))) }
        if let output { fields.append(("output", .string(output))) }
        if let seed { fields.append(("seed", .number(Double(seed)))) }
        if mute { fields.append(("mute", .bool(true))) }
        if let reducedMotion { fields.append(("reducedMotion", .bool(reducedMotion))) }
        return JSONText.object([("fire", .object(fields))]).render(inline: true)
    }
}

/// One reply of the resident overlay: `{"ok": true, …}` or `{"ok": false, "error": "one line"}`.
package struct ResidentReply: Sendable {
    /// Its members, as read.
    package var members: [JSONMember]

    /// Whether the request was accepted.
    package var ok: Bool { members.first { $0.key == "ok" }?.value.boolValue == true }
    /// The refusal's one line.
    package var error: String? { self["error"]?.stringValue }

    package subscript(_ key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    /// A member that is a whole number.
    package func integer(_ key: String) -> Int? { self[key]?.numberValue.flatMap { Int(exactly: $0) } }

    /// A refusal, as one line.
    package static func refused(_ reason: String) -> String {
        JSONText.object([("ok", .bool(false)), ("error", .string(reason.split(whereSeparator: \.isNewline).joined(separator: " ")))]).render(inline: true)
    }

    /// An acceptance with `fields`, as one line.
    package static func accepted(_ fields: [(String, JSONText)] = []) -> String {
        JSONText.object([("ok", .bool(true))] + fields).render(inline: true)
    }

    /// The reply `line` holds: nil when it is no reply at all (not a JSON object with a boolean "ok").
    package init?(_ line: String) {
        guard let root = try? JSON.parse(Array(line.utf8)), let members = root.objectValue,
              members.first(where: { $0.key == "ok" })?.value.boolValue != nil else { return nil }
        self.members = members
    }
}
