import ConfettiCore
import ConfettiGL

/// Hot reload: the `--effect` file and, with `--shader-dir`, the shaders are looked at every
/// `watchInterval` and taken when they change. A broken edit is reported (stderr and title) and
/// the last good version keeps running.
extension Viewer {
    /// How often watched files are looked at.
    static let watchInterval = 0.25

    /// Reloads the effect file and the shaders if they changed.
    package func reloadChangedFiles() {
        if var watcher = effectWatcher, watcher.changed(), let file = options.effectFile {
            effectWatcher = watcher
            do {
                // The same checks as at start-up: a reload cannot bring in what would not start.
                let loaded = try EffectReference.file(file).resolve(among: .none).effect
                do {
                    options.effect = try admit(loaded)
                } catch let error as BudgetError {
                    throw BudgetError("\(printable(file, limit: 160)): \(error)")
                }
                reloaded("effect \(file)")
            } catch {
                failedReload(error)
            }
        }
        if var watcher = shaderWatcher, watcher.changed() {
            shaderWatcher = watcher
            do {
                try renderer.reloadShaders()
                reloaded("shaders")
            } catch {
                failedReload(error)
            }
        }
    }

    private func reloaded(_ what: String) {
        reloadError = nil
        needsRedraw = true
        notice("reloaded \(printable(what, limit: 200))")
        updateTitle()
    }

    private func failedReload(_ error: any Error) {
        reloadError = "\(error)"
        needsRedraw = true
        notice("reload failed, keeping the last good version: " + Self.oneLine("\(error)"))
        updateTitle()
    }
}
