import ConfettiApp
import ConfettiCore
import Foundation
import Glibc
import Testing
import TestSupport

/// `EffectReference`, the one way a name becomes an effect, and `EffectFolders`, where named
/// effects live: in process, with folders made for each test.
@Suite struct EffectReferenceTests {
    /// A user's folder and a shared one in a scratch folder of their own.
    final class Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-names-\(UUID())")
        var user: URL { root.appendingPathComponent("config/confetti/effects") }
        var shared: URL { root.appendingPathComponent("data/confetti/effects") }
        var environment: [String: String] { ["XDG_CONFIG_HOME": root.appendingPathComponent("config").path, "XDG_DATA_DIRS": root.appendingPathComponent("data").path] }
        var folders: EffectFolders { EffectFolders(environment: environment) }

        init() throws {
            try FileManager.default.createDirectory(at: user, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        }

        deinit {
            chmod(user.path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }

        @discardableResult
        func write(_ text: String, _ name: String, in folder: URL? = nil) throws -> URL {
            let url = (folder ?? user).appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            return url
        }
    }

    static let party = #"{"kind": "confetti", "confetti": {"count": 77}}"#

    @Test func anArgumentIsANameAPathOrStandardInput() {
        func kind(_ argument: String) -> String {
            switch EffectReference(argument) {
            case .name: "name"
            case .nameOrFile: "name or file"
            case .file: "file"
            case .standardInput: "standard input"
            case .document: "document"
            }
        }
        #expect(kind("-") == "standard input")
        for name in ["party", "Party_2", "my-show", "a"] { #expect(kind(name) == "name or file", "\(name)") }
        for path in ["./party", "/tmp/x", "party.json", "a/b"] { #expect(kind(path) == "file", "\(path)") }
        for word in ["my show", "_x", "-x", "café", String(repeating: "a", count: 65)] {
            #expect(!EffectReference.isName(word), "\(word)")
        }
        #expect(EffectReference.isName(String(repeating: "a", count: 64)))
    }

    /// The GNOME extension checks Fire's name by the same rule, written out in its script.
    @Test func theExtensionChecksNamesByTheSameRule() throws {
        let host = try String(contentsOf: Repository.file("Extensions/gnome-shell/host.js"), encoding: .utf8)
        #expect(host.contains("const EFFECT_NAME = /\(EffectReference.namePattern)/;"), "host.js's EFFECT_NAME is not /\(EffectReference.namePattern)/")
    }

    /// XDG's defaults, and relative paths in its variables ignored as the specification asks.
    @Test func theFoldersAreXDGs() {
        let standard = EffectFolders(environment: ["HOME": "/home/u"])
        #expect(standard.folders == [.init(path: "/home/u/.config/confetti/effects", place: .user),
                                     .init(path: "/usr/local/share/confetti/effects", place: .shared),
                                     .init(path: "/usr/share/confetti/effects", place: .shared)])
        let given = EffectFolders(environment: ["HOME": "/home/u", "XDG_CONFIG_HOME": "/c", "XDG_DATA_DIRS": "relative:/d/:/e:/d/"])
        #expect(given.folders.map(\.path) == ["/c/confetti/effects", "/d/confetti/effects", "/e/confetti/effects"])
        #expect(EffectFolders(environment: ["XDG_CONFIG_HOME": "rel"]).userFolder == nil)
    }

    /// The user's folder first, then the shared ones; built-in names win, naming the file they
    /// hide; pictures are relative to the file.
    @Test func namesAreFoundInOrderAndBuiltInsWin() throws {
        let folders = try Folders()
        try folders.write(Self.party, "party.json")
        try folders.write(#"{"kind": "confetti", "confetti": {"count": 5}}"#, "party.json", in: folders.shared)
        try folders.write(EffectFile.encode(.peony), "show2.json", in: folders.shared)
        let hidden = try folders.write("{}", "confetti.json")

        let party = try EffectReference("party").resolve(among: folders.folders)
        #expect(party.effect.confetti.count == 77 && party.place == .user && party.file == folders.user.appendingPathComponent("party.json").path)
        let show2 = try EffectReference("show2").resolve(among: folders.folders)
        #expect(show2.effect.kind == .shell && show2.place == .shared && show2.name == "show2")
        let confetti = try EffectReference("confetti").resolve(among: folders.folders)
        #expect(confetti.file == nil && confetti.shadowed == hidden.path)
        #expect(confetti.shadowWarning?.contains(hidden.path) == true && confetti.shadowWarning?.contains("built-in") == true)
        // The library looks in no folder.
        #expect(throws: UnknownEffect.self) { try EffectReference.name("party").resolve(among: .none) }

        // A picture's path is the file's folder's, wherever the command runs.
        try folders.write(#"{"kind": "confetti", "confetti": {"sprites": [{"image": "duck.png"}]}}"#, "duck.json")
        let error = #expect(throws: EffectError.self) { try EffectReference("duck").resolve(among: folders.folders) }
        #expect(error?.description.contains(folders.user.appendingPathComponent("duck.png").path) == true, "\(String(describing: error))")
    }

    /// "unknown preset" and "unknown effect" are composed in one place: `UnknownEffect`.
    @Test func theRefusalOfAnUnknownNameIsComposedOnce() throws {
        let sources = Repository.file("Sources")
        var homes: [String: [String]] = [:]
        for case let url as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)! where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for phrase in ["\"unknown preset '", "\"unknown effect '"] where text.contains(phrase) {
                homes[phrase, default: []].append(url.lastPathComponent)
            }
        }
        #expect(homes == ["\"unknown preset '": ["EffectReference.swift"], "\"unknown effect '": ["EffectReference.swift"]], "\(homes)")
        let folders = try Folders()
        try folders.write(Self.party, "party.json")
        let refusal = "\(UnknownEffect(name: "partey", folders: folders.folders))"
        #expect(refusal.hasPrefix("unknown effect 'partey'") && refusal.contains("party") && refusal.contains("Did you mean 'party'?"), "\(refusal)")
        #expect("\(UnknownEffect(name: "confeti", folders: .none))".hasPrefix("unknown preset 'confeti': confetti, classic"))
    }

    /// A folder that is a file, one that loops, a name of 10,000 characters, names differing in
    /// case only, names that are not UTF-8 or not plain: one line each, or skipped with one.
    @Test func hostileFoldersAndNamesEndInOneLine() throws {
        let folders = try Folders()
        // The shared folder is a file; the user's holds two names that differ in case only, a
        // name that is not UTF-8 and one with a space.
        try FileManager.default.removeItem(at: folders.shared)
        try "not a folder".write(to: folders.shared, atomically: true, encoding: .utf8)
        try folders.write(Self.party, "party.json")
        try folders.write(#"{"kind": "confetti", "confetti": {"count": 11}}"#, "Party.json")
        try folders.write(Self.party, "my show.json")
        let latin1 = (Array((folders.user.path + "/caf").utf8) + [0xFF] + Array(".json".utf8) + [0]).map { CChar(bitPattern: $0) }
        let fd = open(latin1, O_CREAT | O_WRONLY, 0o644)
        #expect(fd >= 0)
        close(fd)

        let listing = PresetList.listing(folders: folders.folders)
        #expect(listing.entries.map(\.name) == ["Party", "party"], "\(listing.entries.map(\.name))")
        #expect(try EffectReference("Party").resolve(among: folders.folders).effect.confetti.count == 11)
        #expect(try EffectReference("party").resolve(among: folders.folders).effect.confetti.count == 77)
        #expect(listing.notes.contains { $0.contains("my show.json: skipped: a name is") }, "\(listing.notes)")
        #expect(listing.notes.contains { $0.contains("caf\\xFF.json: skipped: its name is not UTF-8") }, "\(listing.notes)")
        #expect(listing.notes.contains { $0.hasPrefix(folders.shared.path) && $0.contains("not a folder of effects") }, "\(listing.notes)")
        #expect(listing.notes.allSatisfy { !$0.contains("\n") })

        // A name of 10,000 characters: the one refusal, cut short, no suggestion.
        let long = String(repeating: "p", count: 10_000)
        let refusal = "\(#expect(throws: UnknownEffect.self) { try EffectReference(long).resolve(among: folders.folders) }!)"
        #expect(refusal.count < 2_000 && refusal.contains("…") && !refusal.contains("Did you mean"), "\(refusal.prefix(300))")

        // The user's folder is a loop of links.
        try FileManager.default.removeItem(at: folders.user)
        #expect(symlink(folders.user.path, folders.user.path) == 0)
        let looped = PresetList.listing(folders: folders.folders)
        #expect(looped.entries.isEmpty && looped.notes.contains { $0.contains("a loop of symbolic links") }, "\(looped.notes)")
        #expect(throws: UnknownEffect.self) { try EffectReference("party").resolve(among: folders.folders) }
    }

    /// A named file of 1 GB (sparse) and a link that loops, by name: refused unread, in one line;
    /// listed as broken with the same line.
    @Test func aHugeOrLoopingNamedFileIsRefusedUnread() throws {
        let folders = try Folders()
        let huge = folders.user.appendingPathComponent("huge.json")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, 1_000_000_000) == 0)
        #expect(symlink("loop.json", folders.user.appendingPathComponent("loop.json").path) == 0)
        _ = Effect.presets
        var message = ""
        let cost = ThreadCost.of {
            do { _ = try EffectReference("huge").resolve(among: folders.folders) } catch { message = "\(error)" }
        }
        #expect(message == "\(huge.path) is 1,000,000,000 bytes; the limit for an effect file is 1 MiB", "\(message)")
        #expect(cost.bytesRead < 64 << 10, "\(cost)")
        let loop = "\(#expect(throws: EffectError.self) { try EffectReference("loop").resolve(among: folders.folders) }!)"
        #expect(loop.contains("a loop of symbolic links"), "\(loop)")

        var listing: PresetList.Listing?
        let listed = ThreadCost.of { listing = PresetList.listing(folders: folders.folders) }
        #expect(listed.bytesRead < 64 << 10, "\(listed)")
        let marked = (listing?.lines ?? []).filter { $0.hasPrefix("huge ") || $0.hasPrefix("loop ") }
        #expect(marked.count == 2 && marked.allSatisfy { $0.contains("broken: ") }, "\(listing?.lines.suffix(4) ?? [])")
    }

    /// Ten thousand files: named effects still play by name at once; the listing takes its
    /// first `maxListed` and counts the rest in one line.
    @Test func tenThousandFilesAreListedUpToTheLimit() throws {
        let folders = try Folders()
        let made = (0..<10_000).filter { FileManager.default.createFile(atPath: folders.user.appendingPathComponent(String(format: "e%05d.json", $0)).path, contents: Data(Self.party.utf8)) }
        #expect(made.count == 10_000)
        #expect(try EffectReference("e09999").resolve(among: folders.folders).effect.confetti.count == 77)
        let listing = PresetList.listing(folders: folders.folders)
        #expect(listing.entries.count == EffectFolders.maxListed)
        #expect(listing.lines.last == "… and \(10_000 - EffectFolders.maxListed) more, not listed (at most \(EffectFolders.maxListed) a folder)", "\(listing.lines.last ?? "")")
        #expect(EffectCompletion.candidates("e0999", folders: folders.folders) == (9990...9999).map { "e0\($0)" })
    }

    /// `--save` writes into the user's folder (made when missing), refuses to replace a file
    /// without force, and a copy of a file finds its pictures from its new folder.
    @Test func saveWritesIntoTheUsersFolder() throws {
        let folders = try Folders()
        try FileManager.default.removeItem(at: folders.user)
        let path = try PresetList.save("confetti", as: "party", force: false, folders: folders.folders)
        #expect(path == folders.user.appendingPathComponent("party.json").path)
        #expect(try EffectReference("party").resolve(among: folders.folders).effect.confetti.count == Effect.confetti.confetti.count)
        #expect(throws: OptionRefusal("\(path) is already there: give --force to replace it")) { try PresetList.save("peony", as: "party", force: false, folders: folders.folders) }
        #expect(try EffectReference("party").resolve(among: folders.folders).effect.kind == .confetti)
        _ = try PresetList.save("peony", as: "party", force: true, folders: folders.folders)
        #expect(try EffectReference("party").resolve(among: folders.folders).effect.kind == .shell)
        #expect(throws: OptionRefusal.self) { try PresetList.save("peony", as: "rain", force: true, folders: folders.folders) }
        #expect(throws: OptionRefusal.self) { try PresetList.save("peony", as: "../x", force: true, folders: folders.folders) }
        // No temporary file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folders.user.path) == ["party.json"])

        // A picture beside the file it is copied from: the copy names its full path.
        // The paths are made absolute on the effect read, its pictures kept as made.
        let absolute = Repository.file("docs/fireworks.png").path
        try FileManager.default.createDirectory(at: folders.shared, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: absolute, toPath: folders.shared.appendingPathComponent("duck.png").path)
        let pictured = try folders.write(#"{"kind": "confetti", "confetti": {"sprites": [{"image": "duck.png"}, {"image": "\#(absolute)"}]}}"#, "pictured.json", in: folders.shared)
        let copied = try PresetList.effectFile(pictured.path, folders: folders.folders)
        #expect(copied.contains("\"\(folders.shared.path)/duck.png\"") && copied.contains("\"\(absolute)\""), "\(copied)")
        let read = try EffectFile.decode(Data(copied.utf8), file: "the copy")
        #expect(read.confetti.sprites.map(\.image) == (try EffectReference.file(pictured.path).resolve(among: .none)).effect.confetti.sprites.map(\.image))
    }
}
