/// A 5×7 pixel font with the glyphs the button needs. The label is drawn once into a
/// one-channel texture and scaled up with nearest filtering.
enum PixelFont {
    static let width = 5
    static let height = 7

    static let glyphs: [Character: [String]] = [
        "C": [".###.", "#...#", "#....", "#....", "#....", "#...#", ".###."],
        "e": [".....", ".....", ".###.", "#...#", "#####", "#....", ".###."],
        "l": [".##..", "..#..", "..#..", "..#..", "..#..", "..#..", ".###."],
        "b": ["#....", "#....", "#.##.", "##..#", "#...#", "#...#", "####."],
        "r": [".....", ".....", "#.##.", "##..#", "#....", "#....", "#...."],
        "a": [".....", ".....", ".###.", "....#", ".####", "#...#", ".####"],
        "t": [".#...", ".#...", "###..", ".#...", ".#...", ".#..#", "..##."],
        " ": [".....", ".....", ".....", ".....", ".....", ".....", "....."],
    ]

    /// Coverage bytes (0 or 255), rows top to bottom, one column of space between glyphs.
    /// Characters without a glyph draw as blanks.
    static func rasterize(_ text: String) -> (width: Int, height: Int, pixels: [UInt8]) {
        let characters = Array(text)
        let w = max(characters.count * (width + 1) - 1, 1)
        var pixels = [UInt8](repeating: 0, count: w * height)
        for (i, character) in characters.enumerated() {
            guard let rows = glyphs[character] else { continue }
            for (y, row) in rows.enumerated() {
                for (x, cell) in row.enumerated() where cell == "#" {
                    pixels[y * w + i * (width + 1) + x] = 255
                }
            }
        }
        return (w, height, pixels)
    }
}
