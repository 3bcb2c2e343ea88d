import Foundation

enum ProcessClock {
    /// Seconds since this process was started, by the kernel's own record: field 22 of
    /// /proc/self/stat, in clock ticks since boot, against CLOCK_BOOTTIME. This includes the
    /// dynamic loading that runs before `main`, which a clock read in `main` would miss.
    /// The same for process `pid` (the resident overlay asks it of the program that fired).
    static func secondsSinceStart(of pid: pid_t? = nil) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid.map(String.init) ?? "self")/stat", encoding: .utf8),
              let endOfName = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name (which may hold spaces) start at field 3.
        let fields = stat[stat.index(after: endOfName)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}
