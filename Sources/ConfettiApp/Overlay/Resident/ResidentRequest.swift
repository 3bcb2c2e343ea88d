import ConfettiCore
import Foundation

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

    /// The longest request line, newline excluded: an effect file's limit and room for the rest.
    package static let maxLineBytes = 1 << 20

    /// The request `line` holds, or a `ResidentError` saying what is wrong with it.
    package static func decode(_ line: [UInt8]) throws -> ResidentRequest {
        let root: JSONValue
        do {
            root = try JSON.parse(line, maxBytes: maxLineBytes)
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
    /// `effectDocument`, an effect file's text, whose line breaks (JSON whitespace, since a
    /// string in it holds none raw) become spaces.
    package static func fireLine(preset: String? = nil, effectDocument: String? = nil, at: (Double, Double)? = nil, output: String? = nil,
                                 seed: UInt64? = nil, mute: Bool = false, reducedMotion: Bool? = nil) -> String {
        var fields: [String: Any] = [:]
        if let preset { fields["preset"] = preset }
        if let at { fields["at"] = [at.0, at.1] }
        if let output { fields["output"] = output }
        if let seed { fields["seed"] = NSNumber(value: seed) }
        if mute { fields["mute"] = true }
        if let reducedMotion { fields["reducedMotion"] = reducedMotion }
        var body = ResidentReply.text(fields)
        if let effectDocument {
            let document = effectDocument.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
            body = "{\"effect\":" + document + (fields.isEmpty ? "" : ",") + body.dropFirst()
        }
        return "{\"fire\":" + body + "}"
    }
}

/// One reply of the resident overlay: `{"ok": true, …}` or `{"ok": false, "error": "one line"}`.
package enum ResidentReply {
    /// A refusal.
    package static func refused(_ reason: String) -> String {
        text(["ok": false, "error": reason.replacingOccurrences(of: "\n", with: " ")])
    }

    /// An acceptance with `fields`.
    package static func accepted(_ fields: [String: Any] = [:]) -> String {
        text(fields.merging(["ok": true]) { _, ok in ok })
    }

    /// `object` as one line of JSON, keys sorted.
    static func text(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{\"ok\":false}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The reply `line` holds: nil when it is no reply at all.
    package static func decode(_ line: String) -> [String: Any]? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], object["ok"] is Bool else { return nil }
        return object
    }
}
