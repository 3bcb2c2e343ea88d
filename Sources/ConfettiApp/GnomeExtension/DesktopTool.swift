import CPosix
import FoundationEssentials
import Glibc
import ProcessStart

/// A desktop's command-line tool run for one short answer (`gsettings`, `gdbus`,
/// `gnome-shell --version`): its status and what it printed, or nil when it is not on the PATH,
/// could not start or did not end within `timeout` seconds (a dead session bus makes these
/// hang), in which case it is killed.
enum DesktopTool {
    struct Answer {
        var status: Int32
        var output: String
        var succeeded: Bool { status == 0 }
    }

    static func run(_ arguments: [String], environment: [String: String], timeout: Double = 5) -> Answer? {
        guard let program = ProcessStart.locate(arguments[0], path: environment["PATH"]) else { return nil }
        var ends: [Int32] = [0, 0]
        guard confetti_pipe_cloexec(&ends) == 0 else { return nil }
        defer { close(ends[0]) }
        let start = ProcessStart(output: .descriptor(ends[1]), environment: environment)
        let started = try? start.start([program] + arguments.dropFirst())
        close(ends[1])
        guard let pid = started else { return nil }
        // Read while it runs, so an answer larger than the pipe never blocks it.
        var output = [UInt8]()
        let flags = fcntl(ends[0], F_GETFL)
        _ = fcntl(ends[0], F_SETFL, flags | O_NONBLOCK)
        var status: Int32 = 0
        let giveUp = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { output += buffer.prefix(count); continue }
            if waitpid(pid, &status, WNOHANG) == pid { break }
            guard ContinuousClock.now < giveUp else {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return nil
            }
            usleep(5_000)
        }
        while case let count = read(ends[0], &buffer, buffer.count), count > 0 { output += buffer.prefix(count) }
        // WIFEXITED and WEXITSTATUS, which Swift does not import as macros.
        let exitStatus: Int32 = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Answer(status: exitStatus, output: String(decoding: output, as: UTF8.self))
    }
}
