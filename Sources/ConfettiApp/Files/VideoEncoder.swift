import CPosix
import ConfettiGL
import FoundationEssentials
import ProcessStart
#if canImport(Glibc)
import Glibc
#endif
import SystemPackage

/// The video files `render --out` writes, by extension, each with a Debian 12 ffmpeg encoder.
package enum VideoFormat: String, CaseIterable, Sendable {
    case mp4, webm, gif, mov, apng, webp

    /// Every output type, for messages: ".mp4, .webm, … or .webp".
    package static var extensionList: String { list(allCases) }

    /// The output types that hold alpha, for messages.
    package static var alphaList: String { list(allCases.filter(\.holdsAlpha)) }

    private static func list(_ formats: [VideoFormat]) -> String {
        let names = formats.map { "." + $0.rawValue }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// Whether the format carries sound: mp4 (AAC), webm (Opus) and mov (PCM); GIF and the
    /// animated pictures do not.
    package var hasAudio: Bool { self == .mp4 || self == .webm || self == .mov }

    /// Whether a clip with alpha can be written in it (`render --transparent`): H.264 in mp4 has
    /// no alpha plane, and GIF's one transparent palette entry cannot hold partial coverage.
    package var holdsAlpha: Bool { self != .mp4 && self != .gif }

    /// H.264 in 4:2:0 needs both sides even; the other encoders take any size.
    package var needsEvenSize: Bool { self == .mp4 }
}

/// How a video is encoded: its format, and whether it is a clip with alpha (`--transparent`)
/// and lossless (`--lossless`, .mov only).
package struct VideoEncoding: Sendable, Equatable {
    package var format: VideoFormat
    package var transparent = false
    package var lossless = false

    package init(_ format: VideoFormat, transparent: Bool = false, lossless: Bool = false) {
        self.format = format
        self.transparent = transparent
        self.lossless = lossless
    }

    package var codecName: String {
        switch format {
        case .mp4: return "H.264"
        case .webm: return transparent ? "VP9 with alpha" : "VP8"
        case .gif: return "GIF"
        case .mov: return (lossless ? "QuickTime Animation" : "ProRes 4444") + (transparent ? " with alpha" : "")
        case .apng: return "animated PNG" + (transparent ? " with alpha" : "")
        case .webp: return "animated WebP" + (transparent ? " with alpha" : "")
        }
    }

    /// ffmpeg's options after the input: encoder and muxer. Every choice keeps the output a pure
    /// function of the frames, so the same frames give the same file, byte for byte, on any
    /// machine (thread counts are fixed, never taken from the machine's cores):
    /// - mp4: libx264, veryfast preset, constant quality 20, yuv420p (what every player takes),
    ///   moov atom first. x264 is deterministic for a fixed thread count; it is fixed at 2 so
    ///   the file does not depend on the machine's cores.
    /// - webm: libvpx (VP8), "good" deadline at speed 4, constant quality 10 (capped at 2 Mb/s),
    ///   one thread: VP8's encoder threads wait for each other by spinning, which on 2 busy cores
    ///   took 3–10× the time of one thread. VP9 gives 35% smaller files here but takes 3× as
    ///   long; the "realtime" deadline is faster still but adapts its speed to the clock, so its
    ///   output differs from run to run.
    ///   A transparent webm is VP9 (libvpx-vp9; VP8's alpha is not read back by most players):
    ///   yuva420p, the alpha coded as a second VP9 stream in block side data, which needs
    ///   alt-ref frames off; "good" at speed 4, constant quality 24, one thread.
    /// - gif: one filter graph, a palette made from every frame (palettegen) and used for all
    ///   of them (paletteuse: ordered dithering, only the changed rectangle of each frame stored).
    /// - mov: ProRes 4444 (prores_ks, 10-bit 4:4:4, 16-bit alpha when transparent, Apple's
    ///   vendor tag so that every editor takes it), or with `lossless` QuickTime Animation
    ///   (qtrle, 8-bit RGB or ARGB run-length coded: exactly the frames, and small where little
    ///   changes). Slices are coded independently, so two threads give the same bytes as one.
    /// - apng: every frame a PNG (lossless, RGBA), looping forever.
    /// - webp: libwebp's animation, lossy at quality 75 with lossless alpha, looping forever.
    /// - bitexact flags and no metadata: no version strings, dates or random ids in the file.
    ///
    /// `audio`: a WAV file to mux in as the video's sound (AAC at 160 kb/s in mp4, Opus at
    /// 128 kb/s in webm, 16-bit PCM in mov, which editors cut without re-decoding; the others
    /// have none), read from a file rather than a second pipe, so one thread feeds ffmpeg and
    /// nothing waits on two pipes at once.
    package func ffmpegArguments(width: Int, height: Int, fps: Double, output: String, audio: String? = nil) -> [String] {
        var arguments = [
            // -xerror: without it ffmpeg 5.1 reports a failed write (a full disk) and exits 0.
            "-hide_banner", "-nostdin", "-xerror", "-loglevel", "error",
            "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-r", "\(fps)", "-i", "pipe:0",
        ]
        if let audio, format.hasAudio {
            arguments += ["-f", "wav", "-i", "file:" + audio, "-map", "0:v", "-map", "1:a"]
            switch format {
            case .mp4: arguments += ["-c:a", "aac", "-b:a", "160k"]
            case .mov: arguments += ["-c:a", "pcm_s16le"]
            default: arguments += ["-c:a", "libopus", "-b:a", "128k"]
            }
            arguments += ["-flags:a", "+bitexact"]
        }
        switch format {
        case .mp4:
            arguments += ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p",
                          "-threads", "2", "-movflags", "+faststart"]
        case .webm where transparent:
            arguments += ["-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", "-auto-alt-ref", "0", "-deadline", "good", "-cpu-used", "4",
                          "-crf", "24", "-b:v", "0", "-row-mt", "0", "-threads", "1"]
        case .webm:
            arguments += ["-c:v", "libvpx", "-deadline", "good", "-cpu-used", "4", "-crf", "10", "-b:v", "2M",
                          "-pix_fmt", "yuv420p", "-threads", "1"]
        case .gif:
            arguments += ["-filter_complex", "[0:v]split[a][b];[a]palettegen[p];[b][p]paletteuse=dither=bayer:bayer_scale=5:diff_mode=rectangle"]
        case .mov where lossless:
            arguments += ["-c:v", "qtrle", "-pix_fmt", transparent ? "argb" : "rgb24", "-movflags", "+faststart"]
        case .mov:
            arguments += ["-c:v", "prores_ks", "-profile:v", "4444", "-vendor", "apl0",
                          "-pix_fmt", transparent ? "yuva444p10le" : "yuv444p10le", "-threads", "2", "-movflags", "+faststart"]
        case .apng:
            arguments += ["-c:v", "apng", "-pix_fmt", transparent ? "rgba" : "rgb24", "-plays", "0"]
        case .webp:
            arguments += ["-c:v", "libwebp_anim", "-pix_fmt", transparent ? "yuva420p" : "yuv420p", "-quality", "75", "-loop", "0"]
        }
        arguments += ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1",
                      "-f", format.rawValue, "-y", "file:" + output]
        return arguments
    }
}

/// Finds Debian's `ffmpeg` on PATH.
package enum FFmpeg {
    package static func locate() -> String? {
        ProcessStart.locate("ffmpeg")
    }

    package static func missingMessage(for output: String) -> String {
        "cannot write \(output): ffmpeg is not installed (apt-get install ffmpeg), or write PNG frames to a directory (--out DIR)"
    }
}

/// A running ffmpeg that reads raw frames on its standard input.
///
/// It runs in its own process group, so a Ctrl-C at the terminal reaches confetti alone, which
/// then decides what happens to ffmpeg; its signals are at their defaults (`ProcessStart`), SIGPIPE
/// included, which confetti ignores. Its standard error goes to an unnamed temporary file, read
/// when it fails.
final class FFmpegProcess {
    let pid: pid_t
    private var input: Int32
    private let log: UnsafeMutablePointer<FILE>
    private var exitStatus: Int32?

    init(executable: String, arguments: [String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard confetti_pipe_cloexec(&pipeEnds) == 0 else { throw OutputRefusal("cannot start ffmpeg: \(FileFailure.reason(errno))") }
        guard let log = tmpfile() else {
            let code = errno
            close(pipeEnds[0]); close(pipeEnds[1])
            throw OutputRefusal("cannot start ffmpeg: no temporary file for its messages: \(FileFailure.reason(code))")
        }
        defer { close(pipeEnds[0]) }

        let program = ProcessStart(input: .descriptor(pipeEnds[0]), output: .null, error: .descriptor(fileno(log)), grouping: .ownGroup)
        let child: pid_t
        do {
            child = try program.start([executable] + arguments)
        } catch {
            close(pipeEnds[1])
            fclose(log)
            throw OutputRefusal("cannot start \(executable): \(FileFailure.reason(error.code))")
        }
        pid = child
        input = pipeEnds[1]
        self.log = log
    }

    deinit {
        terminate()
        fclose(log)
    }

    /// Sends bytes to ffmpeg's input. False if ffmpeg has stopped reading (it has exited).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard input >= 0 else { return false }
        return (try? FileDescriptor(rawValue: input).writeAll(bytes)) != nil
    }

    /// Closes ffmpeg's input and waits for it to finish encoding, calling `poll` every 20 ms
    /// (which may throw to stop the wait; ffmpeg is then ended). Returns its wait status.
    func finish(poll: () throws -> Void) throws -> Int32 {
        closeInput()
        while true {
            if let status = reap(block: false) { return status }
            do {
                try poll()
            } catch {
                terminate()
                throw error
            }
            usleep(20_000)
        }
    }

    /// Ends ffmpeg (SIGTERM, then SIGKILL after a second) and reaps it. Safe to call again.
    func terminate() {
        closeInput()
        guard exitStatus == nil else { return }
        kill(pid, SIGTERM)
        for _ in 0..<50 {
            if reap(block: false) != nil { return }
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        _ = reap(block: true)
    }

    /// The last lines ffmpeg wrote to its standard error, joined into one, without the
    /// `[libx264 @ 0x55d…]` addresses.
    func lastErrorLines(_ count: Int = 2) -> String {
        fflush(log)
        var text = ""
        let fd = fileno(log)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var offset: off_t = 0
        while true {
            let n = pread(fd, &buffer, buffer.count, offset)
            if n <= 0 { break }
            text += String(decoding: buffer[..<n], as: UTF8.self)
            offset += off_t(n)
        }
        let lines = text.split(whereSeparator: \.isNewline).map {
            $0.replacing(#/ @ 0x[0-9a-f]+\]/#, with: "]").trimmed
        }.filter { !$0.isEmpty }
        return lines.suffix(count).joined(separator: "; ")
    }

    /// How a wait status reads in a message.
    static func describe(_ status: Int32) -> String { ProcessStart.describe(status) }

    /// Exit status 0 and not a word at error level: ffmpeg has been seen to report a failed
    /// write and still exit 0, so a message counts as a failure too.
    func succeeded(_ status: Int32) -> Bool { status == 0 && lastErrorLines().isEmpty }

    private func closeInput() {
        if input >= 0 { close(input) }
        input = -1
    }

    private func reap(block: Bool) -> Int32? {
        if let exitStatus { return exitStatus }
        var status: Int32 = 0
        while true {
            let r = waitpid(pid, &status, block ? 0 : WNOHANG)
            if r == pid {
                exitStatus = status
                return status
            }
            if r == 0 { return nil }
            if errno == EINTR { continue }
            // ECHILD: nothing left to wait for.
            exitStatus = -1
            return -1
        }
    }
}
