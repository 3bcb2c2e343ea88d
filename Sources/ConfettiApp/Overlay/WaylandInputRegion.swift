import ConfettiGL
import CWayland

/// The Wayland equivalent of an empty X input shape: a surface whose input region is empty
/// receives no pointer or touch input, which goes to the surfaces beneath it.
enum WaylandInputRegion {
    /// Empties the input region of `surface`. Like all surface state it takes effect at the
    /// surface's next commit, which is GLFW's next buffer swap. Regions come from the
    /// compositor global, which GLFW does not share, so it is bound here from the registry,
    /// on a private event queue so that GLFW's own events stay where GLFW dispatches them.
    static func clear(display: OpaquePointer, surface: OpaquePointer) throws {
        guard let queue = wl_display_create_queue(display) else {
            throw GLFailure("could not create a Wayland event queue")
        }
        defer { wl_event_queue_destroy(queue) }
        let wrapper = OpaquePointer(wl_proxy_create_wrapper(UnsafeMutableRawPointer(display)))
        wl_proxy_set_queue(wrapper, queue)
        let registry = wl_display_get_registry(wrapper)
        wl_proxy_wrapper_destroy(UnsafeMutableRawPointer(wrapper))
        defer { wl_registry_destroy(registry) }

        let found = Globals()
        let listener = UnsafeMutablePointer<wl_registry_listener>.allocate(capacity: 1)
        defer { listener.deallocate() }
        listener.initialize(to: wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface, String(cString: interface) == "wl_compositor" else { return }
                Unmanaged<Globals>.fromOpaque(data).takeUnretainedValue().compositor = name
            },
            global_remove: { _, _, _ in }
        ))
        wl_registry_add_listener(registry, listener, Unmanaged.passUnretained(found).toOpaque())
        guard wl_display_roundtrip_queue(display, queue) >= 0, let name = found.compositor else {
            throw GLFailure("the Wayland compositor announced no wl_compositor")
        }
        let compositor = OpaquePointer(wl_registry_bind(registry, name, confetti_wl_compositor_interface(), 1))
        defer { wl_compositor_destroy(compositor) }

        let empty = wl_compositor_create_region(compositor)
        wl_surface_set_input_region(surface, empty)
        wl_region_destroy(empty)
        wl_display_flush(display)
    }

    private final class Globals {
        var compositor: UInt32?
    }
}
