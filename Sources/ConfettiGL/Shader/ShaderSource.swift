/// A shader file with its `#include "name"` lines expanded, and the map that turns a driver's
/// source-string numbers back into file names.
///
/// GLSL has no include, but it has `#line LINE SOURCE`: after it, the next line counts as line
/// LINE of source string SOURCE, and drivers report errors as `SOURCE:LINE`. Each file gets a
/// number (the root 0, includes 1, 2, … in order of first use) and the expansion brackets every
/// included file with `#line` directives, so a compile error still names the right file and
/// line. A file is included once, however often it is named (shared helpers include each other).
package struct ShaderSource: Sendable {
    /// The expanded text to compile.
    package let text: String
    /// File names by source-string number.
    package let files: [String]

    /// `defines` ("NAME VALUE") are set right after the root's `#version`, before its numbering
    /// starts, so they move no line an error names.
    init(root: String, library: ShaderLibrary, defines: [String] = []) throws {
        var files: [String] = [root]
        var output: [String] = []
        var stack: [String] = []

        func expand(_ name: String, number: Int) throws {
            guard !stack.contains(name) else {
                throw ShaderError(message: "\(library.displayName(name)): includes itself (\((stack + [name]).joined(separator: " → ")))")
            }
            stack.append(name)
            defer { stack.removeLast() }
            let lines = try library.text(name).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                let lineNumber = index + 1
                guard let included = Self.includedName(line) else {
                    output.append(String(line))
                    // `#version` must come first, so the root's numbering starts after it.
                    if number == 0, index == 0, line.hasPrefix("#version") {
                        output += defines.map { "#define " + $0 }
                        output.append("#line 2 0")
                    }
                    continue
                }
                guard let included else {
                    throw ShaderError(message: "\(library.displayName(name)):\(lineNumber): write #include \"file.glsl\"")
                }
                if files.contains(included) {
                    output.append("")  // already in: keep the line count
                    continue
                }
                files.append(included)
                let includedNumber = files.count - 1
                output.append("#line 1 \(includedNumber)")
                try expand(included, number: includedNumber)
                output.append("#line \(lineNumber + 1) \(number)")
            }
        }
        try expand(root, number: 0)
        text = output.joined(separator: "\n")
        self.files = files
    }

    /// nil for a line that is no include; .some(nil) for a malformed one.
    static func includedName(_ line: Substring) -> String?? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("#include") else { return nil }
        var rest = trimmed.dropFirst("#include".count)
        while let c = rest.first, c == " " || c == "\t" { rest = rest.dropFirst() }
        while let c = rest.last, c == " " || c == "\t" || c == "\r" { rest = rest.dropLast() }
        guard rest.count > 2, rest.first == "\"", rest.last == "\"" else { return .some(nil) }
        return .some(String(rest.dropFirst().dropLast()))
    }
}
