import ArgumentParser
import ConfettiApp
import ConfettiGL

/// `confetti render`'s checks that need the effect: options that do not apply to it, and the
/// budget (particles per launch and in the show, GPU bytes, frames, frames × pixels), all before
/// anything is spawned or written. `main` runs them between parsing and `run()`.
extension RenderCommand: CheckedBeforeRun {
    func checkBeforeRun() throws {
        guard !out.isEmpty else {
            throw ValidationError("--out is empty: give the directory for the frames, such as --out out/render")
        }
        let name = effect.effect ?? "celebration"
        var chosen = try motion.applied(to: effect.load(default: "celebration"))
        if let count {
            guard chosen.kind == .confetti || chosen.kind == .celebration else {
                let field = chosen.kind == .classic ? "classic.sparkCount" : chosen.kind == .rocket ? "rocket.sparkCount" : "fountain.sparkCount"
                throw ValidationError("--count \(count) sets confetti pieces per burst, but \(name) is a \(chosen.kind.rawValue) effect, with no confetti: leave --count out (its particles are \(field) in an effect file)")
            }
            guard chosen.confetti.emission.rate == 0 else {
                let e = chosen.confetti.emission
                throw ValidationError("--count \(count) sets confetti pieces per burst, but \(name) is a stream of confetti.rate × confetti.duration = \(e.rate.compactText) × \(e.duration.compactText) s pieces: leave --count out (give rate or duration in an effect file)")
            }
            chosen.confetti.count = count
        }
        let launches = bursts ?? Show(effect: chosen).launches
        if launches < 2, CommandLineInput.given("--interval") {
            let source = bursts != nil ? "--bursts \(launches)" : "\(name) has one launch by default"
            throw ValidationError("--interval \(interval.compactText) is the time between launches, but there is only one (\(source)): give --bursts 2 or more, or leave --interval out")
        }
        // Shader files on disk are read now: render makes its output directory before it
        // builds the programs.
        try SceneRenderer.checkShaderFiles(ShaderLibrary.resolve(shaders.shaderDir))
        try Budget.render(Budget.RenderRequest(
            effect: chosen, launches: bursts, interval: interval, countGiven: count != nil,
            width: size.width, height: size.height, fps: fps, frames: frames, duration: duration
        ))
    }
}
