import FoundationEssentials
import Glibc

/// Where effects are found by name besides the built-in presets, as XDG says where such files
/// live: the user's own in `$XDG_CONFIG_HOME/confetti/effects/` (`~/.config` when unset), then
/// what packages ship in `confetti/effects/` under each of `$XDG_DATA_DIRS`
/// (`/usr/local/share:/usr/share` when unset). An effect there is the file `NAME.json`; the
/// first folder that has something at that path holds it, a link that leads nowhere included,
/// so that reading it says what is wrong rather than a later folder's file playing instead.
package struct EffectFolders: Sendable {
    /// Whose a folder is.
    package enum Place: String, Sendable {
        /// The user's own effects.
        case user
        /// Effects a package shipped.
        case shared
    }

    /// One folder looked in, in order.
    package struct Folder: Sendable, Equatable {
        package var path: String
        package var place: Place

        package init(path: String, place: Place) {
            self.path = path
            self.place = place
        }
    }

    /// The folders, in the order they are looked in.
    package var folders: [Folder]

    /// What an effect file in a folder is named after its effect's name.
    package static let fileExtension = ".json"
    /// Below each XDG base folder.
    package static let subfolder = "confetti/effects"
    /// `$XDG_DATA_DIRS` when it is unset or empty, as the XDG base directory specification says.
    package static let standardDataDirectories = "/usr/local/share:/usr/share"
    /// Names a folder's listing takes at most; the rest are counted in one line. Listing reads
    /// every file it takes (up to `EffectFile.maxBytes` each), so this bounds what it reads.
    package static let maxListed = 500
    /// Entries a folder's listing looks at at most: a folder of millions of files is not read
    /// to its end.
    package static let maxEntries = 100_000

    /// No folders: the built-in presets alone (the library an app embeds).
    package static let none = EffectFolders(folders: [])

    package init(folders: [Folder]) {
        self.folders = folders
    }

    /// The folders XDG gives in `environment`: relative paths in its variables are ignored, as
    /// the specification asks.
    package init(environment: [String: String]) {
        var folders: [Folder] = []
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            folders.append(Folder(path: Self.joined(config, Self.subfolder), place: .user))
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folders.append(Folder(path: Self.joined(Self.joined(home, ".config"), Self.subfolder), place: .user))
        }
        let data = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.standardDataDirectories
        for base in data.split(separator: ":").map(String.init) where base.hasPrefix("/") {
            let folder = Folder(path: Self.joined(base, Self.subfolder), place: .shared)
            if !folders.contains(folder) { folders.append(folder) }
        }
        self.folders = folders
    }

    /// The folders this process's environment gives.
    package static var standard: EffectFolders {
        EffectFolders(environment: ProcessInfo.processInfo.environment)
    }

    /// The user's folder, where `confetti presets NAME --save NEW` writes; nil when neither
    /// XDG_CONFIG_HOME nor HOME is an absolute path.
    package var userFolder: String? {
        folders.first { $0.place == .user }?.path
    }

    /// The file that holds the effect `name` (a plain name, `EffectReference.isName`): the first
    /// folder with anything at `NAME.json`. Looks at one path per folder, reads nothing.
    package func file(named name: String) -> (path: String, place: Place)? {
        guard EffectReference.isName(name) else { return nil }
        for folder in folders {
            let path = Self.joined(folder.path, name + Self.fileExtension)
            var info = stat()
            if lstat(path, &info) == 0 { return (path, folder.place) }
        }
        return nil
    }

    /// The names of the effects in the folders, the first folder's where two hold one name,
    /// sorted: what completions offer and refusals suggest. Reads no file.
    package func names() -> [String] {
        var seen = Set<String>()
        var names: [String] = []
        for folder in folders {
            for entry in Self.entries(of: folder.path).names where seen.insert(entry).inserted {
                names.append(entry)
            }
        }
        return names.sorted()
    }

    /// One folder's effect names, sorted, with a line for each file skipped and for the folder
    /// itself when it cannot be listed. A folder that is not there is no effects and no line.
    package static func entries(of path: String) -> (names: [String], notes: [String]) {
        let shown = InputFile.display(path)
        var info = stat()
        guard stat(path, &info) == 0 else {
            return ([], errno == ENOENT ? [] : ["\(shown): cannot look in it: \(InputFile.reason(errno))"])
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return ([], ["\(shown): \(InputFile.typeName(info.st_mode).replacing("it is ", with: "")), not a folder of effects: skipped"])
        }
        guard let directory = opendir(path) else {
            return ([], ["\(shown): cannot look in it: \(InputFile.reason(errno))"])
        }
        defer { closedir(directory) }
        var names: [String] = []
        var notes: [String] = []
        var looked = 0
        while looked < maxEntries, let entry = readdir(directory) {
            looked += 1
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard bytes.count > fileExtension.utf8.count, bytes.suffix(fileExtension.utf8.count).elementsEqual(fileExtension.utf8), bytes.first != UInt8(ascii: ".") else { continue }
            guard let file = String(validating: bytes, as: UTF8.self) else {
                let escaped = bytes.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16, uppercase: true) }.joined()
                notes.append("\(shown)/\(printable(escaped, limit: 80)): skipped: its name is not UTF-8 text")
                continue
            }
            let name = String(file.dropLast(fileExtension.count))
            guard EffectReference.isName(name) else {
                notes.append("\(shown)/\(printable(file, limit: 80)): skipped: \(EffectReference.nameRule)")
                continue
            }
            names.append(name)
        }
        if looked == maxEntries, readdir(directory) != nil {
            notes.append("\(shown): more than \(maxEntries) entries; the rest are not looked at")
        }
        return (names.sorted(), notes)
    }

    /// `base/name`, one slash between them.
    package static func joined(_ base: String, _ name: String) -> String {
        base.hasSuffix("/") ? base + name : base + "/" + name
    }
}
