import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport

/// A viewer in a real 640 × 360 window without vsync, on this test's own Xvfb (unless a display
/// is given), with no other GL work meanwhile: the setup every viewer window test shares.
/// `configure` changes the options before the window opens.
func withWindowedViewer<T>(_ configure: (inout Viewer.Options) -> Void = { _ in }, _ body: (Viewer) throws -> T) async throws -> T {
    try await SharedGL.withDisplay {
        var options = Viewer.Options()
        options.vsync = false
        options.width = 640
        options.height = 360
        // Silent: a test of something else plays no sound on the machine's server.
        options.silent = true
        configure(&options)
        let viewer = try Viewer(options: options)
        defer { viewer.close() }
        return try body(viewer)
    }
}

extension Viewer {
    /// Spans in every ring: how many batches have been uploaded, by side (the rings keep dead ones).
    var spansUploaded: Int {
        renderer.celebration.renderers.map(\.spanCount).reduce(0, +)
    }
}
