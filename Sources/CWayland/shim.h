#include <wayland-client.h>

// wl_registry_bind needs the address of the interface description. Swift imports an extern
// struct as a value it copies, not as the symbol, so its address comes from here.
static inline const struct wl_interface *confetti_wl_compositor_interface(void) {
    return &wl_compositor_interface;
}
