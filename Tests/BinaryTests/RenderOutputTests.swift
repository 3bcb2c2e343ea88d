import ConfettiApp
import ConfettiGL
import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#endif

// `render --out` to videos and frame directories, run through the real binary: videos decode
// to the right frames and are reproducible, and no output is ever half-written, mixed with
// another render's, or written through a link, whatever happens meanwhile (signals, a second
// render, a full or read-only disk, a missing or failing ffmpeg).

/// A directory for one test, removed when it is dropped.
final class Scratch {
    let url: URL
    var path: String { url.path }

    init(_ label: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Every name in `directory` (this one if nil), hidden ones included, sorted.
    func names(in directory: String? = nil) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory ?? path)) ?? []).sorted()
    }
}

/// Runs confetti in a private mount namespace with a small tmpfs at a directory that stands for
/// `MNT` in the arguments: full (`fill`) or read-only if asked. What the tmpfs held afterwards
/// is copied to `files` for inspection. Root uses `unshare -m`, others a user namespace.
func runOnSmallFilesystem(size: String, fill: Bool = false, readOnly: Bool = false, _ arguments: [String]) async throws -> (outcome: ChildProcess.Outcome, files: Scratch) {
    let mount = try Scratch("mnt"), files = try Scratch("copy")
    let script = """
        mnt=$1; copy=$2; size=$3; fill=$4; ro=$5; shift 5
        mount -t tmpfs -o size=$size tmpfs "$mnt" || exit 90
        if [ "$fill" = 1 ]; then head -c 64M /dev/zero > "$mnt/filler" 2>/dev/null; fi
        if [ "$ro" = 1 ]; then mount -o remount,ro "$mnt" || exit 91; fi
        "$@"; status=$?
        cp -a "$mnt/." "$copy/" || exit 92
        exit $status
        """
    let unshare = try Tool.locate("unshare")
    let namespace = geteuid() == 0 ? ["-m"] : ["-r", "-m"]
    let result = try await ConfettiBinary.run(
        namespace + ["sh", "-c", script, "sh", mount.path, files.path, size, fill ? "1" : "0", readOnly ? "1" : "0",
                     try ConfettiBinary.url().path] + arguments.map { $0.replacingOccurrences(of: "MNT", with: mount.path) },
        executable: URL(fileURLWithPath: unshare))
    if [90, 91, 92].contains(result.status) {
        throw TestFailure("could not set up a small tmpfs in a private mount namespace (\(unshare) \(namespace.joined(separator: " "))): status \(result.status): \(result.stderr)")
    }
    return (result, files)
}

/// The one line of a refusal: exactly one line on stderr, starting with `confetti: `.
func expectOneLine(_ outcome: ChildProcess.Outcome, status: Int32 = 2, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(outcome.exitedNormally && outcome.status == status, "exit \(outcome.status) (wanted \(status)): \(outcome.stderr)", sourceLocation: sourceLocation)
    let lines = outcome.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].hasPrefix("confetti: "), "one line: \(outcome.stderr)", sourceLocation: sourceLocation)
    for word in words {
        #expect(outcome.stderr.contains(word), "the message does not mention '\(word)': \(outcome.stderr)", sourceLocation: sourceLocation)
    }
}

/// Every `frame-*.png` in `directory`: numbered 0..<n without gaps, each decoding completely.
func expectCompleteFrames(in directory: String, width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter(PNGFrameDirectory.isFrameName).sorted()
    #expect(names == (0..<names.count).map(PNGFrameDirectory.frameName), "frames without gaps: \(names)", sourceLocation: sourceLocation)
    for name in names {
        do {
            let image = try PNGFile.read("\(directory)/\(name)")
            #expect(image.width == width && image.height == height, "\(name) is \(image.width)x\(image.height)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("\(name) does not decode: \(error)", sourceLocation: sourceLocation)
        }
    }
    return names.count
}

@Suite(.serialized) struct RenderOutputTests {
    // MARK: Videos

    @Test(arguments: [(VideoFormat.mp4, "h264"), (.webm, "vp8"), (.gif, "gif")])
    func videoHasItsFramesAndTheSameSeedGivesTheSameFrames(_ format: VideoFormat, _ codec: String) async throws {
        _ = try Tool.locate("ffmpeg")
        let scratch = try Scratch("video")
        func render(_ name: String, seed: Int) async throws -> String {
            let path = scratch.path("\(name).\(format.rawValue)")
            let outcome = try await ConfettiBinary.run(["render", "--out", path, "--size", "160x90", "--frames", "12", "--seed", "\(seed)"])
            #expect(outcome.status == 0 && outcome.exitedNormally, "\(outcome.status): \(outcome.stderr)")
            #expect(outcome.stdout.contains("wrote \(path)"), "\(outcome.stdout)")
            #expect(outcome.stderr.isEmpty, "no progress bar off a terminal: \(outcome.stderr.debugDescription)")
            // The summary gives the file's size as written.
            let size = FileManager.default.contents(atPath: path)?.count ?? 0
            #expect(size > 0 && outcome.stdout.contains(", \(size) bytes, in "), "\(size) bytes: \(outcome.stdout)")
            return path
        }
        let first = try await render("a", seed: 3), second = try await render("b", seed: 3), other = try await render("c", seed: 4)
        // Nothing beside the videos: no temporary file, no lock.
        #expect(scratch.names() == ["a", "b", "c"].map { "\($0).\(format.rawValue)" })

        let probe = try await Tool.probe(first)
        #expect(probe.codec == codec && probe.width == 160 && probe.height == 90 && probe.frames == 12, "\(probe)")
        let a = try await Tool.frameMD5s(first), b = try await Tool.frameMD5s(second), c = try await Tool.frameMD5s(other)
        #expect(a.count == 12 && b.count == 12 && c.count == 12)
        #expect(a == b, "the same seed decodes to the same frames")
        #expect(a != c, "another seed gives other frames")
        // The frames are an animation, not one picture twelve times.
        #expect(Set(a.map { $0.split(separator: ",").last! }).count >= 6)
        // And the files are byte-identical too: no dates, versions or random ids in them.
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
    }

    @Test func videoShowsTheFramesThatWereDrawn() async throws {
        // The mp4's decoded frame k is the PNG frame k, up to H.264's loss.
        let scratch = try Scratch("video-pixels")
        let arguments = ["--size", "320x180", "--frames", "8", "--seed", "9", "--effect", "confetti"]
        await #expect(try ConfettiBinary.run(["render", "--out", scratch.path("frames")] + arguments).status == 0)
        await #expect(try ConfettiBinary.run(["render", "--out", scratch.path("celebration.mp4")] + arguments).status == 0)
        let decoded = try await Tool.run("ffmpeg", ["-v", "error", "-i", scratch.path("celebration.mp4"), "-pix_fmt", "rgba", scratch.path("decoded-%04d.png")])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        for k in [0, 4, 7] {
            let png = try PNGFile.read(scratch.path("frames/\(PNGFrameDirectory.frameName(k))"))
            let video = try PNGFile.read(scratch.path(String(format: "decoded-%04d.png", k + 1)))
            #expect(video.width == png.width && video.height == png.height)
            let error = zip(png.pixels, video.pixels).enumerated().filter { $0.offset % 4 != 3 }
                .map { abs(Int($0.element.0) - Int($0.element.1)) }.reduce(0, +)
            let mean = Double(error) / Double(png.width * png.height * 3)
            #expect(mean < 3, "frame \(k): mean error \(mean) per channel")
        }
    }

    @Test func unknownExtensionIsOneMessageAndNothingIsCreated() async throws {
        let scratch = try Scratch("ext")
        for name in ["celebration.avi", "celebration.png", "out/frames.v2"] {
            let outcome = try await ConfettiBinary.run(["render", "--out", scratch.path(name), "--frames", "1"])
            expectOneLine(outcome, mentioning: [name.split(separator: "/").last!.split(separator: ".").last!.description, ".mp4", ".webm", ".gif", "directory"])
            #expect(scratch.names().isEmpty, "nothing created for \(name): \(scratch.names())")
        }
        let empty = try await ConfettiBinary.run(["render", "--out", ""])
        #expect(empty.status == 2 && empty.stderr.hasPrefix("confetti: --out is empty"), "\(empty.stderr)")
    }

    @Test func missingFFmpegIsOneMessageAndNothingIsCreated() async throws {
        let scratch = try Scratch("no-ffmpeg")
        let emptyPath = scratch.path("bin")
        try FileManager.default.createDirectory(atPath: emptyPath, withIntermediateDirectories: true)
        for format in VideoFormat.allCases {
            let outcome = try await ConfettiBinary.run(["render", "--out", scratch.path("celebration.\(format.rawValue)"), "--frames", "2"],
                                                  environment: ["PATH": emptyPath])
            expectOneLine(outcome, mentioning: ["celebration.\(format.rawValue)", "ffmpeg is not installed", "apt-get install ffmpeg", "directory"])
        }
        #expect(scratch.names() == ["bin"])
    }

    @Test func failingFFmpegIsReportedWithItsLastWordsAndLeavesNoFile() async throws {
        // A stand-in ffmpeg that writes some bytes to its output, complains, and fails.
        let scratch = try Scratch("bad-ffmpeg")
        let bin = scratch.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let fake = """
            #!/bin/sh
            for last; do :; done
            printf 'half a video' > "${last#file:}"
            head -c 50000 > /dev/null
            echo "[libx264 @ 0x5555deadbeef] something is wrong with the encoder" >&2
            echo "Conversion failed!" >&2
            exit 1
            """
        try await ChildProcess.installExecutable(fake, at: URL(fileURLWithPath: "\(bin)/ffmpeg"))
        let outcome = try await ConfettiBinary.run(["render", "--out", scratch.path("out/celebration.mp4"), "--size", "160x90", "--frames", "6"],
                                              environment: ["PATH": bin])
        expectOneLine(outcome, mentioning: ["cannot write", "celebration.mp4", "ffmpeg failed", "exit status 1",
                                            "[libx264] something is wrong with the encoder", "Conversion failed!"])
        #expect(scratch.names(in: scratch.path("out")).isEmpty, "no video, no temporary file, no lock: \(scratch.names(in: scratch.path("out")))")
    }

    @Test func oddSizeForH264IsRefusedBeforeAnythingIsCreated() async throws {
        let scratch = try Scratch("odd")
        let outcome = try await ConfettiBinary.run(["render", "--out", scratch.path("celebration.mp4"), "--size", "161x91"])
        #expect(outcome.status == 2 && outcome.stderr.hasPrefix("confetti: --size 161x91"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("162x92"))
        #expect(scratch.names().isEmpty)
    }

    // MARK: Signals

    @Test(arguments: [SIGINT, SIGTERM])
    func signalDuringFramesStopsWithCompleteFramesOnly(_ signal: Int32) async throws {
        // A render started and watched: a slot of the pool of heavy work until the test ends.
        let slot = await HeavySlot.take()
        defer { slot.release() }
        let scratch = try Scratch("signal-frames")
        let dir = scratch.path("frames")
        let render = try ConfettiBinary.start(["render", "--out", dir, "--size", "1920x1080", "--frames", "300"])
        defer { render.stop() }
        // Stopped as soon as its first frame is there: a quick render could otherwise finish
        // before a test's poll on a busy machine sees that frame.
        let appeared = await render.freeze(once: { FileManager.default.fileExists(atPath: "\(dir)/frame-0000.png") }, within: 120)
        try #require(appeared, "the first frame appeared while the render ran: \(render.errorOutput)")
        // Frozen, it cannot finish before the signal arrives; the signal waits for it to go on.
        await render.whileFrozen { render.send(signal) }
        let outcome = try await render.outcome(within: 120)
        expectOneLine(outcome, status: 128 + signal, mentioning: ["interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")", "complete", "nothing partial"])
        // No temporary file, no lock; every frame there is whole.
        #expect(scratch.names(in: dir).allSatisfy { !$0.hasPrefix(".") }, "\(scratch.names(in: dir))")
        let frames = expectCompleteFrames(in: dir, width: 1920, height: 1080)
        #expect(frames >= 1 && frames < 300, "\(frames) frames")
        #expect(outcome.stderr.contains("holds \(frames) complete frame"), "\(outcome.stderr)")
    }

    @Test(arguments: [(SIGINT, VideoFormat.mp4), (SIGTERM, .webm), (SIGINT, .gif)])
    func signalDuringVideoLeavesNoFileAndNoFFmpeg(_ signal: Int32, _ format: VideoFormat) async throws {
        // A render started and watched: a slot of the pool of heavy work until the test ends.
        let slot = await HeavySlot.take()
        defer { slot.release() }
        _ = try Tool.locate("ffmpeg")
        let scratch = try Scratch("signal-video")
        let path = scratch.path("celebration.\(format.rawValue)")
        let render = try ConfettiBinary.start(["render", "--out", path, "--size", "1920x1080", "--frames", "300"])
        defer { render.stop() }
        // Under way: ffmpeg, writing the temporary file, has read two frames (8 MB each) from
        // the render.
        let twoFrames = 2 * 1920 * 1080 * 4
        let temporary = scratch.path(".celebration")
        let underWay = await render.freeze(once: { Tool.processes(mentioning: temporary).contains { Tool.bytesRead(by: $0) >= twoFrames } }, within: 120)
        try #require(underWay, "ffmpeg read two frames while the render ran: \(render.errorOutput)")
        await render.whileFrozen { render.send(signal) }
        let outcome = try await render.outcome(within: 120)
        expectOneLine(outcome, status: 128 + signal, mentioning: ["interrupted", "removed the unfinished \(path)"])
        #expect(scratch.names().isEmpty, "no video, no temporary file, no lock: \(scratch.names())")
        #expect(await eventually(within: 30) { Tool.processes(mentioning: scratch.path).isEmpty }, "ffmpeg was ended")
    }

    // MARK: One render per directory

    @Test func secondRenderIsRefusedWhileTheFirstHoldsTheDirectory() async throws {
        // A render started and watched: a slot of the pool of heavy work until the test ends.
        let slot = await HeavySlot.take()
        defer { slot.release() }
        let scratch = try Scratch("race")
        let dir = scratch.path("frames")
        let first = try ConfettiBinary.start(["render", "--out", dir, "--size", "1280x720", "--frames", "60", "--seed", "5"])
        defer { first.stop() }
        let writing = await first.freeze(once: { FileManager.default.fileExists(atPath: "\(dir)/frame-0000.png") }, within: 120)
        try #require(writing, "the first render wrote its first frame: \(first.errorOutput)")
        // Frozen, the first render holds the directory for as long as the second one takes.
        let second = try await first.whileFrozen {
            try await ConfettiBinary.run(["render", "--out", dir, "--size", "160x90", "--frames", "3", "--seed", "6", "--force"])
        }
        expectOneLine(second, mentioning: ["\(dir) is being written by another render (pid \(first.pid)", ".confetti-render.lock"])
        let outcome = try await first.outcome(within: 300)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Sixty frames of the first render, none of the second's 160x90 ones, and no lock left.
        #expect(expectCompleteFrames(in: dir, width: 1280, height: 720) == 60)
        #expect(scratch.names(in: dir).filter { $0.hasPrefix(".") }.isEmpty, "\(scratch.names(in: dir))")
    }

    @Test func lockOfADeadRenderIsTakenOver() async throws {
        let scratch = try Scratch("stale")
        let dir = scratch.path("frames")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // The PID of a process that has exited.
        let gone = try ChildProcess(["true"], environment: [:])
        _ = try await gone.outcome(within: 60)
        try "\(gone.pid)\n".write(toFile: "\(dir)/.confetti-render.lock", atomically: false, encoding: .utf8)
        let outcome = try await ConfettiBinary.run(["render", "--out", dir, "--size", "160x90", "--frames", "3"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(scratch.names(in: dir) == ["frame-0000.png", "frame-0001.png", "frame-0002.png"], "the lock is removed at the end")
    }

    // MARK: Earlier frames

    @Test func earlierFramesAreRefusedWithoutForceAndOnlyTheyAreRemovedWithIt() async throws {
        let scratch = try Scratch("earlier")
        let dir = scratch.path("frames")
        await #expect(try ConfettiBinary.run(["render", "--out", dir, "--size", "32x18", "--frames", "100"]).status == 0)
        try "mine".write(toFile: "\(dir)/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(dir)/frame-dir", withIntermediateDirectories: true)
        let before = FileManager.default.contents(atPath: "\(dir)/frame-0000.png")

        let refused = try await ConfettiBinary.run(["render", "--out", dir, "--size", "64x36", "--frames", "3", "--seed", "2"])
        expectOneLine(refused, mentioning: [dir, "100 frames", "frame-0000.png … frame-0099.png", "--force"])
        #expect(FileManager.default.contents(atPath: "\(dir)/frame-0000.png") == before, "untouched when refused")
        #expect(expectCompleteFrames(in: dir, width: 32, height: 18) == 100)

        let forced = try await ConfettiBinary.run(["render", "--out", dir, "--size", "64x36", "--frames", "3", "--seed", "2", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        // frame-0099.png of the longer render is gone; the new three are there; other files stay.
        #expect(scratch.names(in: dir) == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-dir", "notes.txt"])
        #expect(expectCompleteFrames(in: dir, width: 64, height: 36) == 3)
        #expect(try String(contentsOfFile: "\(dir)/notes.txt", encoding: .utf8) == "mine")
    }

    /// A render killed with SIGKILL leaves the frame it was writing under its temporary name;
    /// the next render into the directory, which holds its lock, removes it.
    @Test func aFrameHalfWrittenByAKilledRenderIsRemovedByTheNext() async throws {
        let scratch = try Scratch("killed")
        let dir = scratch.path("frames")
        await #expect(try ConfettiBinary.run(["render", "--out", dir, "--size", "32x18", "--frames", "3"]).status == 0)
        // What SIGKILL leaves halfway through frame 3 of a render that was process 4194303.
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: "\(dir)/.frame-0003.png.tmp-4194303"))
        let forced = try await ConfettiBinary.run(["render", "--out", dir, "--size", "32x18", "--frames", "2", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(scratch.names(in: dir) == ["frame-0000.png", "frame-0001.png"])
    }

    // MARK: Links

    @Test func aLinkNamedLikeAFrameIsNeverWrittenThrough() async throws {
        let scratch = try Scratch("links")
        let dir = scratch.path("frames"), victim = scratch.path("victim"), missing = scratch.path("missing")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/frame-0000.png", withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/frame-0001.png", withDestinationPath: missing)

        let refused = try await ConfettiBinary.run(["render", "--out", dir, "--size", "64x36", "--frames", "3"])
        expectOneLine(refused, mentioning: ["2 frames", "--force"])
        let forced = try await ConfettiBinary.run(["render", "--out", dir, "--size", "64x36", "--frames", "3", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")

        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious", "the link's target is untouched")
        #expect(!FileManager.default.fileExists(atPath: missing), "a dangling link's target is not created")
        #expect(EntryKind.of("\(dir)/frame-0000.png") == .file && EntryKind.of("\(dir)/frame-0001.png") == .file, "the links were replaced by frames")
        #expect(expectCompleteFrames(in: dir, width: 64, height: 36) == 3)
    }

    @Test func outThatIsALinkToADirectoryIsFollowed() async throws {
        let scratch = try Scratch("out-link")
        try FileManager.default.createDirectory(atPath: scratch.path("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link"), withDestinationPath: scratch.path("real"))
        let outcome = try await ConfettiBinary.run(["render", "--out", scratch.path("link"), "--size", "64x36", "--frames", "2"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(EntryKind.of(scratch.path("link")) == .symlink)
        #expect(scratch.names(in: scratch.path("real")) == ["frame-0000.png", "frame-0001.png"])
    }

    // MARK: Full and read-only disks

    @Test func fullDiskDuringFramesIsOneLineAndLeavesOnlyCompleteFrames() async throws {
        let (outcome, files) = try await runOnSmallFilesystem(size: "96k", ["render", "--out", "MNT/frames", "--size", "640x360", "--frames", "45"])
        expectOneLine(outcome, mentioning: ["cannot write", "/frames/frame-", ".png: no space left on device"])
        let dir = files.path("frames")
        #expect(files.names(in: dir).allSatisfy { !$0.hasPrefix(".") }, "no temporary file, no lock: \(files.names(in: dir))")
        let frames = expectCompleteFrames(in: dir, width: 640, height: 360)
        #expect(frames >= 1 && frames < 45, "\(frames) frames fitted")
    }

    @Test(arguments: VideoFormat.allCases)
    func fullDiskDuringVideoLeavesNoFile(_ format: VideoFormat) async throws {
        _ = try Tool.locate("ffmpeg")
        // Room for the lock, not for the video (over 100 kB): ffmpeg itself runs out of space.
        // ffmpeg 5.1 says so and still exits 0 unless told -xerror; either way it is a failure.
        // Muted: with sound, the track's WAV for ffmpeg would run out of space first (below).
        let name = "celebration.\(format.rawValue)"
        let (outcome, files) = try await runOnSmallFilesystem(size: "32k", ["render", "--out", "MNT/\(name)", "--size", "640x360", "--frames", "45", "--mute"])
        expectOneLine(outcome, mentioning: ["cannot write", "/\(name): ffmpeg failed", "No space left on device"])
        #expect(!outcome.stderr.contains(".tmp-"), "the message names the final file: \(outcome.stderr)")
        #expect(files.names().isEmpty, "no video, no temporary file, no lock: \(files.names())")
        if format.hasAudio {
            // The sound track's WAV, written beside the video before ffmpeg starts, does not fit.
            let (loud, none) = try await runOnSmallFilesystem(size: "32k", ["render", "--out", "MNT/\(name)", "--size", "640x360", "--frames", "45"])
            expectOneLine(loud, mentioning: ["cannot write", "/\(name): no space left on device"])
            #expect(none.names().isEmpty, "no video, no temporary file, no lock: \(none.names())")
        }
        // With no room for anything, the lock fails first, and is not left behind either.
        let (full, nothing) = try await runOnSmallFilesystem(size: "16k", fill: true, ["render", "--out", "MNT/\(name)", "--frames", "2"])
        expectOneLine(full, mentioning: ["cannot write", "\(name): no space left on device"])
        #expect(nothing.names() == ["filler"], "\(nothing.names())")
    }

    @Test func readOnlyDiskIsOneLine() async throws {
        let (frames, _) = try await runOnSmallFilesystem(size: "64k", readOnly: true, ["render", "--out", "MNT/frames", "--frames", "2"])
        expectOneLine(frames, mentioning: ["cannot create directory", "/frames: read-only file system"])
        let (video, _) = try await runOnSmallFilesystem(size: "64k", readOnly: true, ["render", "--out", "MNT/celebration.gif", "--frames", "2"])
        expectOneLine(video, mentioning: ["cannot write", "/celebration.gif: read-only file system"])
    }

    static let quickBench = ["--counts", "1k", "--rounds", "1", "--no-scenarios", "--size", "64x64", "--frame-budget", "1000"]

    @Test func benchJSONOntoAFullDiskIsOneLineAndNoEmptyFile() async throws {
        let (outcome, files) = try await runOnSmallFilesystem(size: "16k", fill: true, ["bench", "--json", "MNT/out/bench.json"] + Self.quickBench)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("confetti: cannot write ") && outcome.stderr.contains("/out/bench.json: no space left on device"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("Error Domain"), "no NSError dump")
        #expect(files.names() == ["filler", "out"] && files.names(in: files.path("out")).isEmpty,
                "no bench.json, empty or not, and no temporary file: \(files.names()) \(files.names(in: files.path("out")))")
    }

    @Test func benchOutputsOntoUnwritablePlacesFailBeforeMeasuring() async throws {
        let (readOnly, files) = try await runOnSmallFilesystem(size: "64k", readOnly: true, ["bench", "--plot", "MNT/plot.png"] + Self.quickBench)
        expectOneLine(readOnly, mentioning: ["cannot write", "/plot.png: read-only file system"])
        #expect(files.names().isEmpty)
        // A device that is always full: written straight into, and the error said in words.
        let full = try await ConfettiBinary.run(["bench", "--json", "/dev/full"] + Self.quickBench)
        #expect(full.status == 2 && full.stderr.contains("confetti: cannot write /dev/full: no space left on device"), "\(full.stderr)")
        let scratch = try Scratch("bench-dir")
        let directory = try await ConfettiBinary.run(["bench", "--json", scratch.path])
        expectOneLine(directory, mentioning: ["cannot write \(scratch.path): it is a directory"])
    }

    // MARK: Progress

    @Test func progressBarOnATerminalOnly() async throws {
        let scratch = try Scratch("progress")
        let command = "\(try ConfettiBinary.url().path) render --out \(scratch.path("frames")) --size 160x90 --frames 24"
        let terminal = try await Tool.run("script", ["-qec", command, "/dev/null"])
        #expect(terminal.status == 0, "\(terminal.stdout)")
        let redraws = terminal.stdout.components(separatedBy: "\r").filter { $0.contains("frames/s") }
        #expect(redraws.count >= 2, "redrawn in place: \(terminal.stdout.debugDescription)")
        #expect(terminal.stdout.contains(" 0/24 frames") && terminal.stdout.contains("24/24 frames"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("done in"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("[" + String(repeating: "#", count: 10)), "a bar: \(terminal.stdout)")

        let piped = try await ConfettiBinary.run(["render", "--out", scratch.path("frames"), "--size", "160x90", "--frames", "24", "--force"])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "nothing on stderr off a terminal: \(piped.stderr.debugDescription)")
    }

    @Test func progressLineSaysDoneTotalRateAndTimeLeft() async {
        let line = ProgressBar.line(label: "celebration.mp4", done: 15, total: 60, elapsed: 3, columns: 100)
        #expect(line.hasPrefix("celebration.mp4 [") && line.contains("15/60 frames") && line.contains("5.0 frames/s") && line.hasSuffix("0:09 left"), "\(line)")
        #expect(line.count < 100)
        #expect(ProgressBar.line(label: "x", done: 60, total: 60, elapsed: 75, columns: 100).hasSuffix("done in 1:15"))
        #expect(ProgressBar.line(label: "x", done: 0, total: 60, elapsed: 0, columns: 100).contains(" 0/60 frames"))
        #expect(ProgressBar.line(label: "x", done: 1, total: 100_000, elapsed: 1, columns: 100).hasSuffix("27:46:39 left"))
        // Narrow terminals drop the bar, not the numbers.
        let narrow = ProgressBar.line(label: "celebration.mp4", done: 15, total: 60, elapsed: 3, columns: 40)
        #expect(!narrow.contains("[") && narrow.contains("15/60 frames"), "\(narrow)")
    }

    @Test func aTruncatedFrameDoesNotDecode() async throws {
        // What the signal and full-disk tests rely on: PNGFile.read refuses a cut-off file.
        let scratch = try Scratch("truncated")
        await #expect(try ConfettiBinary.run(["render", "--out", scratch.path("f"), "--size", "320x180", "--frames", "12"]).status == 0)
        let bytes = try #require(FileManager.default.contents(atPath: scratch.path("f/frame-0011.png")))
        #expect(try PNGFile.read(scratch.path("f/frame-0011.png")).width == 320)
        for cut in [bytes.count / 3, bytes.count / 2, bytes.count - 13] {
            let path = scratch.path("cut-\(cut).png")
            try bytes.prefix(cut).write(to: URL(fileURLWithPath: path))
            #expect(throws: (any Error).self, "\(cut) of \(bytes.count) bytes") { try PNGFile.read(path) }
        }
    }

    // MARK: Pure rules

    @Test func outputTypeIsDecidedByTheExtension() async throws {
        #expect(try OutputTarget.parse("celebration.mp4") == .video(path: "celebration.mp4", format: .mp4))
        #expect(try OutputTarget.parse("a/b/Celebration.WEBM") == .video(path: "a/b/Celebration.WEBM", format: .webm))
        #expect(try OutputTarget.parse("party.gif") == .video(path: "party.gif", format: .gif))
        #expect(try OutputTarget.parse("clip.mov") == .video(path: "clip.mov", format: .mov))
        #expect(try OutputTarget.parse("sticker.apng") == .video(path: "sticker.apng", format: .apng))
        #expect(try OutputTarget.parse("sticker.webp") == .video(path: "sticker.webp", format: .webp))
        #expect(try OutputTarget.parse("out/render") == .frames(directory: "out/render"))
        #expect(try OutputTarget.parse(".frames") == .frames(directory: ".frames"))
        #expect(try OutputTarget.parse("frames.v2/") == .frames(directory: "frames.v2/"))
        #expect(try OutputTarget.parse("/tmp") == .frames(directory: "/tmp"))
        #expect(throws: OutputRefusal.self) { try OutputTarget.parse("celebration.avi") }
        #expect(throws: OutputRefusal.self) { try OutputTarget.parse("") }
    }

    @Test func errnoIsSaidInWords() async {
        #expect(FileFailure("write", "out/frame-0003.png", errno: EROFS).description == "cannot write out/frame-0003.png: read-only file system")
        #expect(FileFailure.reason(EACCES) == "permission denied")
        #expect(FileFailure.reason(ENOSPC) == "no space left on device")
        #expect(FileFailure.reason(EDQUOT) == "disk quota exceeded")
        #expect(FileFailure.reason(EXDEV) == "invalid cross-device link")
    }
}
