import Foundation
import ProcessStart
#if canImport(Glibc)
import Glibc
#endif

/// Other programs the tests use: ffmpeg and ffprobe, PulseAudio and parec, MLT's melt (make test installs
/// them), util-linux.
package enum Tool {
    package static func locate(_ name: String) throws -> String {
        if let found = ProcessStart.locate(name) { return found }
        let package = ["ffmpeg": "ffmpeg", "ffprobe": "ffmpeg", "desktop-file-validate": "desktop-file-utils",
                       "pulseaudio": "pulseaudio", "parec": "pulseaudio-utils", "melt": "melt", "ldd": "libc-bin"][name] ?? "util-linux"
        throw TestFailure("\(name) is not installed, and these tests need it: run `make test`, which installs it, or apt-get install \(package)")
    }

    package static func run(_ name: String, _ arguments: [String]) async throws -> ChildProcess.Outcome {
        try await ConfettiBinary.run(arguments, executable: URL(fileURLWithPath: try locate(name)))
    }

    /// The MD5 of every decoded video frame (ffmpeg's framemd5 muxer), header lines left out;
    /// a sound track's frames are not among them.
    package static func frameMD5s(_ path: String) async throws -> [String] {
        let result = try await run("ffmpeg", ["-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"])
        guard result.status == 0 else { throw TestFailure("ffmpeg could not decode \(path): \(result.stderr)") }
        return result.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// Codec, size and the number of frames decoded, as ffprobe counts them.
    package static func probe(_ path: String) async throws -> (codec: String, width: Int, height: Int, frames: Int) {
        let result = try await run("ffprobe", ["-v", "error", "-count_frames", "-select_streams", "v:0",
                                         "-show_entries", "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0", path])
        let fields = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
        guard result.status == 0, fields.count == 4, let w = Int(fields[1]), let h = Int(fields[2]), let n = Int(fields[3]) else {
            throw TestFailure("ffprobe could not read \(path): \(result.stdout) \(result.stderr)")
        }
        return (String(fields[0]), w, h, n)
    }

    /// Bytes `pid` has read so far (rchar in /proc/PID/io): what ffmpeg has taken from its pipe.
    package static func bytesRead(by pid: Int32) -> Int {
        let io = String(decoding: FileManager.default.contents(atPath: "/proc/\(pid)/io") ?? Data(), as: UTF8.self)
        return io.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) } ?? 0
    }

    /// Processes whose command line mentions `text` (ffmpeg writing into a scratch directory).
    package static func processes(mentioning text: String) -> [Int32] {
        let own = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
            guard let pid = Int32(entry), pid != own,
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            return String(decoding: data, as: UTF8.self).contains(text) ? pid : nil
        }
    }
}
