import ConfettiApp
import ConfettiCore
import ConfettiGL
import Foundation
import Testing
import TestSupport

// `render --transparent`: clips with alpha for video editors, run through the real binary and
// read back as an editor would (ffmpeg's decoders, MLT's melt): straight alpha that is 0 where
// nothing is drawn and partial at edges, that lays over a colour as the opaque render shows it,
// survives each format's decoding, and is the same bytes twice.

@Suite(.serialized) struct TransparentClipTests {
    /// Small and short: a few frames of paper confetti, well spread.
    static let confetti = ["--effect", "confetti", "--size", "192x108", "--seed", "5", "--fps", "10", "--frames", "6"]
    /// A moment of the show with stars burst (its light) and its sound.
    static let show = ["--effect", "show", "--size", "192x108", "--seed", "1", "--fps", "4", "--frames", "10"]

    static func render(_ arguments: [String], out: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let outcome = try await ConfettiBinary.run(["render", "--out", out] + arguments)
        try #require(outcome.exitedNormally && outcome.status == 0, "render --out \(out): \(outcome.status): \(outcome.stderr)", sourceLocation: sourceLocation)
    }

    /// Frame k of a video as RGBA, decoded by ffmpeg with `decoder` (nil: ffmpeg's choice).
    static func decode(_ path: String, decoder: String? = nil, into scratch: Scratch, name: String) async throws -> [RGBAImage] {
        let pattern = scratch.path("\(name)-%04d.png")
        let arguments = ["-v", "error"] + (decoder.map { ["-c:v", $0] } ?? []) + ["-i", path, "-map", "0:v", "-pix_fmt", "rgba", pattern]
        let decoded = try await Tool.run("ffmpeg", arguments)
        try #require(decoded.status == 0, "ffmpeg could not decode \(path): \(decoded.stderr)")
        let names = scratch.names().filter { $0.hasPrefix("\(name)-") && $0.hasSuffix(".png") }.sorted()
        return try names.map { try PNGFile.read(scratch.path($0)) }
    }

    static func frames(in directory: String) throws -> [RGBAImage] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(PNGFrameDirectory.isFrameName).sorted()
        return try names.map { try PNGFile.read("\(directory)/\($0)") }
    }

    /// How many pixels have alpha 0, alpha strictly between (edges), and alpha 255.
    static func alphaCounts(_ image: RGBAImage) -> (clear: Int, partial: Int, opaque: Int) {
        var counts = (clear: 0, partial: 0, opaque: 0)
        for i in stride(from: 3, to: image.pixels.count, by: 4) {
            switch image.pixels[i] {
            case 0: counts.clear += 1
            case 255: counts.opaque += 1
            default: counts.partial += 1
            }
        }
        return counts
    }

    /// `clip` (straight alpha) laid "over" a colour, rounded to 8 bits, as an editor does it.
    static func over(_ clip: RGBAImage, _ colour: (UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels = clip.pixels
        let background = [colour.0, colour.1, colour.2]
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = Double(clip.pixels[i + 3]) / 255
            for c in 0..<3 {
                let value = Double(clip.pixels[i + c]) * a + Double(background[c]) * (1 - a)
                pixels[i + c] = UInt8(value.rounded())
            }
            pixels[i + 3] = 255
        }
        return RGBAImage(width: clip.width, height: clip.height, pixels: pixels)
    }

    static func largestDifference(_ a: RGBAImage, _ b: RGBAImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    // MARK: Frames

    @Test func pngFramesAreClearWhereNothingIsDrawnAndPartialAtEdges() async throws {
        let scratch = try Scratch("clip-frames")
        try await Self.render(Self.confetti + ["--transparent"], out: scratch.path("frames"))
        let frames = try Self.frames(in: scratch.path("frames"))
        try #require(frames.count == 6)
        let last = frames[5], counts = Self.alphaCounts(last)
        #expect(counts.clear > last.width * last.height / 2, "most of the frame is nothing: \(counts)")
        #expect(counts.partial > 20, "antialiased edges are partly opaque: \(counts)")
        #expect(counts.opaque > 20, "paper is opaque inside: \(counts)")
        // Nothing is drawn where alpha is 0: no colour hides under it.
        let hidden = stride(from: 0, to: last.pixels.count, by: 4).filter { last.pixels[$0 + 3] == 0 && last.pixels[$0..<($0 + 3)].contains { $0 != 0 } }
        #expect(hidden.isEmpty, "\(hidden.count) pixels with alpha 0 hold colour")
    }

    @Test func paperOverTheBackgroundIsTheOpaqueRender() async throws {
        // The clip laid over the viewer's background colour gives the render drawn over it,
        // within 2 levels: straight alpha, un-premultiplied exactly.
        let scratch = try Scratch("clip-over")
        try await Self.render(Self.confetti, out: scratch.path("opaque"))
        try await Self.render(Self.confetti + ["--transparent"], out: scratch.path("clip"))
        let opaque = try Self.frames(in: scratch.path("opaque")), clip = try Self.frames(in: scratch.path("clip"))
        try #require(opaque.count == 6 && clip.count == 6)
        let (r, g, b, _) = SceneRenderer.background.rgba8
        for k in [1, 3, 5] {
            #expect(Self.alphaCounts(clip[k]).partial > 20, "frame \(k) has edges to compare")
            let laid = Self.over(clip[k], (r, g, b))
            #expect(Self.largestDifference(laid, opaque[k]) <= 2, "frame \(k): the clip over the background is off by \(Self.largestDifference(laid, opaque[k])) levels")
        }
    }

    @Test func lightOverBlackIsTheLightAdded() async throws {
        // Stars keep only part of their alpha; the clip raises it to the light's brightest
        // channel, so over black it shows the light the renderer drew, not a dimmer smudge.
        let scratch = try Scratch("clip-light")
        try await Self.render(Self.show + ["--transparent"], out: scratch.path("clip"))
        let clip = try Self.frames(in: scratch.path("clip"))
        try #require(clip.count == 10)
        let last = clip[9]
        var lit = 0, brightest = 0
        for i in stride(from: 0, to: last.pixels.count, by: 4) where last.pixels[i + 3] > 0 {
            lit += 1
            // Straight colour: its brightest channel is full wherever light alone is drawn
            // (alpha = max channel), and never above what alpha allows.
            brightest = max(brightest, Int(last.pixels[i..<(i + 3)].max()!))
        }
        #expect(lit > 100, "stars are drawn: \(lit) pixels")
        #expect(brightest == 255)
        let overBlack = Self.over(last, (0, 0, 0))
        let total = stride(from: 0, to: overBlack.pixels.count, by: 4).map { Int(overBlack.pixels[$0..<($0 + 3)].max()!) }.reduce(0, +)
        #expect(total > 100 * 64, "over black the stars are bright: \(total)")
    }

    // MARK: Videos

    @Test func webmKeepsItsAlphaThroughTheLibvpxDecoder() async throws {
        let scratch = try Scratch("clip-webm")
        try await Self.render(Self.confetti + ["--transparent"], out: scratch.path("clip.webm"))
        let probe = try await Tool.probe(scratch.path("clip.webm"))
        #expect(probe.codec == "vp9" && probe.frames == 6, "\(probe)")
        let decoded = try await Self.decode(scratch.path("clip.webm"), decoder: "libvpx-vp9", into: scratch, name: "vp9")
        try #require(decoded.count == 6)
        let counts = Self.alphaCounts(decoded[5])
        #expect(counts.clear > decoded[5].width * decoded[5].height / 2, "clear where nothing is drawn: \(counts)")
        #expect(counts.partial > 20 && counts.opaque > 20, "partly opaque at edges, opaque inside: \(counts)")
    }

    @Test(arguments: [[], ["--lossless"]])
    func movKeepsItsAlpha(_ codec: [String]) async throws {
        let scratch = try Scratch("clip-mov")
        try await Self.render(Self.confetti + ["--transparent"], out: scratch.path("frames"))
        try await Self.render(Self.confetti + ["--transparent"] + codec, out: scratch.path("clip.mov"))
        let probe = try await Tool.probe(scratch.path("clip.mov"))
        #expect(probe.codec == (codec.isEmpty ? "prores" : "qtrle") && probe.frames == 6, "\(probe)")
        let frames = try Self.frames(in: scratch.path("frames"))
        let decoded = try await Self.decode(scratch.path("clip.mov"), into: scratch, name: "mov")
        try #require(decoded.count == 6)
        let counts = Self.alphaCounts(decoded[5])
        #expect(counts.clear > decoded[5].width * decoded[5].height / 2 && counts.partial > 20 && counts.opaque > 20, "\(counts)")
        if codec.isEmpty {
            // ProRes 4444 keeps alpha in 16 bits: the coverage comes back as it went in.
            let alpha = zip(frames[5].pixels, decoded[5].pixels).enumerated().filter { $0.offset % 4 == 3 }.map { abs(Int($0.element.0) - Int($0.element.1)) }.max() ?? 0
            #expect(alpha <= 1, "ProRes alpha off by \(alpha)")
        } else {
            // QuickTime Animation is lossless: exactly the frames.
            #expect(decoded == frames, "QuickTime Animation decodes to the PNG frames")
        }
    }

    @Test func apngIsExactlyTheFrames() async throws {
        let scratch = try Scratch("clip-apng")
        try await Self.render(Self.confetti + ["--transparent"], out: scratch.path("frames"))
        try await Self.render(Self.confetti + ["--transparent"], out: scratch.path("sticker.apng"))
        let decoded = try await Self.decode(scratch.path("sticker.apng"), into: scratch, name: "apng")
        #expect(decoded == (try Self.frames(in: scratch.path("frames"))))
    }

    @Test(arguments: ["webm", "mov", "apng", "webp"])
    func sameOptionsGiveTheSameBytesWithTheSoundTrack(_ format: String) async throws {
        let scratch = try Scratch("clip-twice")
        for name in ["a", "b"] {
            try await Self.render(Self.show + ["--transparent"], out: scratch.path("\(name).\(format)"))
        }
        let a = FileManager.default.contents(atPath: scratch.path("a.\(format)")), b = FileManager.default.contents(atPath: scratch.path("b.\(format)"))
        #expect(a != nil && a == b, "two renders of .\(format) with the same options are the same bytes")
        let streams = try await Tool.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", scratch.path("a.\(format)")])
        let types = streams.stdout.split(separator: "\n").map(String.init)
        let sound = VideoFormat(rawValue: format)!.hasAudio
        #expect(types == (sound ? ["video", "audio"] : ["video"]), ".\(format): \(types)")
        if sound {
            try await Self.render(Self.show + ["--transparent", "--mute"], out: scratch.path("muted.\(format)"))
            let muted = try await Tool.run("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", scratch.path("muted.\(format)")])
            #expect(muted.stdout.split(separator: "\n") == ["video"], "--mute leaves the sound out: \(muted.stdout)")
        }
    }

    @Test(arguments: ["mp4", "gif"])
    func formatsWithoutAlphaAreRefused(_ format: String) async throws {
        let scratch = try Scratch("clip-refused")
        let outcome = try await ConfettiBinary.run(["render", "--transparent", "--out", scratch.path("clip.\(format)")] + Self.confetti)
        expectOneLine(outcome, mentioning: ["--transparent", ".\(format)", "no alpha", ".webm", ".mov"])
        #expect(scratch.names().isEmpty, "nothing is created")
    }

    @Test func losslessIsForMovOnly() async throws {
        let scratch = try Scratch("clip-lossless")
        let outcome = try await ConfettiBinary.run(["render", "--lossless", "--transparent", "--out", scratch.path("clip.webm")] + Self.confetti)
        expectOneLine(outcome, mentioning: ["--lossless", ".mov", "clip.webm"])
        #expect(scratch.names().isEmpty, "nothing is created")
    }

    // MARK: An editor

    /// Runs melt to its end and returns the names of the files it wrote that begin `prefix`.
    ///
    /// MLT 7.12's avformat consumer marks itself running only after it has started its thread,
    /// and a thread that looks before that ends at once, having written nothing: melt then exits
    /// 0 with no frame, or waits forever in its main loop, alone, for the consumer that has
    /// already ended (on a busy machine, 10 of 43 runs; on one shared core, 4 in 10). A run that
    /// writes no frame and ends so, or waits so, is stopped and run again; one that writes a
    /// frame is the consumer at work, and is waited for to its end. Any other failure fails the
    /// test, and so does a melt that does none of these within the stall guard (a run is never
    /// cut short for being slow: on a busy machine its first frame may take minutes).
    static func runMelt(_ melt: String, _ arguments: [String], writing prefix: String, in scratch: Scratch) async throws -> [String] {
        func written() -> [String] { scratch.names().filter { $0.hasPrefix(prefix) }.sorted() }
        var attempts: [String] = []
        for _ in 1...20 {
            for name in written() { try FileManager.default.removeItem(atPath: scratch.path(name)) }
            let process = try ChildProcess([melt] + arguments, environment: ConfettiBinary.environment())
            defer { process.stop() }
            // The stall guard is the last resort, for a melt that hangs some other way.
            let moved = await eventually(within: 300) { process.hasEnded || !written().isEmpty || Self.waitsAlone(process.pid) }
            guard moved else { throw TestFailure("melt neither wrote a frame, ended nor waited alone within 300 s: \(process.errorOutput.suffix(2000))") }
            let ending = process.termination
            if !written().isEmpty || ending != nil && ending != .exited(0) {
                let outcome = try await process.outcome(within: 300)
                try #require(outcome.exitedNormally && outcome.status == 0, "melt: \(outcome.status): \(outcome.stderr.suffix(2000))")
                if !attempts.isEmpty { print("melt: its consumer started on run \(attempts.count + 1), after \(attempts)") }
                return written()
            }
            attempts.append(ending != nil ? "exit 0 with no frame" : "its main loop alone")
        }
        throw TestFailure("melt's consumer never started in 20 runs: \(attempts)")
    }

    /// A process with one thread, asleep in nanosleep: melt's main loop (which polls its
    /// consumer every 40 ms) once the consumer's thread has gone. Before the loop melt does not
    /// sleep, and while its consumer works it has that thread too.
    static func waitsAlone(_ pid: pid_t) -> Bool {
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task"))?.count ?? 0
        let waiting = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? ""
        return threads == 1 && waiting.contains("nanosleep")
    }

    @Test func meltLaysTheClipOverAColour() async throws {
        // MLT, the engine of Kdenlive and Shotcut, composites the ProRes clip over red with its
        // affine transition: red shows through where nothing is drawn, the confetti where it is.
        let melt = try Tool.locate("melt")
        let scratch = try Scratch("clip-melt")
        try await Self.render(Self.confetti + ["--transparent"], out: scratch.path("clip.mov"))
        try await Self.render(Self.confetti + ["--transparent"], out: scratch.path("frames"))
        // The project's profile: the clip's size and rate, square pixels.
        let profile = """
            description=clip
            frame_rate_num=10
            frame_rate_den=1
            width=192
            height=108
            progressive=1
            sample_aspect_num=1
            sample_aspect_den=1
            display_aspect_num=16
            display_aspect_den=9
            colorspace=709

            """
        try profile.write(toFile: scratch.path("profile"), atomically: true, encoding: .utf8)
        let names = try await Self.runMelt(melt, [
            "-silent", "-profile", scratch.path("profile"), "color:#ff0000", "out=5", "-track", scratch.path("clip.mov"),
            "-transition", "affine", "a_track=0", "b_track=1",
            // real_time=0: the consumer's own thread renders every frame in turn (by default
            // avformat adds a render thread), so while it works melt has that thread besides its
            // main loop, which `waitsAlone` counts on.
            "-consumer", "avformat:" + scratch.path("melt-%04d.png"), "vcodec=png", "pix_fmt=rgba", "real_time=0",
        ], writing: "melt-", in: scratch)
        try #require(names.count == 6, "melt wrote \(names)")
        let composite = try PNGFile.read(scratch.path(names[5]))
        let clip = try Self.frames(in: scratch.path("frames"))[5]
        try #require(composite.width == clip.width && composite.height == clip.height)
        var red = 0, covered = 0, confetti = 0
        for i in stride(from: 0, to: clip.pixels.count, by: 4) {
            let p = composite.pixels[i..<(i + 3)].map(Int.init)
            switch clip.pixels[i + 3] {
            case 0:
                if p[0] > 240 && p[1] < 15 && p[2] < 15 { red += 1 }
            case 255:
                covered += 1
                let drawn = clip.pixels[i..<(i + 3)].map(Int.init)
                if zip(p, drawn).allSatisfy({ abs($0 - $1) <= 12 }) { confetti += 1 }
            default: break
            }
        }
        let clear = Self.alphaCounts(clip).clear
        #expect(red > clear * 95 / 100, "the colour shows through where nothing is drawn: \(red) of \(clear) pixels red")
        #expect(covered > 20 && confetti > covered * 9 / 10, "the confetti is over it: \(confetti) of \(covered) opaque pixels")
    }
}
