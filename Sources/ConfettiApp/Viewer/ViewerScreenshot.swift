@preconcurrency import CEpoxy
import ConfettiGL
import FoundationEssentials
import Glibc

/// S: the frame as drawn, to the next free `confetti-NNNN.png` in `--screenshot-dir`.
extension Viewer {
    /// The back buffer as drawn by the last `renderFrame`, top row first.
    package func readBackBuffer() throws -> RGBAImage {
        let (w, h) = window.framebufferSize
        bindWindowFramebuffer(GLenum(GL_READ_FRAMEBUFFER))
        epoxy_glReadBuffer(GLenum(GL_BACK))
        return try RGBAImage.readFramebuffer(width: w, height: h)
    }

    /// Writes the back buffer as drawn by the last `renderFrame` to the next free
    /// `confetti-NNNN.png` in the screenshot directory, and returns its path.
    @discardableResult
    package func saveScreenshot() throws -> String {
        let image = try readBackBuffer()
        try FileManager.default.createDirectory(atPath: options.screenshotDirectory, withIntermediateDirectories: true)
        var n = 1
        var path: String
        repeat {
            path = URL(fileURLWithPath: options.screenshotDirectory).appendingPathComponent(String(printf: "confetti-%04ld.png", n)).standardizedFileURL.path
            n += 1
        } while FileManager.default.fileExists(atPath: path)
        try PNGFile.write(image, to: path)
        return path
    }

    /// Saves the screenshot S asked for, if it did, between drawing a frame and showing it
    /// (after the swap the back buffer is undefined). A failure is said on stderr; the viewer
    /// goes on.
    func saveRequestedScreenshot() {
        guard screenshotRequested else { return }
        screenshotRequested = false
        do {
            print("screenshot: \(try saveScreenshot())")
        } catch {
            notice("screenshot failed: " + Self.oneLine("\(error)"))
        }
    }
}
