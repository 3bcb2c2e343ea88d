import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

extension Viewer {
    /// `confetti view`: everything it can be asked to fire checked before the window opens (a
    /// refusal names the effect as `given`), the window shown until closed or stopped, and with
    /// `quitAfter` the frame-time statistics printed. Returns the exit status: 0, or 128 + the
    /// stop signal.
    package static func showInForeground(_ options: Options, given: String) throws -> Int32 {
        // Everything the keys and clicks can fire, and the stress level, before the window
        // opens (Viewer checks the same on every reload).
        do {
            try check(options)
        } catch let error as BudgetError {
            throw BudgetError("\(printable(given, limit: 160)): \(error)")
        }
        // Caught from the start, so that a stop during start-up still ends cleanly.
        StopSignals.install()
        let viewer = try Viewer(options: options)
        defer { viewer.close() }
        let times = try viewer.run()
        if options.quitAfter != nil {
            print("view: \(times.summary)")
            for line in times.timingLines { print("view: " + line) }
            print("view: GPU memory \(Budget.format(viewer.renderer.celebration.ringBytes)) bytes in the rings")
        }
        if let signal = StopSignals.pending {
            StandardStream.error("confetti: viewer stopped by \(StopSignals.name(signal))\n")
            return 128 + signal
        }
        return 0
    }

    /// `--capacity` as given: a ring the budget allows, else the budget's refusal.
    package static func checkedCapacity(_ capacity: Given<Int>) throws -> Int {
        do {
            guard let capacity = capacity.parsed else { throw Budget.capacityRefusal(capacity.text, name: "--capacity") }
            try Budget.capacity(capacity, name: "--capacity")
            return capacity
        } catch let error as BudgetError {
            throw OptionRefusal(error.description)
        }
    }

    /// `--count`: at least one piece, and no more than the ring of `capacity` holds.
    package static func checkCount(_ count: Int, capacity: Int) throws {
        guard count >= 1 else { throw OptionRefusal("--count must be at least 1, not \(count)") }
        guard count <= capacity else {
            throw OptionRefusal("--count \(count) is more than the ring holds (--capacity \(capacity)); raise --capacity")
        }
    }
}
