import ArgumentParser
import ConfettiApp
import ConfettiGL

struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Draw every preset into one labelled contact sheet (the README's docs/gallery.png).",
        discussion: """
            Each tile is one launch of a preset (RNG stream 0 of --seed), drawn by the renderer with \
            surfaceless EGL (with the preset's glow, as render draws it) at the moment its \
            particles spread over the most of the tile, each counted by how much it shows and \
            by its size up to 8 points (so a shell is shown at full spread, after its flash, and \
            sparks before they shrink), framed as close as shows every piece whole, the button \
            too: from 3x close to 0.6x, centred, farther than 1x only while the typical piece \
            stays 8 pixels across. A launch whose pieces cross the edge in every such framing \
            (rain, snow) is drawn at 1x. Named underneath in the pixel font. \
            The PNG is written whole or not at all (a temporary file renamed into place).
            """
    )

    @Option(help: "The PNG file to write.")
    var out = "docs/gallery.png"

    @Option(help: "Seed of every tile's launch.")
    var seed: Given<UInt64> = 1

    @Option(help: "Size of one tile's picture in pixels, WxH (the label goes under it).")
    var tile = PixelSize(width: 320, height: 180)

    @Option(help: "Tiles per row.")
    var columns: Given<Int> = 4

    @OptionGroup var shaders: ShaderOptions

    func validate() throws {
        guard !out.isEmpty else { throw OptionRefusal("--out is empty: give the PNG file to write, such as --out docs/gallery.png") }
        let columns = try columns.checked(in: 1...64, "--columns")
        try seed.checkedSeed()
        try tile.checked("--tile")
        try require(tile.width, in: 64...2048, "--tile width")
        try require(tile.height, in: 36...2048, "--tile height")
        var sheet = ContactSheet()
        (sheet.tileWidth, sheet.tileHeight, sheet.columns) = (tile.width, tile.height, columns)
        try sheet.checkSize()
    }

    func run() throws {
        var sheet = ContactSheet()
        (sheet.seed, sheet.tileWidth, sheet.tileHeight, sheet.columns) = (seed.value, tile.width, tile.height, columns.value)
        try sheet.writeInForeground(to: out, headless: shaders.headless)
    }
}
