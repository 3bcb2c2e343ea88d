import Foundation

/// What a piece of work cost the thread that ran it: CPU time and bytes read. Unlike wall time,
/// neither grows when other tests keep the machine busy, so a bound on them holds on a loaded
/// machine as well as on a quiet one.
public struct ThreadCost: Sendable, CustomStringConvertible {
    /// User and system CPU time.
    public var cpuSeconds: Double
    /// Bytes the thread read through read() and its kin (rchar in /proc/thread-self/io).
    public var bytesRead: Int

    /// The cost of `body`, which must not suspend (an `await` could move it to another thread).
    public static func of(_ body: () throws -> Void) rethrows -> ThreadCost {
        let before = now()
        try body()
        let after = now()
        return ThreadCost(cpuSeconds: after.cpuSeconds - before.cpuSeconds, bytesRead: after.bytesRead - before.bytesRead)
    }

    /// What the calling thread has used so far.
    public static func now() -> ThreadCost {
        var usage = rusage()
        getrusage(__rusage_who_t(1), &usage)  // RUSAGE_THREAD, which Glibc does not import by name
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6
        let io = String(decoding: FileManager.default.contents(atPath: "/proc/thread-self/io") ?? Data(), as: UTF8.self)
        let read = io.split(separator: "\n").first { $0.hasPrefix("rchar:") }.flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
        return ThreadCost(cpuSeconds: cpu, bytesRead: read ?? 0)
    }

    public var description: String { String(format: "%.4f s of CPU, %d bytes read", cpuSeconds, bytesRead) }
}
