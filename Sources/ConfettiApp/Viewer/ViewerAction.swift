import ConfettiCore
import ConfettiGL

/// What a control does to the viewer. `ViewerKeys.table` says which keys and clicks take which
/// action; `Viewer.perform` carries it out.
package enum ViewerAction: Equatable, Sendable {
    /// Two classic fireworks around the button and a confetti burst.
    case celebrate
    /// A classic firework where the click was.
    case fireworkAtClick
    case fountain
    /// The effect's confetti: a burst of its (or `--count`) pieces, or its stream.
    case confetti
    case togglePause
    /// Frames of 1/60 s forward (or back, negative), while paused.
    case step(frames: Int)
    case speedUp
    case slowDown
    /// Forgets every launch.
    case clear
    case screenshot
    case cycleHUD
    /// Stress mode at `Viewer.stressLevels[key - 1]`.
    case stress(key: Int)
    case stopStress
    /// The preset `by` steps along `Effect.presets`, fired at once.
    case switchPreset(by: Int)
    /// One launch of the effect's own kind.
    case fireEffect
    case toggleEmitter
    /// Sound off / on.
    case toggleMute
    case quit
}

extension Viewer {
    /// Applies one input event: the action `ViewerKeys.table` gives it, if any. Returns false
    /// when it asks to quit. Input that cannot be carried out (a stress level, key or click
    /// that does not fit, or that GL refuses) is refused in the title and on stderr, and the
    /// viewer goes on: nothing the user does in the window ends it but Esc, Q or closing it.
    @discardableResult
    package func handle(_ event: WindowEvent) -> Bool {
        needsRedraw = true
        guard let action = ViewerKeys.action(for: event, button: button.frame) else { return true }
        return perform(action, for: event)
    }

    /// Carries out `action`, set off by `event` (a click's point is where its firework goes).
    /// Returns false when it asks to quit.
    func perform(_ action: ViewerAction, for event: WindowEvent) -> Bool {
        switch action {
        case .celebrate:
            attempt("the click") { try celebrate() }
        case .fireworkAtClick:
            guard case .click(let x, let y) = event else { break }
            attempt("the click") { try fireFirework(at: Point(x, y)) }
        case .fountain:
            attempt("the fountain") { try fireFountain() }
        case .confetti:
            attempt("the confetti") { try fireConfetti() }
        case .togglePause:
            clock.isPaused.toggle()
        case .step(let frames):
            if clock.isPaused { clock.step(frames) }
        case .speedUp:
            clock.speedUp()
        case .slowDown:
            clock.slowDown()
        case .clear:
            renderer.celebration.removeAll()
            sound?.clear()
        case .screenshot:
            // Taken after the next frame is drawn, so that it is what the window shows.
            screenshotRequested = true
        case .cycleHUD:
            options.hud = options.hud.next
        case .stress(let key):
            let level = Self.stressLevels[key - 1]
            attempt("stress \(level)") { try setStress(level, source: "key \(key) (stress \(Budget.format(level)))") }
        case .stopStress:
            stress = nil
        case .switchPreset(let step):
            attempt(step > 0 ? "the next preset" : "the previous preset") { try switchPreset(by: step) }
        case .fireEffect:
            attempt("the effect") { try fireEffect() }
        case .toggleEmitter:
            toggleEmitter()
        case .toggleMute:
            toggleMute()
        case .quit:
            window.shouldClose = true
            return false
        }
        return true
    }

    /// Runs one input's action; a failure is refused (title and stderr), not thrown.
    func attempt(_ what: String, _ action: () throws -> Void) {
        do {
            try action()
            if refusal != nil {
                refusal = nil
                updateTitle()
            }
        } catch {
            refuse(what, error)
        }
    }

    /// An input that cannot be carried out (it does not fit, or GL refused it): said in the
    /// title and on stderr, and the viewer goes on with what it had.
    func refuse(_ what: String, _ error: any Error) {
        refusal = "\(what) refused: " + Self.oneLine("\(error)")
        needsRedraw = true
        notice(refusal!)
        updateTitle()
    }
}
