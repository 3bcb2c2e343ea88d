import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

extension Benchmark {
    /// `--counts 1k,10k,100k,1M`: whole counts, each with an optional k or M.
    package static func counts(_ text: String) throws -> [Int] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
            let text = part.trimmed
            var digits = Substring(text), scale = 1
            if text.hasSuffix("k") { scale = 1_000; digits = digits.dropLast() }
            if text.hasSuffix("M") { scale = 1_000_000; digits = digits.dropLast() }
            guard let value = Int(digits), value >= 1, value <= 1_000_000_000 / scale else {
                throw OptionRefusal("--counts takes whole counts with k or M such as 1k,10k,100k,1M,10M; '\(printable(text))' is not one")
            }
            return value * scale
        }
    }

    /// `confetti bench`: measures on the device `headless` sets up, logging progress on standard
    /// error, and prints the table, then writes `json` and `plot` when asked (each checked to be
    /// writable before any measuring).
    package static func runInForeground(_ options: Options, headless: HeadlessSetup, json: String?, plot: String?) throws {
        // A location that cannot be written fails now, not after minutes of measuring.
        for path in [json, plot].compactMap({ $0 }) {
            try AtomicFile.checkWritable(path)
        }

        let report = try headless.run { library, context in
            var benchmark = Benchmark(options: options, shaders: library)
            benchmark.log = { StandardStream.error("bench: " + $0 + "\n") }
            var report = try benchmark.run()
            report.machine.device = context.deviceName
            return report
        }

        print(report.table)
        if let json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try AtomicFile.write(try encoder.encode(report), to: json)
            print("wrote \(json)")
        }
        if let plot {
            try PNGFile.write(report.plots, to: plot)
            print("wrote \(plot)")
        }
    }
}
