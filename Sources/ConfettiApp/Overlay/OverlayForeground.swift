import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

extension Overlay {
    /// `confetti overlay` without --resident: the rings checked for `fireEvery`, the effect played
    /// to its end or a stop signal, and its one line printed (the report on standard output, a
    /// stop on standard error). Returns the exit status: 0, or 128 + the stop signal.
    package static func playInForeground(_ options: Options, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Int32 {
        if let fireEvery = options.fireEvery {
            do {
                try Budget.capacity(capacity(for: options.effect, fireEvery: fireEvery), name: "the rings for the launches alive at once (one every --fire-every \(fireEvery.compactText) s)")
            } catch let error as BudgetError {
                throw OptionRefusal("\(error); raise --fire-every")
            }
        }
        // Caught from the start, so that a stop during start-up still ends cleanly.
        StopSignals.install()
        if let hint = GnomeExtension.missingHint(environment: environment) {
            StandardStream.error("confetti: \(hint)\n")
        }
        let overlay = try Overlay(options: options)
        defer { overlay.close() }
        if let notice = overlay.surfaces.notice {
            StandardStream.error("confetti: \(notice)\n")
        }
        let report = try overlay.run()
        switch report.ending {
        case .stopped(let signal):
            StandardStream.error("confetti: overlay stopped by \(StopSignals.name(signal))\n")
            return 128 + signal
        case .finished:
            let firstFrame = report.firstFrameAfterStart.map { String(printf: "first frame %.3f s after start, ", $0) } ?? ""
            let fallback = overlay.surfaces.damageFallback.map { "; \($0)" } ?? ""
            print("overlay: " + firstFrame + String(printf: "%ld frames over %.2f s", report.frames, report.seconds) + fallback)
            return 0
        }
    }
}
