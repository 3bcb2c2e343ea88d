import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// The status line: fps, frame time, live particles, speed, stress, emitter, reduced motion,
/// paused time and effect. The HUD (H) shows it in the window's corner and the title bar shows
/// it too, with any reload error or refusal after it: one list, so the two say the same in the
/// same words.
extension Viewer {
    /// Points per font pixel of the HUD: 14 pt letters, 28 pixels tall at a content scale of 2.
    package static let hudScale = 2.0

    /// Whether the HUD is drawn (H cycles it: with its graph, alone, hidden).
    package var showsHUD: Bool { options.showsHUD }
    package var hudMode: HUDMode { options.hud }

    /// The graph's place: under the HUD's panel, 240 × 64 pt.
    package var graphRect: Rect {
        let panel = hudPanel.frame
        return Rect(x: panel.minX, y: panel.maxY + 6, width: 240, height: 64)
    }

    /// The HUD's panel in the top-left corner, sized to its text.
    package var hudPanel: CelebrateButton {
        let text = hud.labelSize(hudText)
        var panel = CelebrateButton(frame: Rect(x: 8, y: 8, width: (text.width + 16).rounded(), height: (text.height + 12).rounded()))
        panel.cornerRadius = 6
        panel.label = hudText
        panel.fill = RGB(0.12, 0.13, 0.17)
        panel.text = RGB(0.92, 0.93, 0.96)
        return panel
    }

    /// Draws the HUD over the frame, if it is shown.
    func drawHUD() {
        guard options.showsHUD else { return }
        if hudText.isEmpty { hudText = Self.hudLines(status(lastRate), timing) }
        hud.draw(hudPanel, viewport: viewport, pixelsPerPoint: window.pixelsPerPoint)
        if options.hud == .withGraph {
            graph.draw(in: graphRect, viewport: viewport, pixelsPerPoint: window.pixelsPerPoint)
        }
    }

    /// The title's short form: what the HUD's line starts with.
    package var statusLine: [String] { status(lastRate) }

    /// The status line's parts, `rate` first (or "idle").
    private func status(_ rate: FrameRateMeter.Summary?) -> [String] {
        var parts = rate.map { [String(printf: "%.0f fps", $0.fps), String(printf: "%.2f ms", $0.milliseconds)] } ?? ["idle"]
        parts.append("\(renderer.celebration.liveParticles(at: clock.time)) live")
        parts.append("×" + clock.speed.compactText)
        if let level = stress { parts.append("stress \(level)") }
        if isEmitting { parts.append("emitting") }
        if options.overrides.reducedMotion { parts.append("reduced motion") }
        if clock.isPaused { parts.append(String(printf: "paused at %.3f s", clock.time)) }
        parts.append(options.effectName)
        return parts
    }

    /// The HUD's text: the status line, and under it where the time goes.
    static func hudLines(_ status: [String], _ timing: [String]) -> String {
        status.joined(separator: "  ") + "\n" + timing.joined(separator: "  ")
    }

    /// What the HUD adds to the title's short form: where the last frame's time went, as far as
    /// it has come back from the GPU, and the GPU memory of the rings.
    private var timing: [String] {
        var parts: [String] = []
        if !lastTimings.gpu.isNaN {
            parts.append(String(printf: "GPU %.2f ms (particles %.2f)", 1000 * lastTimings.gpu, 1000 * (lastTimings.particlesGPU.isNaN ? 0 : lastTimings.particlesGPU)))
        }
        if !lastTimings.cpu.isNaN { parts.append(String(printf: "CPU %.2f ms", 1000 * lastTimings.cpu)) }
        parts.append(String(printf: "%.0f MB", Double(renderer.celebration.ringBytes) / 1e6))
        return parts
    }

    /// Says the status line again, in the title and the HUD.
    func updateTitle() {
        let line = status(lastRate)
        let problems = [reloadError.map { "reload failed: " + Self.oneLine($0) }, refusal].compactMap { $0 }
        let text = "confetti — " + (line + problems).joined(separator: " · ")
        if window.title != text { window.title = text }
        hudText = Self.hudLines(line, timing)
    }

    /// The first line of a message, control characters escaped: fit for a title bar or one
    /// line of stderr.
    static func oneLine(_ text: String) -> String {
        printable(String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""), limit: 400)
    }
}

/// Averages frame times over half-second windows for the status line.
struct FrameRateMeter {
    struct Summary {
        var fps: Double
        var milliseconds: Double
    }

    private var frames = 0
    private var seconds = 0.0
    private var lastReport = 0.0

    mutating func record(frameSeconds: Double, at now: Double) -> Summary? {
        frames += 1
        seconds += frameSeconds
        guard now - lastReport >= 0.5, frames > 0, seconds > 0 else { return nil }
        defer {
            frames = 0
            seconds = 0
            lastReport = now
        }
        return Summary(fps: Double(frames) / seconds, milliseconds: 1000 * seconds / Double(frames))
    }
}

/// What the window shows over the scene; H steps through them in this order.
package enum HUDMode: CaseIterable, Sendable {
    case withGraph, text, hidden

    package var next: HUDMode { Self.allCases[(Self.allCases.firstIndex(of: self)! + 1) % Self.allCases.count] }
}
