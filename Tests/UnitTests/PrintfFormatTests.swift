import ConfettiCore
import Foundation
import Testing

/// `String(printf:)`, which every formatted number of the product goes through, writes what
/// Foundation's String(format:) wrote for the same conversions, byte for byte.
@Suite(.tags(.library)) struct PrintfFormatTests {
    @Test func knownValuesRoundHalvesToEvenAndKeepNegativeZeroAndLargeNumbersWhole() {
        let cases: [(String, Double, String)] = [
            ("%.3f", 0.0005, "0.001"),      // just above a half in binary
            ("%.2f", 0.125, "0.12"),        // an exact half rounds to even
            ("%.2f", 0.375, "0.38"),
            ("%.1f", 1.25, "1.2"),
            ("%.1f", 1.35, "1.4"),          // just above a half in binary
            ("%.0f", 0.5, "0"),
            ("%.0f", 2.5, "2"),
            ("%.0f", 3.5, "4"),
            ("%.3f", -0.0, "-0.000"),
            ("%.1f", -0.04, "-0.0"),
            ("%+.2f%%", 0.5, "+0.50%"),
            ("%+.2f%%", -0.0, "-0.00%"),
            ("%.1f", 1e20, "100000000000000000000.0"),
            ("%.2f", 1e15 + 0.125, "1000000000000000.12"),
            ("%.2e", 12_345.678, "1.23e+04"),
            ("%.2e", -0.0, "-0.00e+00"),
            ("%.3g", 0.000_123_4, "0.000123"),
            ("%.3g", 123_456_789, "1.23e+08"),
            ("%.3f", .infinity, "inf"),
            ("%.3f", -.infinity, "-inf"),
            ("%.3f", .nan, "nan"),
        ]
        for (format, value, expected) in cases {
            #expect(String(printf: format, value) == expected, "\(format) of \(value)")
        }
        #expect(String(printf: "%.1f", 1e300).count == 303, "1e300 is written whole, not cut")
        #expect(String(printf: "%04ld", 7) == "0007")
        #expect(String(printf: "%ld:%02ld:%02ld", 1, 2, 3) == "1:02:03")
        #expect(String(printf: "%ld", Int.max) == "9223372036854775807")
        #expect(String(printf: "%8ld|%-4ld|", 42, 7) == "      42|7   |")
        #expect(String(printf: "100%%") == "100%")
        #expect(String(printf: "") == "")
        #expect(2.0.fixed(decimals: 3) == "2.000" && (-1.0005).fixed(decimals: 0) == "-1")
    }

    @Test func everyConversionTheProductUsesWritesWhatFoundationWrote() {
        let formats = ["%.0f", "%.1f", "%.2f", "%.3f", "%.3g", "%.2e", "%+.2f", "%5.1f", "%-8.2f|", "%.1f%%", "%+.2e"]
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, 2.5, 0.05, 0.005, 0.0005, 0.125, 1e-300, 5e-324, 1e15, 1e22, -1e22,
                                Double.greatestFiniteMagnitude, .infinity, -.infinity, .nan]
        for _ in 0..<2_000 {
            // Halves at every scale, and numbers spread over the exponents messages meet.
            let half = Double(Int.random(in: -100_000...100_000, using: &generator)) + 0.5
            values.append(half / [1, 10, 100, 1_000, 10_000].randomElement(using: &generator)!)
            values.append(Double(sign: .plus, exponent: Int.random(in: -40...70, using: &generator),
                                 significand: Double.random(in: 1..<2, using: &generator)) * (Bool.random(using: &generator) ? 1 : -1))
        }
        for format in formats {
            for value in values {
                let ours = String(printf: format, value)
                let foundation = String(format: format, value)
                if ours != foundation {
                    Issue.record("\(format) of \(value): \(ours) where Foundation wrote \(foundation)")
                    return
                }
            }
        }
        for value in [0, 1, -1, 7, 59, 3_600, 1_234_567, Int(Int32.max), Int(Int32.min)] {
            for format in ["%d", "%04d", "%-4d|", "%8d"] {
                #expect(String(printf: format.replacingOccurrences(of: "d", with: "ld"), value) == String(format: format, value))
            }
        }
    }
}
