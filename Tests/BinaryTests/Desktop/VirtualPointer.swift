import CWaylandProtocols
import Foundation
import TestSupport

/// A pointer that a test moves and clicks through a wlroots compositor's
/// `zwlr_virtual_pointer_v1`, as a mouse would: what a click on the overlay reaches is what a
/// user's click would reach.
final class VirtualPointer {
    private let display: OpaquePointer
    private let registry: OpaquePointer
    private var manager: OpaquePointer?
    private var seat: OpaquePointer?
    private var pointer: OpaquePointer?

    /// Connects to the compositor at `runtimeDirectory`/`socket`.
    init(runtimeDirectory: URL, socket: String) throws {
        guard let display = wl_display_connect(runtimeDirectory.appendingPathComponent(socket).path) else {
            throw TestFailure("could not connect to the Wayland display \(socket) in \(runtimeDirectory.path)")
        }
        self.display = display
        registry = wl_display_get_registry(display)
        wl_registry_add_listener(registry, &Self.registryListener, Unmanaged.passUnretained(self).toOpaque())
        wl_display_roundtrip(display)
        guard let manager, let seat else {
            wl_display_disconnect(display)
            throw TestFailure("the compositor offers no zwlr_virtual_pointer_manager_v1 or no wl_seat")
        }
        pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat)
        wl_display_roundtrip(display)
    }

    /// A left click at (`x`, `y`) of a layout `width` × `height` points.
    func click(x: Double, y: Double, width: Double, height: Double) {
        let time = UInt32(truncatingIfNeeded: Int(ProcessInfo.processInfo.systemUptime * 1000))
        zwlr_virtual_pointer_v1_motion_absolute(pointer, time, UInt32(x), UInt32(y), UInt32(width), UInt32(height))
        zwlr_virtual_pointer_v1_frame(pointer)
        // BTN_LEFT (linux/input-event-codes.h).
        zwlr_virtual_pointer_v1_button(pointer, time + 1, 0x110, WL_POINTER_BUTTON_STATE_PRESSED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        zwlr_virtual_pointer_v1_button(pointer, time + 2, 0x110, WL_POINTER_BUTTON_STATE_RELEASED.rawValue)
        zwlr_virtual_pointer_v1_frame(pointer)
        wl_display_roundtrip(display)
    }

    func close() {
        if let pointer { zwlr_virtual_pointer_v1_destroy(pointer) }
        if let manager { zwlr_virtual_pointer_manager_v1_destroy(manager) }
        if let seat { wl_seat_destroy(seat) }
        wl_registry_destroy(registry)
        wl_display_roundtrip(display)
        wl_display_disconnect(display)
    }

    nonisolated(unsafe) private static var registryListener = wl_registry_listener(
        global: { data, registry, name, interface, _ in
            guard let data, let interface else { return }
            let me = Unmanaged<VirtualPointer>.fromOpaque(data).takeUnretainedValue()
            switch String(cString: interface) {
            case "zwlr_virtual_pointer_manager_v1":
                me.manager = OpaquePointer(wl_registry_bind(registry, name, confetti_interface_zwlr_virtual_pointer_manager_v1(), 1))
            case "wl_seat":
                if me.seat == nil { me.seat = OpaquePointer(wl_registry_bind(registry, name, confetti_interface_wl_seat(), 1)) }
            default: break
            }
        },
        global_remove: { _, _, _ in }
    )
}
