import ConfettiCore
import ConfettiGL

extension Render {
    /// `confetti render`: refuses an --interval given for a single launch, checks the options,
    /// renders and prints the summary. Returns the exit status: 0, or the stop signal's when one
    /// stopped it between two frames (`Interrupted`).
    package func runInForeground() throws -> Int32 {
        if schedule.launches < 2, CommandLineInput.given("--interval") {
            let source = options.launches != nil ? "--launches \(schedule.launches)" : "\(options.effectName) has one launch by default"
            throw OptionRefusal("--interval \(options.interval.compactText) is the time between launches, but there is only one (\(source)): give --launches 2 or more, or leave --interval out")
        }
        try check()
        do {
            print(try run().summary)
        } catch let interrupted as Interrupted {
            return interrupted.status
        }
        return 0
    }
}
