import ConfettiGL
import Foundation
import Testing
import TestSupport

/// `render --audio` and the sound track of a video, through the real binary.
@Suite struct SoundCommandTests {
    func scratch(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-sound-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func renderAudioWritesTheSameTrackForTheSameSeedNeverAboveMinusOneDBFS() async throws {
        let dir = try scratch("wav")
        defer { try? FileManager.default.removeItem(at: dir) }
        var hashes: [UInt64] = []
        for (name, seed) in [("a", "4"), ("b", "4"), ("c", "5")] {
            let wav = dir.appendingPathComponent("\(name).wav")
            let outcome = try await ConfettiBinary.run(["render", "--effect", "show", "--seed", seed, "--audio", wav.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let pcm = try PCM(wav: Data(contentsOf: wav))
            #expect(pcm.rate == 48_000 && pcm.channels == 2)
            #expect(pcm.frames > 10 * 48_000, "the show sounds for its ten seconds and more")
            #expect((pcm.magnitudes.max() ?? 0) <= Int(32_768 * 0.891_250_938), "a sample above -1 dBFS")
            hashes.append(pcm.hash)
        }
        #expect(hashes[0] == hashes[1], "same seed, same samples")
        #expect(hashes[0] != hashes[2], "another seed, other samples")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["a.wav", "b.wav", "c.wav"], "no frames, no temporary files")
    }

    /// The audio stream's duration as ffprobe reads it, and its codec.
    func audioStream(_ path: String) async throws -> (codec: String, seconds: Double) {
        let result = try await Tool.run("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=codec_name,duration:format=duration",
                                                    "-of", "default=noprint_wrappers=1", path])
        let lines = result.stdout.split(separator: "\n").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        let codec = lines.first { $0.first == "codec_name" }?.last ?? ""
        // webm (Matroska) gives no stream duration: the file's is then the audio's as long as the video's.
        let seconds = lines.compactMap { $0.count == 2 && $0[0] == "duration" ? Double($0[1]) : nil }.first ?? -1
        return (codec, seconds)
    }

    @Test func mp4AndWebmCarryTheSoundAsAACAndOpusAsLongAsTheVideo() async throws {
        let dir = try scratch("video")
        defer { try? FileManager.default.removeItem(at: dir) }
        for (ext, codec) in [("mp4", "aac"), ("webm", "opus")] {
            let video = dir.appendingPathComponent("show.\(ext)").path
            let outcome = try await ConfettiBinary.run(["render", "--effect", "peony", "--size", "96x54", "--fps", "10", "--duration", "3", "--out", video])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            let audio = try await audioStream(video)
            #expect(audio.codec == codec, "\(ext): \(audio)")
            // 30 frames at 10 fps: 3 s, to within an audio frame's padding (AAC 1024, Opus 960 samples).
            #expect(abs(audio.seconds - 3) < 0.05, "\(ext): audio lasts \(audio.seconds) s")
            let probe = try await Tool.probe(video)
            #expect(probe.frames == 30)
            let muted = dir.appendingPathComponent("muted.\(ext)").path
            #expect(try await ConfettiBinary.run(["render", "--effect", "peony", "--size", "96x54", "--fps", "10", "--duration", "1", "--mute", "--out", muted]).status == 0)
            #expect(try await audioStream(muted).codec == "", "--mute: no sound track")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "temporary files left: \(left)")
    }

    @Test func badSoundInputIsOneClearLineAndExitTwoWithNothingWritten() async throws {
        let dir = try scratch("bad")
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("x.wav").path
        let cases: [(section: String, says: String)] = [
            (#"{"volume": 1.5}"#, "sound.volume: 1.5 is out of range: allowed from 0 to 1"),
            (#"{"events": ["burst", "whistle"]}"#, "sound.events[1]: 'whistle' is not allowed: one of lift, burst, crackle, fizz, pop, rustle"),
            (#"{"events": ["burst", "burst"]}"#, "sound.events[1]: 'burst' is not allowed: the sound is named already at sound.events[0]; name each sound once"),
            (#"{"loudness": 1}"#, "sound.loudness: unknown field"),
        ]
        for (section, says) in cases {
            let file = dir.appendingPathComponent("effect.json")
            try #"{"kind": "shell", "sound": \#(section)}"#.write(to: file, atomically: true, encoding: .utf8)
            let outcome = try await ConfettiBinary.run(["render", "--effect", file.path, "--audio", wav])
            #expect(outcome.status == 2 && outcome.exitedNormally, "\(section): exit \(outcome.status)")
            #expect(outcome.stderr.contains(says), "\(section): \(outcome.stderr)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(section): \(outcome.stderr)")
        }
        let unwritable = try await ConfettiBinary.run(["render", "--effect", "peony", "--audio", "/proc/no-such/x.wav"])
        #expect(unwritable.status == 2 && unwritable.stderr.contains("/proc/no-such/x.wav") && unwritable.stderr.split(separator: "\n").count == 1, "\(unwritable.stderr)")
        let notWAV = try await ConfettiBinary.run(["render", "--effect", "peony", "--audio", dir.appendingPathComponent("x.mp3").path])
        #expect(notWAV.status == 2 && notWAV.stderr.contains("give a file ending in .wav"), "\(notWAV.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["effect.json"], "nothing written")
    }
}
