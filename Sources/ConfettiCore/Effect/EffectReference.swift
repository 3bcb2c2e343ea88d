import FoundationEssentials
import Glibc

/// How anything names an effect: every command's argument, the resident overlay's requests,
/// the GNOME extension's and the C library's. The one place a name becomes an `Effect`, and
/// the one place an unknown name is refused (`UnknownEffect`).
///
/// A name is a built-in preset's, else a user's or a shared effect's (`EffectFolders`); built-in
/// names win. A name is plain (`isName`); anything with a `/` or ending in `.json` is a path.
package enum EffectReference: Sendable {
    /// A preset's, a user's or a shared effect's name.
    case name(String)
    /// A word on a command line that is no path: a name, and when it names none, a file of that
    /// name in the current folder, as a path would.
    case nameOrFile(String)
    /// An effect file's path; paths in it are relative to its folder.
    case file(String)
    /// An effect file on standard input; paths in it are relative to the current folder.
    case standardInput
    /// An effect document already parsed (the resident overlay's request), called `name` in
    /// messages; paths in it are relative to `folder` (nil: the current folder).
    case document(JSONValue, name: String, folder: String?)

    /// What names standard input as the effect file on a command line.
    package static let standardInputArgument = "-"
    /// The longest name.
    package static let maxNameLength = 64
    /// What a name may be, in words, for messages and help.
    package static let nameRule = "a name is 1 to \(maxNameLength) letters, digits, - and _, starting with a letter or digit"
    /// The same rule as a regular expression, for the GNOME extension's check (JavaScript).
    package static let namePattern = "^[A-Za-z0-9][A-Za-z0-9_-]{0,\(maxNameLength - 1)}$"

    /// Where a name is looked up, in order: the one list the help of every option that takes
    /// an effect (`lookupText`), docs/cli.md and docs/effect-files.md (`lookupMarkdown`) give.
    package static let lookupOrder = [
        "a built-in preset (`confetti presets` lists them); built-in names win, and a file of the same name in an effects folder is named in a one-line warning",
        "`NAME.json` in `$XDG_CONFIG_HOME/confetti/effects/` (default `~/.config/confetti/effects/`): your own",
        "`NAME.json` in `confetti/effects/` under each folder of `$XDG_DATA_DIRS`, in order (default `/usr/local/share:/usr/share`): what packages ship",
        "a file of that name in the current folder",
    ]

    /// `lookupOrder` in one paragraph, for `--help`.
    package static let lookupText = "A name is looked up in order: " + lookupOrder.enumerated().map { "(\($0.offset + 1)) \($0.element.replacing("`", with: ""))" }.joined(separator: "; ")
        + ". \(nameRule.prefix(1).uppercased() + nameRule.dropFirst()); anything with a / or ending in .json is a path. Pictures in an effect file are relative to its folder."

    /// `lookupOrder` as a numbered Markdown list, for the docs.
    package static var lookupMarkdown: String {
        (lookupOrder.enumerated().map { "\($0.offset + 1). \($0.element.prefix(1).uppercased() + $0.element.dropFirst())." }
            + ["", "\(nameRule.prefix(1).uppercased() + nameRule.dropFirst()); anything with a `/` or ending in `.json` is a path, and `-` is standard input. Paths inside a named effect's file (a sprite's `image`) are relative to the file's folder. Each file is read within the limit of any effect file (\(JSON.sizeText(EffectFile.maxBytes))); `confetti presets` lists at most \(Budget.format(EffectFolders.maxListed)) names a folder and looks at no more than \(Budget.format(EffectFolders.maxEntries)) entries of one."]).joined(separator: "\n")
    }

    /// What a command-line argument names: `-` standard input; a plain name a name; anything
    /// else a path.
    package init(_ argument: String) {
        if argument == Self.standardInputArgument {
            self = .standardInput
        } else if argument.contains("/") || argument.hasSuffix(EffectFolders.fileExtension) {
            self = .file(argument)
        } else {
            self = .nameOrFile(argument)
        }
    }

    /// Whether `text` is a plain name (`nameRule`).
    package static func isName(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let first = scalars.first, scalars.count <= maxNameLength, first.isASCIIAlphanumeric else { return false }
        return scalars.allSatisfy { $0.isASCIIAlphanumeric || $0 == "-" || $0 == "_" }
    }

    /// The effect this names, looked up among the built-in presets and then in `folders`, read,
    /// checked and decoded; or the refusal that says why there is none. `checksLaunch` false:
    /// its launch is left to `Celebration.fire` to check against the budget (`EffectFile.read`).
    package func resolve(among folders: EffectFolders, checksLaunch: Bool = true) throws -> ResolvedEffect {
        switch self {
        case .name(let name), .nameOrFile(let name):
            if let preset = Effect.presets.first(where: { $0.name == name }) {
                var resolved = ResolvedEffect(effect: preset.effect, name: name, shadowed: folders.file(named: name)?.path)
                resolved.isPreset = true
                return resolved
            }
            if let found = folders.file(named: name) {
                var resolved = try Self.read(found.path, checksLaunch: checksLaunch)
                resolved.name = name
                resolved.place = found.place
                return resolved
            }
            // A file of that name here, or anything at the path (a link that loops or leads
            // nowhere is there too, and reading it says so, where a name would not).
            var info = stat()
            if case .nameOrFile = self, !name.isEmpty, lstat(name, &info) == 0 { return try Self.read(name, checksLaunch: checksLaunch) }
            throw UnknownEffect(name: name, folders: folders)
        case .file(let path):
            return try Self.read(path, checksLaunch: checksLaunch)
        case .standardInput:
            let data = try EffectFile.readStandardInput()
            return ResolvedEffect(effect: try EffectFile.decode(data, file: "standard input", checksLaunch: checksLaunch), name: "standard input")
        case .document(let document, let name, let folder):
            do {
                return ResolvedEffect(effect: try EffectFile.read(document, directory: folder, checksLaunch: checksLaunch), name: name)
            } catch var error as EffectError {
                error.file = name
                throw error
            }
        }
    }

    /// The effect file at `path`, named after the file, its pictures relative to its folder.
    static func read(_ path: String, checksLaunch: Bool) throws -> ResolvedEffect {
        let data: Data
        do {
            data = try InputFile.read(path, maxBytes: EffectFile.maxBytes, noun: "an effect file")
        } catch let error as InputFileError {
            throw EffectError(file: nil, path: "", message: error.description)
        }
        // Paths in the file are relative to its folder ("" for one in the current directory).
        let folder = InputFile.folder(of: path)
        let effect = try EffectFile.decode(data, file: path, directory: folder.isEmpty ? nil : folder, checksLaunch: checksLaunch)
        let base = path.split(separator: "/").last.map(String.init) ?? path
        let name = base.hasSuffix(EffectFolders.fileExtension) ? String(base.dropLast(EffectFolders.fileExtension.count)) : base
        return ResolvedEffect(effect: effect, name: name, file: path)
    }
}

/// An effect as a reference found it: the effect, what messages call it, and where it came from.
package struct ResolvedEffect: Sendable {
    package var effect: Effect
    /// What messages and titles call it: a preset's or a named effect's name, a file's name
    /// without its folder and extension, "standard input".
    package var name: String
    /// The file it was read from (which the viewer watches); nil for a preset, standard input
    /// and a document.
    package var file: String?
    /// Whether it is a built-in preset, which anything that plays effects knows by its name.
    package var isPreset = false
    /// For a named effect, whose folder it was found in.
    package var place: EffectFolders.Place?
    /// For a built-in preset, the file in an effects folder its name hides: the command warns
    /// of it in one line (`shadowWarning`).
    package var shadowed: String?

    package init(effect: Effect, name: String, file: String? = nil, place: EffectFolders.Place? = nil, shadowed: String? = nil) {
        self.effect = effect
        self.name = name
        self.file = file
        self.place = place
        self.shadowed = shadowed
    }

    /// The effect with its pictures' paths made absolute: relative to the folder of the file it
    /// was read from, or to `directory` (the current folder) for standard input and a
    /// document; the same effect wherever it is written out and read next.
    package func absoluteImagePaths(directory: String) -> Effect {
        let folder = Sprite.Source.resolvedPath(file.map { InputFile.folder(of: $0) } ?? "", relativeTo: directory)
        return effect.absoluteImagePaths(in: folder.isEmpty ? directory : folder)
    }

    /// The one-line warning for a hidden file, nil when none is.
    package var shadowWarning: String? {
        shadowed.map { "\(InputFile.display($0)) is not played: '\(name)' is a built-in preset, which wins over an effect file of the same name; rename the file to play it" }
    }
}

/// The one refusal of a name that names no effect: the built-in presets, and the named effects
/// of the folders looked in, with the closest as a suggestion.
package struct UnknownEffect: Error, CustomStringConvertible, Sendable {
    package var name: String
    /// Where it was looked for besides the presets (`EffectFolders.none`: the presets alone).
    package var folders: EffectFolders

    package init(name: String, folders: EffectFolders) {
        self.name = name
        self.folders = folders
    }

    package var description: String {
        let presets = Effect.presets.map(\.name)
        // A long name is no typo of a short one; its closest match would only mislead.
        func hint(_ names: [String]) -> String { name.count <= EffectReference.maxNameLength ? didYouMean(name, in: names) : "" }
        let shown = printable(name, limit: 40)
        guard !folders.folders.isEmpty else {
            return "unknown preset '\(shown)': \(presets.joined(separator: ", ")).\(hint(presets))"
        }
        let named = folders.names().filter { !presets.contains($0) }
        let yours = named.isEmpty ? "" : ", a named effect (\(named.prefix(10).joined(separator: ", "))\(named.count > 10 ? ", …" : ""))"
        // A plain name was looked for in the folders, which are named; any other word is no
        // name, and the rule says so.
        let why = EffectReference.isName(name)
            ? "; named effects are NAME.json in \(folders.folders.map { InputFile.display($0.path) }.joined(separator: ", "))"
            : " (\(EffectReference.nameRule))"
        return "unknown effect '\(shown)': give a preset (\(presets.joined(separator: ", ")))\(yours) or the path of an effect file\(why).\(hint(presets + named))"
    }
}

extension Unicode.Scalar {
    var isASCIIAlphanumeric: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self) || ("0"..."9").contains(self)
    }
}
