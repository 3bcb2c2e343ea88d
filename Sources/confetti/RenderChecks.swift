import ArgumentParser
import ConfettiApp
import ConfettiGL

/// `confetti render`'s checks that need the effect: options that do not apply to it, and the
/// budget (particles per launch and in all launches, GPU bytes, frames, frames × pixels), all before
/// anything is spawned or written. `main` runs them between parsing and `run()`.
extension RenderCommand: CheckedBeforeRun {
    func checkBeforeRun() throws {
        guard out?.isEmpty != true else {
            throw OptionRefusal("--out is empty: give the directory for the frames, such as --out out/render")
        }
        let name = effect.effect ?? "celebration"
        let chosen = try EffectOption.applying(count: count, to: motion.applied(to: emoji.applied(to: effect.load(default: "celebration"), name: name)), name: name)
        let launchCount = launches ?? LaunchSchedule(effect: chosen).launches
        if launchCount < 2, CommandLineInput.given("--interval") {
            let source = launches != nil ? "--launches \(launchCount)" : "\(name) has one launch by default"
            throw OptionRefusal("--interval \(interval.compactText) is the time between launches, but there is only one (\(source)): give --launches 2 or more, or leave --interval out")
        }
        // Shader files on disk are read now: render makes its output directory before it
        // builds the programs.
        _ = try ShaderLibrary.resolve(shaders.shaderDir, requiring: SceneRenderer.programFiles)
        try Budget.render(Budget.RenderRequest(
            effect: chosen, launches: launches, interval: interval, countGiven: count != nil,
            width: size.width, height: size.height, fps: fps, frames: frames, duration: duration
        ))
    }
}
