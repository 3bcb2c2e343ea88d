import ConfettiCore
import FoundationEssentials
import Glibc

/// The sound track a render writes, as a WAV file (`--audio`, or beside a video for ffmpeg).
/// Nothing is made until it is written, and it is written as it is made, a tenth of a second at
/// a time, so a track of any length costs one block of memory; its length is the budget's
/// (`Budget.track`), asked when it is made, before a byte is written.
package struct SoundTrackFile {
    package let track: SoundTrack
    /// Samples per channel.
    package let frames: Int

    /// `seconds` of `track`; `what` says where that length came from and `hint` what to
    /// change, for a refusal.
    package init(_ track: SoundTrack, seconds: Double, what: String, hint: String = "") throws {
        self.track = track
        frames = try Budget.track(seconds: seconds, what: what, hint: hint)
    }

    /// Writes it to `path` under a temporary name, renamed into place when complete. A stop
    /// signal (once `StopSignals` is installed) is taken between blocks, and the partial file
    /// is removed.
    package func write(to path: String) throws {
        try AtomicFile.write(to: path) { write in
            try WAVFile.stream(track, frames: frames) { block in
                try StopSignals.check()
                try block.withUnsafeBytes { try write($0) }
            }
        }
    }

    /// Writes it into `file`, which its caller commits or discards.
    package func write(into file: TemporaryFile) throws {
        try WAVFile.stream(track, frames: frames) { block in
            try StopSignals.check()
            try block.withUnsafeBytes { try file.write($0) }
        }
    }
}
