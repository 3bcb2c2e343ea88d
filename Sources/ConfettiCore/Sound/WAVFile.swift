/// A track as a WAV file's bytes: RIFF, 16-bit PCM, 48 kHz, stereo. The header is the 44 bytes
/// every reader takes; the samples follow, little-endian, left then right.
package enum WAVFile {
    package static func header(frames: Int) -> [UInt8] {
        let channels = SoundTrack.channels, rate = SoundTrack.sampleRate
        let dataBytes = frames * channels * 2
        var bytes: [UInt8] = []
        func text(_ s: String) { bytes += Array(s.utf8) }
        func u32(_ v: Int) { bytes += (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        func u16(_ v: Int) { bytes += (0..<2).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }
        text("RIFF"); u32(36 + dataBytes); text("WAVE")
        text("fmt "); u32(16); u16(1); u16(channels); u32(rate); u32(rate * channels * 2); u16(channels * 2); u16(16)
        text("data"); u32(dataBytes)
        return bytes
    }

    /// Samples as the bytes that follow the header.
    package static func bytes(_ samples: [Int16]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: samples.count * 2)
        for (k, s) in samples.enumerated() {
            let v = UInt16(bitPattern: s)
            out[2 * k] = UInt8(truncatingIfNeeded: v)
            out[2 * k + 1] = UInt8(truncatingIfNeeded: v >> 8)
        }
        return out
    }

    /// A whole track, `frames` samples per channel from its start (silence after its last event).
    package static func encode(_ track: SoundTrack, frames: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(44 + frames * SoundTrack.channels * 2)
        stream(track, frames: frames) { out += $0 }
        return out
    }

    /// The same bytes as `encode`, handed to `write` a block (a tenth of a second) at a time, so
    /// a track of any length costs one block of memory.
    package static func stream(_ track: SoundTrack, frames: Int, into write: ([UInt8]) throws -> Void) rethrows {
        precondition(frames * SoundTrack.channels * 2 + 36 <= Int(UInt32.max), "a RIFF file counts its bytes in 32 bits")
        var player = SoundPlayer(track)
        try write(header(frames: frames))
        let block = 4_800
        var at = 0
        while at < frames {
            let n = min(block, frames - at)
            try write(bytes(player.pcm16(from: at, count: n)))
            at += n
        }
    }
}
