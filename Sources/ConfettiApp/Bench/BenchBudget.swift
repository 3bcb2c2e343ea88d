import ConfettiCore
import FoundationEssentials
import Glibc

extension Budget {
    /// Above this many pieces a count is measured in gpu mode alone: the other modes keep
    /// copies of their own (60-byte reference records, 28-byte poses) and the cpu mode places
    /// every piece on the CPU each frame, which at millions is seconds a frame.
    package static let benchAllModes = maxParticlesPerLaunch

    /// Peak memory a piece costs while the bench spawns, uploads and draws it: the measured
    /// peak of a spawn and upload (see `Budget`), with the other modes' copies below
    /// `benchAllModes`.
    package static func benchBytesPerPiece(_ count: Int) -> Int { count > benchAllModes ? 520 : 520 + 60 + 28 + 28 + 28 }

    /// Each of `bench --counts` is a workload of its own, spawned in launches of at most
    /// `maxParticlesPerLaunch` into a ring of its size: at most the largest ring the budget allows
    /// (`maxCapacity`), and at most what three quarters of the memory `available` (bytes; nil
    /// where unknown) holds. The frame is `--size`.
    package static func bench(counts: [Int], width: Int, height: Int, available: Int? = availableMemory()) throws {
        for count in counts {
            guard count <= maxCapacity else {
                throw BudgetError("--counts \(format(count)) is above \(format(maxCapacity)), the largest ring the budget allows (\(Ring.allCases.map { "a \($0.recordBytes)-byte \($0.rawValue) record" }.joined(separator: ", ")) per piece within \(format(maxGPUBytes)) bytes)")
            }
            let bytes = Demand([[Demand.Factor("--counts \(format(count))", count),
                                 Demand.Factor("bytes a piece while spawned, uploaded and drawn\(count > benchAllModes ? " (gpu mode alone)" : " (all four modes)")", benchBytesPerPiece(count))]], "bytes")
            if let available, bytes.total > Double(available) * 0.75 {
                throw over(bytes, limit: "three quarters of the \(format(available)) bytes of memory available (MemAvailable in /proc/meminfo)")
            }
        }
        try framePixels(width: width, height: height)
    }

    /// `MemAvailable` of /proc/meminfo in bytes; nil where there is none.
    package static func availableMemory() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/meminfo", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("MemAvailable:") }),
              let kB = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return nil }
        return kB * 1024
    }
}
