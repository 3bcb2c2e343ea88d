import ConfettiGL
import FoundationEssentials
#if canImport(Glibc)
import Glibc
import SystemPackage
#endif

/// Where `render --out` puts its frames: PNG frames in a directory, or one video file.
package enum OutputTarget: Equatable, Sendable {
    case frames(directory: String)
    case video(path: String, format: VideoFormat)

    /// Whether it carries a sound track: a video whose format has one.
    package var hasAudio: Bool {
        if case .video(_, let format) = self { format.hasAudio } else { false }
    }

    /// By the extension: `.mp4`, `.webm`, `.gif`, `.mov`, `.apng`, `.webp` are videos; a name with no extension, a name
    /// ending in `/`, or an existing directory is a directory of frames; any other extension is
    /// refused, naming the supported ones.
    package static func parse(_ out: String) throws -> OutputTarget {
        guard !out.isEmpty else {
            throw OutputRefusal("--out is empty: give a directory for PNG frames, or a file ending in \(VideoFormat.extensionList)")
        }
        if EntryKind.following(out) == .directory { return .frames(directory: out) }
        guard let ext = FilePath.fileExtension(of: out) else { return .frames(directory: out) }
        guard let format = VideoFormat(rawValue: ext) else {
            throw OutputRefusal("cannot write \(out): .\(ext) is not a format confetti writes; --out takes a video ending in \(VideoFormat.extensionList), or a directory (a name with no extension) for PNG frames")
        }
        return .video(path: out, format: format)
    }
}

/// Where a recorder's frames go.
package protocol FrameSink: AnyObject {
    /// Frame `index`, top row first.
    func write(_ image: RGBAImage, index: Int) throws
    /// After the last frame: completes the output.
    func finish() throws
    /// Stops without completing: removes what is unfinished and releases the output. Returns
    /// what was left, for a message. Safe to call at any time, and more than once.
    @discardableResult func abandon() -> String
}

/// `frame-0000.png`, `frame-0001.png`, … in a directory that this render holds.
///
/// Opening it creates the directory, takes its lock (`RenderLock`), and looks for frames of an
/// earlier render: it refuses them unless `force`, and with `force` removes them (only
/// `frame-*.png`; other files stay). Each frame is written to `.frame-NNNN.png.tmp-PID` and
/// renamed into place. A link named like a frame is never followed: `force` removes the link
/// itself, and a link that appears during the render is replaced by the frame.
package final class PNGFrameDirectory: FrameSink {
    package let directory: OutputDirectory
    package private(set) var written: [String] = []
    private var lock: RenderLock?

    package static let lockName = ".confetti-render.lock"

    package init(_ path: String, force: Bool) throws {
        directory = try OutputDirectory(path)
        lock = try RenderLock(in: directory, name: Self.lockName, guarding: path)
        do {
            let earlier = try directory.names().filter(Self.isFrameName).sorted()
            if !earlier.isEmpty {
                guard force else {
                    let range = earlier.count == 1 ? earlier[0] : "\(earlier.first!) … \(earlier.last!)"
                    throw OutputRefusal("\(path) already holds \(earlier.count) frame\(earlier.count == 1 ? "" : "s") of an earlier render (\(range)); add --force to remove them first, or choose another --out")
                }
                for name in earlier { try directory.remove(name) }
            }
            // A frame half-written by a render that was killed (SIGKILL leaves no chance to
            // clean up): this render holds the lock, so no other is writing it.
            for name in try directory.names() where Self.isTemporaryFrameName(name) { try directory.remove(name) }
        } catch {
            lock?.release()
            throw error
        }
    }

    /// `frame-*.png`, as a shell would match it.
    package static func isFrameName(_ name: String) -> Bool {
        name.hasPrefix("frame-") && name.hasSuffix(".png") && name.count >= "frame-.png".count
    }

    package static func frameName(_ index: Int) -> String { String(printf: "frame-%04ld.png", index) }

    /// `.frame-NNNN.png.tmp-PID`: a frame being written, renamed into place when whole.
    package static func isTemporaryFrameName(_ name: String) -> Bool {
        name.hasPrefix(".frame-") && name.contains(".png.tmp-")
    }

    package var paths: [URL] { written.map { URL(fileURLWithPath: directory.display($0)) } }

    package func write(_ image: RGBAImage, index: Int) throws {
        let name = Self.frameName(index)
        let bytes = try PNGFile.encode(image)
        try bytes.withUnsafeBytes { try directory.writeAtomically(name, $0) }
        written.append(name)
    }

    package func finish() throws {
        lock?.release()
        lock = nil
    }

    @discardableResult package func abandon() -> String {
        lock?.release()
        lock = nil
        switch written.count {
        case 0: return "no frame was written"
        case 1: return "\(directory.path) holds 1 complete frame (\(written[0])), nothing partial"
        default: return "\(directory.path) holds \(written.count) complete frames (\(written.first!) … \(written.last!)), nothing partial"
        }
    }
}

/// One video file, encoded by ffmpeg from raw frames on a pipe.
///
/// ffmpeg writes `.NAME.tmp-PID` beside the final name, created first by confetti (O_EXCL,
/// O_NOFOLLOW); once ffmpeg has exited successfully it is renamed to NAME. A lock
/// (`.NAME.confetti-render.lock`) keeps a second render off the same file. A link at the final
/// name is followed: --out is the user's path. On failure or `abandon` ffmpeg is ended and the
/// temporary file removed, so nothing is ever under NAME but a finished video.
package final class VideoFile: FrameSink {
    package let path: String
    package let encoding: VideoEncoding
    private let file: TemporaryFile
    private var lock: RenderLock?
    private var encoder: FFmpegProcess?
    private var frameBytes: Int
    /// The sound track, as a WAV file beside the video's temporary file while ffmpeg reads it.
    private var audioFile: TemporaryFile?

    /// `audio`: the sound track to mux in (nil: a silent video), written beside it as it is made.
    package init(path: String, encoding: VideoEncoding, width: Int, height: Int, fps: Double, ffmpeg: String, audio: SoundTrackFile? = nil) throws {
        self.path = path
        self.encoding = encoding
        frameBytes = width * height * 4
        let place = try AtomicFile.followingLink(path)
        switch EntryKind.following(place) {
        case .directory: throw FileFailure("write", path, reason: FileFailure.isDirectory)
        case .other: throw FileFailure("write", path, reason: "it is not a regular file (a video must be one)")
        default: break
        }
        let (parent, name) = (FilePath(place).directoryText, FilePath(place).nameText)
        let directory = try OutputDirectory(parent)
        lock = try RenderLock(in: directory, name: ".\(name).confetti-render.lock", guarding: path)
        do {
            file = try directory.temporaryFile(for: name, display: path)
            file.closeDescriptor()
            if let audio, encoding.format.hasAudio {
                let wav = try directory.temporaryFile(for: name + ".wav", display: path)
                audioFile = wav
                try audio.write(into: wav)
                wav.closeDescriptor()
            }
            encoder = try FFmpegProcess(executable: ffmpeg, arguments: encoding.ffmpegArguments(width: width, height: height, fps: fps, output: file.temporaryPath,
                                                                                              audio: audioFile?.temporaryPath))
        } catch {
            audioFile?.discard()
            lock?.release()
            throw error
        }
    }

    package func write(_ image: RGBAImage, index: Int) throws {
        precondition(image.pixels.count == frameBytes, "frame size changed")
        guard let encoder else { throw OutputRefusal("cannot write \(path): the video was already closed") }
        let sent = image.pixels.withUnsafeBytes { encoder.write($0) }
        if !sent {
            // ffmpeg stopped reading: it has failed. Its status and last words say why.
            let status = try encoder.finish(poll: {})
            throw failure(status)
        }
    }

    /// Waits for ffmpeg to finish (SIGINT and SIGTERM still stop the wait), then renames the
    /// video into place.
    package func finish() throws {
        guard let encoder else { throw OutputRefusal("cannot write \(path): the video was already closed") }
        let status = try encoder.finish(poll: { try StopSignals.check() })
        guard encoder.succeeded(status) else { throw failure(status) }
        self.encoder = nil
        audioFile?.discard()
        try file.commit()
        lock?.release()
        lock = nil
    }

    @discardableResult package func abandon() -> String {
        encoder?.terminate()
        encoder = nil
        file.discard()
        audioFile?.discard()
        lock?.release()
        lock = nil
        return "removed the unfinished \(path)"
    }

    private func failure(_ status: Int32) -> OutputRefusal {
        // ffmpeg names the temporary file; the user knows the final one.
        let said = (encoder?.lastErrorLines() ?? "")
            .replacing("file:" + file.temporaryPath, with: path)
            .replacing(file.temporaryPath, with: path)
        return OutputRefusal("cannot write \(path): ffmpeg failed (\(FFmpegProcess.describe(status)))" + (said.isEmpty ? "" : ": " + said))
    }
}
