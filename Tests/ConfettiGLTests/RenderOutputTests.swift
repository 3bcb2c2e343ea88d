import ConfettiApp
import ConfettiGL
import Foundation
import Testing
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

/// The confetti binary started and not yet waited for: to send it signals, or race it.
final class RunningConfetti {
    let process = Process()
    private let logs: Scratch
    private let out: URL, err: URL

    init(_ arguments: [String], environment overrides: [String: String] = [:]) throws {
        logs = try Scratch("logs")
        out = logs.url.appendingPathComponent("out")
        err = logs.url.appendingPathComponent("err")
        process.executableURL = try ConfettiBinary.url()
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        for (key, value) in overrides { environment[key] = value }
        process.environment = environment
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }

    func signal(_ signal: Int32) { kill(pid, signal) }

    func wait() -> ConfettiBinary.Outcome {
        process.waitUntilExit()
        return ConfettiBinary.Outcome(
            status: process.terminationStatus, exitedNormally: process.terminationReason == .exit,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "", stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? ""
        )
    }

    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ConfettiBinary.Outcome {
        try RunningConfetti(arguments, environment: environment).wait()
    }
}

/// Polls `condition` every 20 ms for up to `seconds`.
func waitUntil(_ seconds: Double, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}

/// Other programs the tests use: ffmpeg and ffprobe (make test installs them), util-linux.
enum Tool {
    static func locate(_ name: String) throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        let package = ["ffmpeg", "ffprobe"].contains(name) ? "ffmpeg" : "util-linux"
        throw TestFailure("\(name) is not installed, and these tests need it: run `make test`, which installs it, or apt-get install \(package)")
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func run(_ name: String, _ arguments: [String]) throws -> Result {
        let outcome = try ConfettiBinary.run(arguments, executable: URL(fileURLWithPath: try locate(name)))
        return Result(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }

    /// The MD5 of every decoded frame (ffmpeg's framemd5 muxer), header lines left out.
    static func frameMD5s(_ path: String) throws -> [String] {
        let result = try run("ffmpeg", ["-v", "error", "-i", path, "-f", "framemd5", "-"])
        guard result.status == 0 else { throw TestFailure("ffmpeg could not decode \(path): \(result.stderr)") }
        return result.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// Codec, size and the number of frames decoded, as ffprobe counts them.
    static func probe(_ path: String) throws -> (codec: String, width: Int, height: Int, frames: Int) {
        let result = try run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                         "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path])
        let fields = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        guard result.status == 0, fields.count == 4, let w = Int(fields[1]), let h = Int(fields[2]), let n = Int(fields[3]) else {
            throw TestFailure("ffprobe could not read \(path): \(result.stdout) \(result.stderr)")
        }
        return (String(fields[0]), w, h, n)
    }

    /// Processes whose command line mentions `text` (ffmpeg writing into a scratch directory).
    static func processes(mentioning text: String) -> [Int32] {
        let own = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), pid != own,
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            return String(decoding: data, as: UTF8.self).contains(text) ? pid : nil
        }
    }
}

/// Runs confetti in a private mount namespace with a small tmpfs at a directory that stands for
/// `MNT` in the arguments: full (`fill`) or read-only if asked. What the tmpfs held afterwards
/// is copied to `files` for inspection. Root uses `unshare -m`, others a user namespace.
func runOnSmallFilesystem(size: String, fill: Bool = false, readOnly: Bool = false, _ arguments: [String]) throws -> (outcome: ConfettiBinary.Outcome, files: Scratch) {
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
    let result = try ConfettiBinary.run(
        namespace + ["sh", "-c", script, "sh", mount.path, files.path, size, fill ? "1" : "0", readOnly ? "1" : "0",
                     try ConfettiBinary.url().path] + arguments.map { $0.replacingOccurrences(of: "MNT", with: mount.path) },
        executable: URL(fileURLWithPath: unshare))
    if [90, 91, 92].contains(result.status) {
        throw TestFailure("could not set up a small tmpfs in a private mount namespace (\(unshare) \(namespace.joined(separator: " "))): status \(result.status): \(result.stderr)")
    }
    return (result, files)
}

/// The one line of a refusal: exactly one line on stderr, starting with `confetti: `.
func expectOneLine(_ outcome: ConfettiBinary.Outcome, status: Int32 = 2, mentioning words: [String], sourceLocation: SourceLocation = #_sourceLocation) {
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
    func videoHasItsFramesAndTheSameSeedGivesTheSameFrames(_ format: VideoFormat, _ codec: String) throws {
        _ = try Tool.locate("ffmpeg")
        let scratch = try Scratch("video")
        func render(_ name: String, seed: Int) throws -> String {
            let path = scratch.path("\(name).\(format.rawValue)")
            let outcome = try RunningConfetti.run(["render", "--out", path, "--size", "160x90", "--frames", "12", "--seed", "\(seed)"])
            #expect(outcome.status == 0 && outcome.exitedNormally, "\(outcome.status): \(outcome.stderr)")
            #expect(outcome.stdout.contains("wrote \(path)"), "\(outcome.stdout)")
            #expect(outcome.stderr.isEmpty, "no progress bar off a terminal: \(outcome.stderr.debugDescription)")
            return path
        }
        let first = try render("a", seed: 3), second = try render("b", seed: 3), other = try render("c", seed: 4)
        // Nothing beside the videos: no temporary file, no lock.
        #expect(scratch.names() == ["a", "b", "c"].map { "\($0).\(format.rawValue)" })

        let probe = try Tool.probe(first)
        #expect(probe.codec == codec && probe.width == 160 && probe.height == 90 && probe.frames == 12, "\(probe)")
        let a = try Tool.frameMD5s(first), b = try Tool.frameMD5s(second), c = try Tool.frameMD5s(other)
        #expect(a.count == 12 && b.count == 12 && c.count == 12)
        #expect(a == b, "the same seed decodes to the same frames")
        #expect(a != c, "another seed gives other frames")
        // The frames are an animation, not one picture twelve times.
        #expect(Set(a.map { $0.split(separator: ",").last! }).count >= 6)
        // And the files are byte-identical too: no dates, versions or random ids in them.
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
    }

    @Test func videoShowsTheFramesThatWereDrawn() throws {
        // The mp4's decoded frame k is the PNG frame k, up to H.264's loss.
        let scratch = try Scratch("video-pixels")
        let arguments = ["--size", "320x180", "--frames", "8", "--seed", "9", "--effect", "confetti"]
        #expect(try RunningConfetti.run(["render", "--out", scratch.path("frames")] + arguments).status == 0)
        #expect(try RunningConfetti.run(["render", "--out", scratch.path("show.mp4")] + arguments).status == 0)
        let decoded = try Tool.run("ffmpeg", ["-v", "error", "-i", scratch.path("show.mp4"), "-pix_fmt", "rgba", scratch.path("decoded-%04d.png")])
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

    @Test func unknownExtensionIsOneMessageAndNothingIsCreated() throws {
        let scratch = try Scratch("ext")
        for name in ["show.avi", "show.png", "out/frames.v2"] {
            let outcome = try RunningConfetti.run(["render", "--out", scratch.path(name), "--frames", "1"])
            expectOneLine(outcome, mentioning: [name.split(separator: "/").last!.split(separator: ".").last!.description, ".mp4", ".webm", ".gif", "directory"])
            #expect(scratch.names().isEmpty, "nothing created for \(name): \(scratch.names())")
        }
        let empty = try RunningConfetti.run(["render", "--out", ""])
        #expect(empty.status == 2 && empty.stderr.hasPrefix("confetti: --out is empty"), "\(empty.stderr)")
    }

    @Test func missingFFmpegIsOneMessageAndNothingIsCreated() throws {
        let scratch = try Scratch("no-ffmpeg")
        let emptyPath = scratch.path("bin")
        try FileManager.default.createDirectory(atPath: emptyPath, withIntermediateDirectories: true)
        for format in VideoFormat.allCases {
            let outcome = try RunningConfetti.run(["render", "--out", scratch.path("show.\(format.rawValue)"), "--frames", "2"],
                                                  environment: ["PATH": emptyPath])
            expectOneLine(outcome, mentioning: ["show.\(format.rawValue)", "ffmpeg is not installed", "apt-get install ffmpeg", "directory"])
        }
        #expect(scratch.names() == ["bin"])
    }

    @Test func failingFFmpegIsReportedWithItsLastWordsAndLeavesNoFile() throws {
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
        try fake.write(toFile: "\(bin)/ffmpeg", atomically: true, encoding: .utf8)
        chmod("\(bin)/ffmpeg", 0o755)
        let outcome = try RunningConfetti.run(["render", "--out", scratch.path("out/show.mp4"), "--size", "160x90", "--frames", "6"],
                                              environment: ["PATH": bin])
        expectOneLine(outcome, mentioning: ["cannot write", "show.mp4", "ffmpeg failed", "exit status 1",
                                            "[libx264] something is wrong with the encoder", "Conversion failed!"])
        #expect(scratch.names(in: scratch.path("out")).isEmpty, "no video, no temporary file, no lock: \(scratch.names(in: scratch.path("out")))")
    }

    @Test func oddSizeForH264IsRefusedBeforeAnythingIsCreated() throws {
        let scratch = try Scratch("odd")
        let outcome = try RunningConfetti.run(["render", "--out", scratch.path("show.mp4"), "--size", "161x91"])
        #expect(outcome.status == 2 && outcome.stderr.hasPrefix("confetti: --size 161x91"), "\(outcome.stderr)")
        #expect(outcome.stderr.contains("162x92"))
        #expect(scratch.names().isEmpty)
    }

    // MARK: Signals

    @Test(arguments: [SIGINT, SIGTERM])
    func signalDuringFramesStopsWithCompleteFramesOnly(_ signal: Int32) throws {
        let scratch = try Scratch("signal-frames")
        let dir = scratch.path("frames")
        let render = try RunningConfetti(["render", "--out", dir, "--size", "1920x1080", "--frames", "300"])
        let appeared = waitUntil(120) { FileManager.default.fileExists(atPath: "\(dir)/frame-0000.png") || !render.process.isRunning }
        #expect(appeared && render.process.isRunning, "the first frame appeared while the render ran")
        render.signal(signal)
        let outcome = render.wait()
        expectOneLine(outcome, status: 128 + signal, mentioning: ["interrupted by \(signal == SIGINT ? "SIGINT" : "SIGTERM")", "complete", "nothing partial"])
        // No temporary file, no lock; every frame there is whole.
        #expect(scratch.names(in: dir).allSatisfy { !$0.hasPrefix(".") }, "\(scratch.names(in: dir))")
        let frames = expectCompleteFrames(in: dir, width: 1920, height: 1080)
        #expect(frames >= 1 && frames < 300, "\(frames) frames")
        #expect(outcome.stderr.contains("holds \(frames) complete frame"), "\(outcome.stderr)")
    }

    @Test(arguments: [(SIGINT, VideoFormat.mp4), (SIGTERM, .webm), (SIGINT, .gif)])
    func signalDuringVideoLeavesNoFileAndNoFFmpeg(_ signal: Int32, _ format: VideoFormat) throws {
        _ = try Tool.locate("ffmpeg")
        let scratch = try Scratch("signal-video")
        let path = scratch.path("show.\(format.rawValue)")
        let render = try RunningConfetti(["render", "--out", path, "--size", "1920x1080", "--frames", "300"])
        // Under way: ffmpeg is running on the temporary file.
        let started = waitUntil(120) { !Tool.processes(mentioning: scratch.path(".show")).isEmpty || !render.process.isRunning }
        #expect(started && render.process.isRunning, "ffmpeg started while the render ran")
        usleep(1_500_000)  // a few frames in
        #expect(render.process.isRunning)
        render.signal(signal)
        let outcome = render.wait()
        expectOneLine(outcome, status: 128 + signal, mentioning: ["interrupted", "removed the unfinished \(path)"])
        #expect(scratch.names().isEmpty, "no video, no temporary file, no lock: \(scratch.names())")
        #expect(waitUntil(5) { Tool.processes(mentioning: scratch.path).isEmpty }, "ffmpeg was ended")
    }

    // MARK: One render per directory

    @Test func secondRenderIsRefusedWhileTheFirstHoldsTheDirectory() throws {
        let scratch = try Scratch("race")
        let dir = scratch.path("frames")
        let first = try RunningConfetti(["render", "--out", dir, "--size", "1280x720", "--frames", "60", "--seed", "5"])
        #expect(waitUntil(120) { FileManager.default.fileExists(atPath: "\(dir)/frame-0000.png") || !first.process.isRunning })
        let second = try RunningConfetti.run(["render", "--out", dir, "--size", "160x90", "--frames", "3", "--seed", "6", "--force"])
        #expect(first.process.isRunning, "the first render was still running when the second was refused")
        expectOneLine(second, mentioning: ["\(dir) is being written by another render (pid \(first.pid)", ".confetti-render.lock"])
        let outcome = first.wait()
        #expect(outcome.status == 0, "\(outcome.stderr)")
        // Sixty frames of the first render, none of the second's 160x90 ones, and no lock left.
        #expect(expectCompleteFrames(in: dir, width: 1280, height: 720) == 60)
        #expect(scratch.names(in: dir).filter { $0.hasPrefix(".") }.isEmpty, "\(scratch.names(in: dir))")
    }

    @Test func lockOfADeadRenderIsTakenOver() throws {
        let scratch = try Scratch("stale")
        let dir = scratch.path("frames")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        // The PID of a process that has exited.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        try "\(gone.processIdentifier)\n".write(toFile: "\(dir)/.confetti-render.lock", atomically: false, encoding: .utf8)
        let outcome = try RunningConfetti.run(["render", "--out", dir, "--size", "160x90", "--frames", "3"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(scratch.names(in: dir) == ["frame-0000.png", "frame-0001.png", "frame-0002.png"], "the lock is removed at the end")
    }

    // MARK: Earlier frames

    @Test func earlierFramesAreRefusedWithoutForceAndOnlyTheyAreRemovedWithIt() throws {
        let scratch = try Scratch("earlier")
        let dir = scratch.path("frames")
        #expect(try RunningConfetti.run(["render", "--out", dir, "--size", "32x18", "--frames", "100"]).status == 0)
        try "mine".write(toFile: "\(dir)/notes.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "\(dir)/frame-dir", withIntermediateDirectories: true)
        let before = FileManager.default.contents(atPath: "\(dir)/frame-0000.png")

        let refused = try RunningConfetti.run(["render", "--out", dir, "--size", "64x36", "--frames", "3", "--seed", "2"])
        expectOneLine(refused, mentioning: [dir, "100 frames", "frame-0000.png … frame-0099.png", "--force"])
        #expect(FileManager.default.contents(atPath: "\(dir)/frame-0000.png") == before, "untouched when refused")
        #expect(expectCompleteFrames(in: dir, width: 32, height: 18) == 100)

        let forced = try RunningConfetti.run(["render", "--out", dir, "--size", "64x36", "--frames", "3", "--seed", "2", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        // frame-0099.png of the longer render is gone; the new three are there; other files stay.
        #expect(scratch.names(in: dir) == ["frame-0000.png", "frame-0001.png", "frame-0002.png", "frame-dir", "notes.txt"])
        #expect(expectCompleteFrames(in: dir, width: 64, height: 36) == 3)
        #expect(try String(contentsOfFile: "\(dir)/notes.txt", encoding: .utf8) == "mine")
    }

    // MARK: Links

    @Test func aLinkNamedLikeAFrameIsNeverWrittenThrough() throws {
        let scratch = try Scratch("links")
        let dir = scratch.path("frames"), victim = scratch.path("victim"), missing = scratch.path("missing")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "precious".write(toFile: victim, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/frame-0000.png", withDestinationPath: victim)
        try FileManager.default.createSymbolicLink(atPath: "\(dir)/frame-0001.png", withDestinationPath: missing)

        let refused = try RunningConfetti.run(["render", "--out", dir, "--size", "64x36", "--frames", "3"])
        expectOneLine(refused, mentioning: ["2 frames", "--force"])
        let forced = try RunningConfetti.run(["render", "--out", dir, "--size", "64x36", "--frames", "3", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")

        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious", "the link's target is untouched")
        #expect(!FileManager.default.fileExists(atPath: missing), "a dangling link's target is not created")
        #expect(EntryKind.of("\(dir)/frame-0000.png") == .file && EntryKind.of("\(dir)/frame-0001.png") == .file, "the links were replaced by frames")
        #expect(expectCompleteFrames(in: dir, width: 64, height: 36) == 3)
    }

    @Test func outThatIsALinkToADirectoryIsFollowed() throws {
        let scratch = try Scratch("out-link")
        try FileManager.default.createDirectory(atPath: scratch.path("real"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scratch.path("link"), withDestinationPath: scratch.path("real"))
        let outcome = try RunningConfetti.run(["render", "--out", scratch.path("link"), "--size", "64x36", "--frames", "2"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(EntryKind.of(scratch.path("link")) == .symlink)
        #expect(scratch.names(in: scratch.path("real")) == ["frame-0000.png", "frame-0001.png"])
    }

    // MARK: Full and read-only disks

    @Test func fullDiskDuringFramesIsOneLineAndLeavesOnlyCompleteFrames() throws {
        let (outcome, files) = try runOnSmallFilesystem(size: "96k", ["render", "--out", "MNT/frames", "--size", "640x360", "--frames", "45"])
        expectOneLine(outcome, mentioning: ["cannot write", "/frames/frame-", ".png: no space left on device"])
        let dir = files.path("frames")
        #expect(files.names(in: dir).allSatisfy { !$0.hasPrefix(".") }, "no temporary file, no lock: \(files.names(in: dir))")
        let frames = expectCompleteFrames(in: dir, width: 640, height: 360)
        #expect(frames >= 1 && frames < 45, "\(frames) frames fitted")
    }

    @Test(arguments: VideoFormat.allCases)
    func fullDiskDuringVideoLeavesNoFile(_ format: VideoFormat) throws {
        _ = try Tool.locate("ffmpeg")
        // Room for the lock, not for the video (over 100 kB): ffmpeg itself runs out of space.
        // ffmpeg 5.1 says so and still exits 0 unless told -xerror; either way it is a failure.
        let name = "show.\(format.rawValue)"
        let (outcome, files) = try runOnSmallFilesystem(size: "32k", ["render", "--out", "MNT/\(name)", "--size", "640x360", "--frames", "45"])
        expectOneLine(outcome, mentioning: ["cannot write", "/\(name): ffmpeg failed", "No space left on device"])
        #expect(!outcome.stderr.contains(".tmp-"), "the message names the final file: \(outcome.stderr)")
        #expect(files.names().isEmpty, "no video, no temporary file, no lock: \(files.names())")
        // With no room for anything, the lock fails first, and is not left behind either.
        let (full, nothing) = try runOnSmallFilesystem(size: "16k", fill: true, ["render", "--out", "MNT/\(name)", "--frames", "2"])
        expectOneLine(full, mentioning: ["cannot write", "\(name): no space left on device"])
        #expect(nothing.names() == ["filler"], "\(nothing.names())")
    }

    @Test func readOnlyDiskIsOneLine() throws {
        let (frames, _) = try runOnSmallFilesystem(size: "64k", readOnly: true, ["render", "--out", "MNT/frames", "--frames", "2"])
        expectOneLine(frames, mentioning: ["cannot create directory", "/frames: read-only file system"])
        let (video, _) = try runOnSmallFilesystem(size: "64k", readOnly: true, ["render", "--out", "MNT/show.gif", "--frames", "2"])
        expectOneLine(video, mentioning: ["cannot write", "/show.gif: read-only file system"])
    }

    static let quickBench = ["--counts", "1k", "--rounds", "1", "--no-scenarios", "--size", "64x64", "--frame-budget", "1000"]

    @Test func benchJSONOntoAFullDiskIsOneLineAndNoEmptyFile() throws {
        let (outcome, files) = try runOnSmallFilesystem(size: "16k", fill: true, ["bench", "--json", "MNT/out/bench.json"] + Self.quickBench)
        #expect(outcome.status == 2, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("confetti: cannot write ") && outcome.stderr.contains("/out/bench.json: no space left on device"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("Error Domain"), "no NSError dump")
        #expect(files.names() == ["filler", "out"] && files.names(in: files.path("out")).isEmpty,
                "no bench.json, empty or not, and no temporary file: \(files.names()) \(files.names(in: files.path("out")))")
    }

    @Test func benchOutputsOntoUnwritablePlacesFailBeforeMeasuring() throws {
        let (readOnly, files) = try runOnSmallFilesystem(size: "64k", readOnly: true, ["bench", "--plot", "MNT/plot.png"] + Self.quickBench)
        expectOneLine(readOnly, mentioning: ["cannot write", "/plot.png: read-only file system"])
        #expect(files.names().isEmpty)
        // A device that is always full: written straight into, and the error said in words.
        let full = try RunningConfetti.run(["bench", "--json", "/dev/full"] + Self.quickBench)
        #expect(full.status == 2 && full.stderr.contains("confetti: cannot write /dev/full: no space left on device"), "\(full.stderr)")
        let scratch = try Scratch("bench-dir")
        let directory = try RunningConfetti.run(["bench", "--json", scratch.path])
        expectOneLine(directory, mentioning: ["cannot write \(scratch.path): it is a directory"])
    }

    // MARK: Progress

    @Test func progressBarOnATerminalOnly() throws {
        let scratch = try Scratch("progress")
        let command = "\(try ConfettiBinary.url().path) render --out \(scratch.path("frames")) --size 160x90 --frames 24"
        let terminal = try Tool.run("script", ["-qec", command, "/dev/null"])
        #expect(terminal.status == 0, "\(terminal.stdout)")
        let redraws = terminal.stdout.components(separatedBy: "\r").filter { $0.contains("frames/s") }
        #expect(redraws.count >= 2, "redrawn in place: \(terminal.stdout.debugDescription)")
        #expect(terminal.stdout.contains(" 0/24 frames") && terminal.stdout.contains("24/24 frames"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("done in"), "\(terminal.stdout)")
        #expect(terminal.stdout.contains("[" + String(repeating: "#", count: 10)), "a bar: \(terminal.stdout)")

        let piped = try RunningConfetti.run(["render", "--out", scratch.path("frames"), "--size", "160x90", "--frames", "24", "--force"])
        #expect(piped.status == 0 && piped.stderr.isEmpty, "nothing on stderr off a terminal: \(piped.stderr.debugDescription)")
    }

    @Test func progressLineSaysDoneTotalRateAndTimeLeft() {
        let line = ProgressBar.line(label: "show.mp4", done: 15, total: 60, elapsed: 3, columns: 100)
        #expect(line.hasPrefix("show.mp4 [") && line.contains("15/60 frames") && line.contains("5.0 frames/s") && line.hasSuffix("0:09 left"), "\(line)")
        #expect(line.count < 100)
        #expect(ProgressBar.line(label: "x", done: 60, total: 60, elapsed: 75, columns: 100).hasSuffix("done in 1:15"))
        #expect(ProgressBar.line(label: "x", done: 0, total: 60, elapsed: 0, columns: 100).contains(" 0/60 frames"))
        #expect(ProgressBar.line(label: "x", done: 1, total: 100_000, elapsed: 1, columns: 100).hasSuffix("27:46:39 left"))
        // Narrow terminals drop the bar, not the numbers.
        let narrow = ProgressBar.line(label: "show.mp4", done: 15, total: 60, elapsed: 3, columns: 40)
        #expect(!narrow.contains("[") && narrow.contains("15/60 frames"), "\(narrow)")
    }

    @Test func aTruncatedFrameDoesNotDecode() throws {
        // What the signal and full-disk tests rely on: PNGFile.read refuses a cut-off file.
        let scratch = try Scratch("truncated")
        #expect(try RunningConfetti.run(["render", "--out", scratch.path("f"), "--size", "320x180", "--frames", "12"]).status == 0)
        let bytes = try #require(FileManager.default.contents(atPath: scratch.path("f/frame-0011.png")))
        #expect(try PNGFile.read(scratch.path("f/frame-0011.png")).width == 320)
        for cut in [bytes.count / 3, bytes.count / 2, bytes.count - 13] {
            let path = scratch.path("cut-\(cut).png")
            try bytes.prefix(cut).write(to: URL(fileURLWithPath: path))
            #expect(throws: (any Error).self, "\(cut) of \(bytes.count) bytes") { try PNGFile.read(path) }
        }
    }

    // MARK: Pure rules

    @Test func outputTypeIsDecidedByTheExtension() throws {
        #expect(try OutputTarget.parse("show.mp4") == .video(path: "show.mp4", format: .mp4))
        #expect(try OutputTarget.parse("a/b/Show.WEBM") == .video(path: "a/b/Show.WEBM", format: .webm))
        #expect(try OutputTarget.parse("party.gif") == .video(path: "party.gif", format: .gif))
        #expect(try OutputTarget.parse("out/render") == .frames(directory: "out/render"))
        #expect(try OutputTarget.parse(".frames") == .frames(directory: ".frames"))
        #expect(try OutputTarget.parse("frames.v2/") == .frames(directory: "frames.v2/"))
        #expect(try OutputTarget.parse("/tmp") == .frames(directory: "/tmp"))
        #expect(throws: OutputRefusal.self) { try OutputTarget.parse("show.avi") }
        #expect(throws: OutputRefusal.self) { try OutputTarget.parse("") }
    }

    @Test func errnoIsSaidInWords() {
        #expect(FileFailure("write", "out/frame-0003.png", errno: EROFS).description == "cannot write out/frame-0003.png: read-only file system")
        #expect(FileFailure.reason(EACCES) == "permission denied")
        #expect(FileFailure.reason(ENOSPC) == "no space left on device")
        #expect(FileFailure.reason(EDQUOT) == "disk quota exceeded")
        #expect(FileFailure.reason(EXDEV) == "invalid cross-device link")
    }
}
