@testable import ConfettiCore
import Foundation
import Testing
import TestSupport

/// The `sprites` field of an effect file: every entry checked before any picture is made, each
/// error named by its path, and what reaches `Sprite(_:size:weight:tint:relativeTo:)`.
///
/// Emoji, text, PNG and SVG sources are made by rasterisers that may or may not be built in:
/// where a test hands a valid entry to the seam it accepts either outcome, a sprite with the
/// entry's numbers or a `SpriteError` named by the entry's path, so that it holds both ways.
@Suite(.tags(.fileFormat)) struct SpriteFieldTests {
    func decode(_ confetti: String, directory: String? = nil) throws -> Effect {
        try EffectFile.decode(Data(#"{"kind": "confetti", "confetti": {\#(confetti)}}"#.utf8), file: "e.json", directory: directory)
    }

    func message(_ confetti: String, directory: String? = nil) -> String {
        do {
            _ = try decode(confetti, directory: directory)
            return "accepted"
        } catch {
            return "\(error)"
        }
    }

    /// The entry `json` reads as, not yet made into a picture.
    func readEntry(_ json: String, directory: String? = nil) throws -> (entry: SpriteEntry, origin: FieldValue) {
        let value = try JSON.parse(Array(json.utf8))
        return try SpriteEntry.read(FieldValue(value: value, path: "confetti.sprites[0]", directory: directory))
    }

    @Test func badEntriesAreRefusedWithTheirPathAndOneLine() {
        let cases: [(String, [String])] = [
            (#""sprites": [{"emoji": "🎉", "text": "2027"}]"#, ["e.json: confetti.sprites[0]: emoji and text in one sprite", "exactly one of emoji, text, image or path"]),
            (#""sprites": [{"size": 30}]"#, ["e.json: confetti.sprites[0]: no picture: give one of emoji, text, image or path"]),
            (#""sprites": [{"emoij": "🎉"}]"#, ["e.json: confetti.sprites[0].emoij: unknown field. Did you mean 'emoji'?", "Known fields: emoji, text, image, path, font, size, weight, tint"]),
            (#""sprites": ["🎉", {"emoji": "🎊"}, {"emoji": "✨", "size": 300}]"#, ["e.json: confetti.sprites[2].size: 300 is not allowed: 1 to 255 pt"]),
            (#""sprites": [{"emoji": "🎉", "size": 0.5}]"#, ["confetti.sprites[0].size: 0.5 is not allowed"]),
            (#""sprites": [{"emoji": "🎉", "weight": -1}]"#, ["confetti.sprites[0].weight: -1 is not allowed: a weight from 0 to 1000"]),
            (#""sprites": [{"emoji": "🎉", "weight": 1e300}]"#, ["confetti.sprites[0].weight", "not allowed"]),
            (#""sprites": [{"emoji": "🎉", "weight": 0}, {"emoji": "🎊", "weight": 0}]"#, ["e.json: confetti.sprites: every weight is 0"]),
            (#""sprites": [{"emoji": "🎉", "font": "DejaVu Sans"}]"#, ["confetti.sprites[0].font: font is for a text sprite, and this one is an emoji"]),
            (#""sprites": [{"path": "M0 0 L1 1 Z", "font": "DejaVu Sans"}]"#, ["confetti.sprites[0].font", "this one is a path"]),
            (#""sprites": "🎉""#, ["confetti.sprites: wrong type: expected an array, found a string"]),
            (#""sprites": [5]"#, ["confetti.sprites[0]: wrong type: expected a sprite, an emoji string or an object, found a number"]),
            (#""sprites": [null]"#, ["confetti.sprites[0]: null where a sprite is required"]),
            (#""sprites": [{"emoji": 5}]"#, ["confetti.sprites[0].emoji: wrong type: expected a string, found a number"]),
            (#""sprites": [{"emoji": "🎉", "size": "big"}]"#, ["confetti.sprites[0].size: wrong type: expected a number"]),
            (#""sprites": [{"text": "2027", "font": 3}]"#, ["confetti.sprites[0].font: wrong type: expected a string"]),
            (#""sprites": [{"emoji": "🎉", "tint": "red"}]"#, ["confetti.sprites[0].tint: 'red' is not a colour: write \"#rrggbb\""]),
            (#""sprites": [{"picture": "2x2"}]"#, ["confetti.sprites[0].picture: a picture an app made itself cannot be read from a file"]),
        ]
        for (fields, mentions) in cases {
            let text = message(fields)
            for word in mentions {
                #expect(text.contains(word), "\(fields): \(text)")
            }
            #expect(text.contains("(line 1, column "), "where: \(text)")
            #expect(!text.contains("\n"), "one line: \(text)")
        }
    }

    /// The count is checked first, then every entry, and only then is any picture made: a list
    /// too long, or a bad entry after a good one, is refused with no picture made (in this
    /// branch making one fails, so a message about the count or the later entry proves it).
    @Test func theCountAndEveryEntryAreCheckedBeforeAnyPictureIsMade() {
        let many = "[" + Array(repeating: #""🎉""#, count: Sprite.maxCount + 1).joined(separator: ", ") + "]"
        #expect(message(#""sprites": \#(many)"#).hasPrefix("e.json: confetti.sprites: 33 sprites: give 0 to 32"))
        #expect(message(#""sprites": ["🎉", {"emoji": "🎊", "weight": -2}]"#).hasPrefix("e.json: confetti.sprites[1].weight: -2 is not allowed"))
        #expect(message(#""sprites": [{"emoji": "🎉", "weight": 0}]"#).hasPrefix("e.json: confetti.sprites: every weight is 0"))
    }

    @Test func anEmptyListMeansNoSprites() throws {
        #expect(try decode(#""sprites": []"#).confetti.sprites.isEmpty)
        #expect(EffectFile.encode(.confetti).contains(#""sprites": []"#))
    }

    @Test func anEntryReachesTheSeamWithItsSourceSizeWeightTintAndFolder() throws {
        let (full, origin) = try readEntry(##"{"text": "2027", "font": "DejaVu Sans", "size": 48, "weight": 2, "tint": "#ffcc00"}"##, directory: "effects")
        #expect(full == SpriteEntry(source: .text("2027", font: "DejaVu Sans"), size: 48, weight: 2, tint: RGB(hex: 0xffcc00)))
        #expect(origin.path == "confetti.sprites[0].text" && origin.directory == "effects")
        let (plain, shorthand) = try readEntry(#""🎉""#)
        #expect(plain == SpriteEntry(source: .emoji("🎉"), size: 28, weight: 1, tint: nil))
        #expect(shorthand.path == "confetti.sprites[0]")
        #expect(try readEntry(#"{"image": "duck.png", "size": 40}"#).entry == SpriteEntry(source: .image(path: "duck.png"), size: 40))
        #expect(try readEntry(##"{"path": "M0 0 L10 0 L5 8 Z", "size": 24, "tint": "#ff3b30"}"##).entry
                == SpriteEntry(source: .path("M0 0 L10 0 L5 8 Z"), size: 24, tint: RGB(hex: 0xff3b30)))
    }

    /// Made or refused, a valid entry is the seam's: its sprite has the entry's numbers, or its
    /// `SpriteError` is named by the entry's source (`confetti.sprites[0].emoji: …`).
    @Test func aValidEntryIsMadeOrRefusedByThePicturesOwnMessage() throws {
        let sections: [(kind: String, section: String, sprites: (Effect) -> [Sprite])] = [
            ("confetti", "confetti", { $0.confetti.sprites }),
            ("classic", "classic", { $0.classic.firework.sprites }),
            ("fountain", "fountain", { $0.fountain.sprites }),
            ("shell", "shell", { $0.shell.shell.sprites }),
            ("celebration", "confetti", { $0.confetti.sprites }),
        ]
        for (kind, section, sprites) in sections {
            let text = #"{"kind": "\#(kind)", "\#(section)": {"sprites": ["🎊", {"emoji": "🎉", "size": 40, "weight": 3}]}}"#
            do {
                let effect = try EffectFile.decode(Data(text.utf8), file: "e.json")
                #expect(sprites(effect).map(\.source) == [.emoji("🎊"), .emoji("🎉")])
                #expect(sprites(effect).map(\.size) == [28, 40] && sprites(effect).map(\.weight) == [1, 3])
            } catch let error as EffectError {
                #expect(error.description.hasPrefix("e.json: \(section).sprites[0]: "), "\(error)")
                #expect(error.path == "\(section).sprites[0]")
            }
        }
    }

    @Test func aRelativeImageIsTheEffectFilesFoldersAndAnAbsoluteOneIsAsGiven() throws {
        #expect(Sprite.Source.resolvedPath("duck.png", relativeTo: "effects") == "effects/duck.png")
        #expect(Sprite.Source.resolvedPath("img/duck.png", relativeTo: "/home/me/effects/") == "/home/me/effects/img/duck.png")
        #expect(Sprite.Source.resolvedPath("/tmp/duck.png", relativeTo: "effects") == "/tmp/duck.png")
        #expect(Sprite.Source.resolvedPath("duck.png", relativeTo: nil) == "duck.png")
        #expect(Sprite.Source.resolvedPath("duck.png", relativeTo: "") == "duck.png")
        #expect(Sprite.Source.resolvedPath("", relativeTo: "effects") == "")

        // Through EffectReference: the file's folder, whatever the current directory. The image is
        // missing, so reading it fails with a message naming the path it tried.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-sprites-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("e.json")
        try #"{"kind": "confetti", "confetti": {"sprites": [{"image": "no-such-duck.png"}, {"image": "/no/such/duck.png"}]}}"#.write(to: file, atomically: true, encoding: .utf8)
        do {
            _ = try EffectReference(file.path).resolve(among: .none)
            Issue.record("a missing image was accepted")
        } catch {
            #expect("\(error)".hasPrefix("\(file.path): confetti.sprites[0].image: "), "\(error)")
            #expect("\(error)".contains(folder.path + "/no-such-duck.png"), "\(error)")
        }
        let absolute = message(#""sprites": [{"image": "/no/such/duck.png"}]"#, directory: folder.path)
        #expect(absolute.contains("/no/such/duck.png") && !absolute.contains(folder.path), "\(absolute)")
        // Standard input and tests: the current directory's.
        let standardInput = message(#""sprites": [{"image": "no-such-duck.png"}]"#)
        #expect(standardInput.hasPrefix("e.json: confetti.sprites[0].image: ") && standardInput.contains("no-such-duck.png") && !standardInput.contains("/no-such-duck.png"), "\(standardInput)")
    }

    /// What is written is the source, as given, and reads back as the same entry.
    @Test func everySourceIsWrittenAsGivenAndReadsBackTheSame() throws {
        let entries = [
            SpriteEntry(source: .emoji("🎉")),
            SpriteEntry(source: .emoji("👩‍👩‍👧"), size: 32, weight: 2),
            SpriteEntry(source: .text("2027", font: "DejaVu Sans"), size: 48, tint: RGB(hex: 0xffcc00)),
            SpriteEntry(source: .text("say \"hi\" \\ bye", font: nil), weight: 0.5),
            SpriteEntry(source: .image(path: "img/duck.png"), size: 40),
            SpriteEntry(source: .path("M0 0 L10 0\nL5 8\tZ"), size: 24.5, tint: RGB(hex: 0xff3b30)),
        ]
        for written in entries {
            let json = written.json.render(inline: true)
            #expect(!json.contains("\n"), "one line: \(json)")
            let (read, _) = try readEntry(json, directory: "elsewhere")
            #expect(read == written, "\(json)")
        }
        #expect(SpriteEntry(source: .emoji("🎉")).json.render(inline: true) == #""🎉""#, "a plain emoji is written short")
        #expect(entries[2].json.render(inline: true) == ##"{"text": "2027", "font": "DejaVu Sans", "size": 48, "weight": 1, "tint": "#ffcc00"}"##)
    }

    /// A picture an app made has no source a file can say: written as a note that reading
    /// refuses by name, rather than dropped or stopping the program.
    @Test func aPictureIsWrittenAsANoteThatReadingRefuses() throws {
        let image = SpriteImage(width: 3, height: 2, pixels: [UInt8](repeating: 255, count: 24), isMask: false)
        var effect = Effect.confetti
        effect.confetti.sprites = [try Sprite(.picture(image), size: 20)]
        let text = EffectFile.encode(effect)
        #expect(text.contains(#""sprites": [{"picture": "3x2", "size": 20, "weight": 1}]"#), "\(text)")
        do {
            _ = try EffectFile.decode(Data(text.utf8), file: "written.json")
            Issue.record("a picture note was read")
        } catch {
            #expect("\(error)".hasPrefix("written.json: confetti.sprites[0].picture: a picture an app made itself cannot be read from a file"), "\(error)")
        }
    }

    @Test func theWriterQuotesWhatTheReaderTakesBack() throws {
        let text = "a\"b\\c\nd\te\r\u{1}f🎉"
        let json = JSONText.string(text).render()
        #expect(json == #""a\"b\\c\nd\te\r\u0001f🎉""#)
        #expect(try JSON.parse(Array(json.utf8)).stringValue == text)
    }
}
