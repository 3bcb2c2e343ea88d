import Glibc

// Numbers in messages as C's printf writes them ("%.3f", "%5.1f", "%+.2e", "%04ld"): what
// Foundation's String(format:) writes for these conversions too, without the ICU-backed
// Foundation. Every formatted number of the library, the command and the tools comes from here.

extension String {
    /// `format` filled in with `arguments` as printf fills it in, in the C locale whatever
    /// locale the process (an app embedding the library) has set: "0.5", never "0,5".
    /// Numbers only: text goes in by interpolation (a Swift String is no C vararg), and an Int
    /// takes "%ld" (a "%d" reads 32 bits).
    package init(printf format: String, _ arguments: any CVarArg...) {
        let previous = uselocale(cLocale)
        defer { uselocale(previous) }
        let length = withVaList(arguments) { vsnprintf(nil, 0, format, $0) }
        guard length > 0 else {
            self = ""
            return
        }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
        self = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Double {
    /// The number with `decimals` places, as printf's "%.Nf" writes it (rounded, never in
    /// exponent form).
    package func fixed(decimals: Int) -> String {
        String(printf: "%.\(decimals)f", self)
    }
}

/// The C locale, for printf's decimal point; made once, never freed.
nonisolated(unsafe) private let cLocale: locale_t = newlocale(1 << LC_NUMERIC, "C", nil)
