import Foundation

/// 16-bit PCM read back from a WAV file (or a recording), and where sharp sounds begin in it:
/// what the sound tests compare with the schedule.
package struct PCM: Sendable {
    package var rate: Int
    package var channels: Int
    /// Interleaved.
    package var samples: [Int16]

    package init(rate: Int, channels: Int, samples: [Int16]) {
        self.rate = rate
        self.channels = channels
        self.samples = samples
    }

    /// A canonical WAV file (RIFF, a `fmt ` chunk of 16-bit PCM, a `data` chunk), chunks in any order.
    package init(wav data: Data) throws {
        let bytes = [UInt8](data)
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF", String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE" else {
            throw TestFailure("not a WAV file")
        }
        var at = 12
        var format: (channels: Int, rate: Int, bits: Int)?
        while at + 8 <= bytes.count {
            let id = String(decoding: bytes[at..<at + 4], as: UTF8.self), size = u32(at + 4)
            let body = at + 8
            if id == "fmt " {
                format = (u16(body + 2), u32(body + 4), u16(body + 14))
                guard u16(body) == 1 else { throw TestFailure("WAV format \(u16(body)) is not PCM") }
            } else if id == "data", let format {
                guard format.bits == 16 else { throw TestFailure("\(format.bits)-bit WAV: the tests read 16-bit") }
                let end = min(body + size, bytes.count)
                samples = stride(from: body, to: end - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
                rate = format.rate
                channels = format.channels
                return
            }
            at = body + size + (size & 1)
        }
        throw TestFailure("WAV file without fmt and data chunks")
    }

    /// Samples per channel.
    package var frames: Int { samples.count / channels }

    /// The louder channel's magnitude at each frame.
    package var magnitudes: [Int] {
        (0..<frames).map { f in (0..<channels).map { abs(Int(samples[f * channels + $0])) }.max()! }
    }

    /// FNV-1a of the samples' bytes: the same PCM, the same hash.
    package var hash: UInt64 {
        samples.reduce(0xCBF2_9CE4_8422_2325 as UInt64) { h, s in
            let v = UInt16(bitPattern: s)
            return ((h ^ UInt64(v & 0xFF)) &* 0x100_0000_01B3 ^ UInt64(v >> 8)) &* 0x100_0000_01B3
        }
    }

    /// Where a sharp sound begins near `expected` (seconds), or nil: the first frame within
    /// `search` seconds either side where the energy of the sample-to-sample change (what a
    /// crack or a click is made of, and a boom is not) over the next `window` frames is `factor`
    /// times the most any window of the `quiet` seconds before the search had, and at least
    /// `floor`² per frame; then, in that window, the first frame whose change alone is as large
    /// as the threshold's per-frame share.
    package func onset(near expected: Double, search: Double = 0.02, quiet: Double = 0.03, window: Int = 16, factor: Double = 8, floor: Double = 600) -> Double? {
        func change(_ f: Int) -> Double {
            (0..<channels).map { c in abs(Double(samples[f * channels + c]) - Double(samples[(f - 1) * channels + c])) }.max()!
        }
        func energy(_ f: Int) -> Double { (f..<f + window).reduce(0) { $0 + change($1) * change($1) } }
        let from = max(Int(((expected - search) * Double(rate)).rounded()), 1), to = min(Int(((expected + search) * Double(rate)).rounded()), frames - window - 1)
        let quietFrom = max(from - Int(quiet * Double(rate)), 1)
        guard from < to else { return nil }
        let background = stride(from: quietFrom, to: from - window, by: window / 2).map(energy).max() ?? 0
        let threshold = max(background * factor, floor * floor * Double(window))
        guard let start = (from...to).first(where: { energy($0) >= threshold }) else { return nil }
        let share = (threshold / Double(window)).squareRoot()
        let first = (start..<start + window).first { change($0) >= share } ?? start
        return Double(first) / Double(rate)
    }
}
