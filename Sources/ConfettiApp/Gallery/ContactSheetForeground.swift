import ConfettiCore
import ConfettiGL

extension ContactSheet {
    /// The sheet is one image in memory and one PNG: within the budget of a frame, else refused
    /// naming --columns and --tile.
    package func checkSize() throws {
        do {
            try Budget.framePixels(width: width, height: height, option: "the sheet of --columns \(columns) × --tile \(tileWidth)x\(tileHeight), \(rows) rows,")
        } catch let error as BudgetError {
            throw OptionRefusal(error.description)
        }
    }

    /// `confetti gallery`: the sheet drawn on the device `headless` sets up and written to `out`
    /// (refused before anything is drawn when it could not be written), with one line printed.
    package func writeInForeground(to out: String, headless: HeadlessSetup) throws {
        try AtomicFile.checkWritable(out)
        let image = try headless.run { library, _ in try draw(shaders: library) }
        try PNGFile.write(image, to: out)
        print("gallery: \(presets.count) presets, \(image.width)x\(image.height) pixels, \(out)")
    }
}
