import ConfettiGL
import CWaylandProtocols
import FoundationEssentials
import Glibc

/// The overlay's own Wayland client: a layer surface on every output where the compositor speaks
/// `zwlr_layer_shell_v1` (sway, KWin, Hyprland, river, …), else an xdg_toplevel per output that
/// the desktop places (GNOME's Mutter, weston). One EGL context draws them all; each is drawn
/// when its own frame callback says so, so an output that is off stalls none of the others.
final class WaylandOverlaySurfaces: OverlaySurfaces {
    let display: OpaquePointer
    private let registry: OpaquePointer
    private(set) var compositor: OpaquePointer?
    private(set) var layerShell: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var viewporter: OpaquePointer?
    private(set) var fractionalScaleManager: OpaquePointer?
    /// Shared memory for buffers of its own (`WaylandShmPresenter`), with a compositor that
    /// takes damage in buffer pixels (wl_compositor 4).
    private(set) var shm: OpaquePointer?
    private var compositorVersion: UInt32 = 0
    private var outputManager: OpaquePointer?
    private var waylandOutputs: [WaylandOutput] = []
    private(set) var egl: WaylandEGL?
    private var shown = false
    private(set) var notice: String?

    init(_ options: OverlaySurfaceOptions, display name: String? = nil) throws {
        guard let display = wl_display_connect(name) else {
            let socket = name ?? ProcessInfo.processInfo.environment["WAYLAND_DISPLAY"] ?? "wayland-0"
            throw WaylandUnreachable(failure: GLFailure("cannot connect to the Wayland display \(socket): \(String(cString: strerror(errno)))"))
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        do {
            // The globals, then each output's events (wl_output's, then xdg-output's).
            try roundtrip()
            guard compositor != nil else { throw GLFailure("the Wayland compositor announced no wl_compositor") }
            try roundtrip()
            if layerShell == nil {
                notice = "this Wayland compositor has no layer shell (zwlr_layer_shell_v1): the overlay is a window on each output, which the desktop places (on GNOME, the confetti extension)"
            }
            egl = try WaylandEGL(wayland: display)
        } catch {
            close()
            throw error
        }
    }

    var outputs: [DesktopOutput] {
        waylandOutputs.filter(\.isReady).map(\.desktopOutput)
    }

    func show() throws {
        shown = true
        try mapSurfaces()
        wl_display_flush(display)
    }

    func hide() {
        shown = false
        for output in waylandOutputs {
            output.surface?.destroy()
            output.surface = nil
        }
        wl_display_flush(display)
    }

    /// A surface on every ready output that has none while shown.
    private func mapSurfaces() throws {
        guard shown else { return }
        for output in waylandOutputs where output.isReady && output.surface == nil {
            output.surface = try WaylandOverlaySurface(owner: self, output: output)
        }
    }

    var isClosed: Bool { false }

    func dispatch(waitingUpTo seconds: Double) throws {
        let due = waylandOutputs.contains { $0.surface?.isDue == true }
        while wl_display_prepare_read(display) != 0 {
            guard wl_display_dispatch_pending(display) >= 0 else { throw disconnected() }
        }
        wl_display_flush(display)
        var descriptor = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
        let timeout = due ? 0 : Int32((max(0, seconds) * 1000).rounded(.up))
        if poll(&descriptor, 1, timeout) > 0 {
            guard wl_display_read_events(display) >= 0 else { throw disconnected() }
        } else {
            wl_display_cancel_read(display)
        }
        guard wl_display_dispatch_pending(display) >= 0 else { throw disconnected() }
        try mapSurfaces()
        if let egl {
            for output in waylandOutputs {
                guard let surface = output.surface, surface.needsFirstBuffer else { continue }
                try surface.draw(with: egl, transparent: true) { _, _ in nil }
            }
        }
        wl_display_flush(display)
    }

    var eventDescriptor: Int32? { wl_display_get_fd(display) }

    /// Where EGL cannot show just what changed, the surfaces present buffers of their own.
    var presentsItself: Bool { egl?.damageFallback != nil && shm != nil && compositorVersion >= 4 }

    var damageFallback: String? { presentsItself ? nil : egl?.damageFallback }

    var isFrameDue: Bool { waylandOutputs.contains { $0.surface?.isDue == true } }

    func drawDue(_ draw: (DesktopOutput, SurfaceFrame) throws -> [PixelRect]?) throws {
        guard let egl else { return }
        for output in waylandOutputs {
            guard let surface = output.surface, surface.isDue else { continue }
            try surface.draw(with: egl, draw)
        }
        wl_display_flush(display)
    }

    func close() {
        for output in waylandOutputs { output.destroy() }
        waylandOutputs.removeAll()
        egl?.close()
        egl = nil
        if let layerShell { zwlr_layer_shell_v1_destroy(layerShell) }
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let viewporter { wp_viewporter_destroy(viewporter) }
        if let fractionalScaleManager { wp_fractional_scale_manager_v1_destroy(fractionalScaleManager) }
        if let outputManager { zxdg_output_manager_v1_destroy(outputManager) }
        if let compositor { wl_compositor_destroy(compositor) }
        if let shm { wl_shm_destroy(shm) }
        shm = nil
        layerShell = nil; wmBase = nil; viewporter = nil; fractionalScaleManager = nil; outputManager = nil; compositor = nil
        wl_registry_destroy(registry)
        wl_display_flush(display)
        wl_display_disconnect(display)
    }

    private func roundtrip() throws {
        guard wl_display_roundtrip(display) >= 0 else { throw disconnected() }
    }

    private func disconnected() -> GLFailure {
        let code = wl_display_get_error(display)
        return GLFailure("the Wayland compositor closed the connection (\(code == 0 ? "it went away" : String(cString: strerror(code))))")
    }

    /// The compositor closed `surface` (its output went away, or the layer shell's `closed`).
    func closedByCompositor(_ surface: WaylandOverlaySurface) {
        guard let output = waylandOutputs.first(where: { $0.surface === surface }) else { return }
        surface.destroy()
        output.surface = nil
    }

    private func added(global name: UInt32, interface: String, version: UInt32) {
        func bind(_ wanted: UnsafePointer<wl_interface>, _ most: UInt32) -> OpaquePointer? {
            OpaquePointer(wl_registry_bind(registry, name, wanted, min(version, most)))
        }
        switch interface {
        case "wl_compositor":
            compositor = bind(confetti_interface_wl_compositor(), 4)
            compositorVersion = min(version, 4)
        case "wl_shm": shm = bind(confetti_interface_wl_shm(), 1)
        case "zwlr_layer_shell_v1": layerShell = bind(confetti_interface_zwlr_layer_shell_v1(), 4)
        case "xdg_wm_base":
            wmBase = bind(confetti_interface_xdg_wm_base(), 2)
            xdg_wm_base_add_listener(wmBase, &Self.wmBaseListener, nil)
        case "wp_viewporter": viewporter = bind(confetti_interface_wp_viewporter(), 1)
        case "wp_fractional_scale_manager_v1": fractionalScaleManager = bind(confetti_interface_wp_fractional_scale_manager_v1(), 1)
        case "zxdg_output_manager_v1":
            outputManager = bind(confetti_interface_zxdg_output_manager_v1(), 3)
            for output in waylandOutputs where output.xdgOutput == nil { describe(output) }
        case "wl_output":
            guard let bound = bind(confetti_interface_wl_output(), 4) else { return }
            let output = WaylandOutput(global: name, output: bound)
            waylandOutputs.append(output)
            wl_output_add_listener(bound, &Self.outputListener, Unmanaged.passUnretained(output).toOpaque())
            if outputManager != nil { describe(output) }
        default: break
        }
    }

    private func describe(_ output: WaylandOutput) {
        guard let outputManager else { return }
        output.xdgOutput = zxdg_output_manager_v1_get_xdg_output(outputManager, output.output)
        zxdg_output_v1_add_listener(output.xdgOutput, &Self.xdgOutputListener, Unmanaged.passUnretained(output).toOpaque())
    }

    private func removed(global name: UInt32) {
        guard let index = waylandOutputs.firstIndex(where: { $0.global == name }) else { return }
        waylandOutputs.remove(at: index).destroy()
    }

    nonisolated(unsafe) private static var registryListener = wl_registry_listener(
        global: { data, _, name, interface, version in
            guard let data, let interface else { return }
            Unmanaged<WaylandOverlaySurfaces>.fromOpaque(data).takeUnretainedValue().added(global: name, interface: String(cString: interface), version: version)
        },
        global_remove: { data, _, name in
            guard let data else { return }
            Unmanaged<WaylandOverlaySurfaces>.fromOpaque(data).takeUnretainedValue().removed(global: name)
        }
    )

    nonisolated(unsafe) private static var wmBaseListener = xdg_wm_base_listener(
        ping: { _, base, serial in xdg_wm_base_pong(base, serial) }
    )

    private static func output(_ data: UnsafeMutableRawPointer?) -> WaylandOutput {
        Unmanaged<WaylandOutput>.fromOpaque(data!).takeUnretainedValue()
    }

    nonisolated(unsafe) private static var outputListener = wl_output_listener(
        geometry: { _, _, _, _, _, _, _, _, _, _ in },
        mode: { data, _, flags, width, height, _ in
            guard flags & WL_OUTPUT_MODE_CURRENT.rawValue != 0 else { return }
            let output = output(data)
            output.modeWidth = Int(width)
            output.modeHeight = Int(height)
        },
        done: { _, _ in },
        scale: { data, _, factor in output(data).scale = Int(factor) },
        name: { data, _, name in
            let output = output(data)
            if output.name == nil, let name { output.name = String(cString: name) }
        },
        description: { _, _, _ in }
    )

    nonisolated(unsafe) private static var xdgOutputListener = zxdg_output_v1_listener(
        logical_position: { data, _, x, y in
            let output = output(data)
            output.x = Double(x)
            output.y = Double(y)
        },
        logical_size: { data, _, width, height in
            let output = output(data)
            output.logicalWidth = Double(width)
            output.logicalHeight = Double(height)
        },
        done: { _, _ in },
        // xdg-output's name is the one the compositor's own tools use (swaymsg, kscreen).
        name: { data, _, name in if let name { output(data).name = String(cString: name) } },
        description: { _, _, _ in }
    )
}

/// No Wayland compositor answered at WAYLAND_DISPLAY.
struct WaylandUnreachable: Error {
    let failure: GLFailure
}
