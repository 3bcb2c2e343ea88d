import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// The on-screen HUD: in the window's top-left corner, toggled with H, readable at content
/// scales 1 and 2.
@Suite struct HUDTests {
    @Test func theHUDShowsItsLineInTheCornerAndHTogglesIt() async throws {
        try await withWindowedViewer { viewer in
            try viewer.fireConfetti()
            viewer.advance(wall: 0.2)
            viewer.renderFrame()
            let shown = try viewer.readBackBuffer()
            #expect(viewer.showsHUD && viewer.statusLine.contains { $0.hasSuffix(" live") } && viewer.statusLine.last == "celebration", "\(viewer.statusLine)")
            // The title bar says what the HUD's line starts with, in the same words and numbers;
            // the HUD adds the GPU memory (and GPU and CPU time once measured).
            viewer.handle(.key(Int(GLFW_KEY_E), repeated: false))
            #expect(viewer.window.title == "confetti — " + viewer.statusLine.joined(separator: " · "), "\(viewer.window.title) / \(viewer.statusLine)")
            #expect(viewer.hudText.hasPrefix(viewer.statusLine.joined(separator: "  ") + "\n") && viewer.hudText.hasSuffix(" MB"), "\(viewer.hudText)")
            #expect(viewer.hudText.contains("×1") && viewer.hudText.contains("emitting"), "\(viewer.hudText)")
            viewer.handle(.key(Int(GLFW_KEY_E), repeated: false))
            let panel = viewer.hudPanel.frame
            let s = viewer.window.pixelsPerPoint
            let fill = viewer.hudPanel.fill.rgba8, ink = viewer.hudPanel.text.rgba8
            var fillPixels = 0, inkPixels = 0
            for y in Int(panel.minY * s)..<Int(panel.maxY * s) {
                for x in Int(panel.minX * s)..<Int(panel.maxX * s) {
                    let p = shown[x, y]
                    if (p.r, p.g, p.b) == (fill.0, fill.1, fill.2) { fillPixels += 1 }
                    if (p.r, p.g, p.b) == (ink.0, ink.1, ink.2) { inkPixels += 1 }
                }
            }
            #expect(fillPixels > 1000 && inkPixels > 100, "panel \(fillPixels) pixels, text \(inkPixels) pixels")
            // H: the HUD without its graph, then nothing.
            try viewer.handle(.key(Int(GLFW_KEY_H), repeated: false))
            #expect(viewer.showsHUD && viewer.hudMode == .text)
            try viewer.handle(.key(Int(GLFW_KEY_H), repeated: false))
            viewer.renderFrame()
            let hidden = try viewer.readBackBuffer()
            let corner = hidden[Int((panel.minX + 4) * s), Int((panel.minY + 4) * s)]
            let background = SceneRenderer.background.rgba8
            #expect(!viewer.showsHUD && (corner.r, corner.g, corner.b) == (background.0, background.1, background.2), "H hides the HUD")
        }
    }

    @Test func theHUDTextIsTwoPointsPerFontPixelAtScaleOneAndTwo() async throws {
        for scale in [1.0, 2.0] {
            let rows = try await SharedGL.run {
                let hud = try ButtonRenderer(shaders: SharedGL.shaders())
                hud.labelScale = Viewer.hudScale
                let target = try OffscreenTarget(width: Int(320 * scale), height: Int(60 * scale))
                defer { hud.delete(); target.delete() }
                target.bind()
                clearFramebuffer(to: SceneRenderer.background)
                var panel = CelebrateButton(frame: Rect(x: 8, y: 8, width: 200, height: 30))
                panel.label = "60 fps  1234 live"
                hud.draw(panel, viewport: Size(width: 320, height: 60), pixelsPerPoint: scale)
                let image = try target.readPixels()
                // Rows holding the text colour: the glyphs are 7 font pixels tall.
                return (0..<image.height).filter { y in (0..<image.width).contains { x in image[x, y].r == 255 && image[x, y].g == 255 } }.count
            }
            #expect(rows == Int(7 * Viewer.hudScale * scale), "at scale \(scale) the text is \(rows) pixels tall")
        }
    }
}
