import CWaylandProtocols

/// One `wl_output` as the overlay knows it: its name and logical rectangle from xdg-output, its
/// integer scale from wl_output, and its surface while one is mapped.
final class WaylandOutput {
    /// The registry's name for the global, which `global_remove` names it by.
    let global: UInt32
    let output: OpaquePointer
    var xdgOutput: OpaquePointer?
    var name: String?
    var x = 0.0, y = 0.0
    var logicalWidth: Double?, logicalHeight: Double?
    /// From `wl_output.mode` (the current one), in pixels: the size when xdg-output is missing.
    var modeWidth = 0, modeHeight = 0
    var scale = 1
    var surface: WaylandOverlaySurface?

    init(global: UInt32, output: OpaquePointer) {
        self.global = global
        self.output = output
    }

    /// Known well enough to place a surface on: it has a size.
    var isReady: Bool { (logicalWidth ?? 0) > 0 || modeWidth > 0 }

    var desktopOutput: DesktopOutput {
        let width = logicalWidth ?? Double(modeWidth) / Double(max(scale, 1))
        let height = logicalHeight ?? Double(modeHeight) / Double(max(scale, 1))
        return DesktopOutput(name: name ?? "wl_output-\(global)", x: x, y: y, width: width, height: height,
                             scale: surface?.scale ?? Double(scale))
    }

    func destroy() {
        surface?.destroy()
        surface = nil
        if let xdgOutput { zxdg_output_v1_destroy(xdgOutput) }
        if wl_proxy_get_version(output) >= 3 { wl_output_release(output) } else { wl_output_destroy(output) }
    }
}
