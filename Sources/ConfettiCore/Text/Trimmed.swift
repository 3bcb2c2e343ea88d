extension StringProtocol {
    /// The text without the white space it starts and ends with: spaces, tabs and line ends
    /// (`Character.isWhitespace`), as a value typed on a command line or read from a tool's
    /// output is meant.
    package var trimmed: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex(where: { !$0.isWhitespace })!
        return String(self[first...last])
    }
}
