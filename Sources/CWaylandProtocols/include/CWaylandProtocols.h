// The Wayland protocols the overlay speaks beyond the core one (client headers that
// Scripts/wayland-protocols generates with wayland-scanner), wayland-egl for its EGL windows, and
// the addresses of the interface descriptions, which wl_registry_bind needs: Swift imports an
// extern struct as a value it copies, not as the symbol.
#include <wayland-client.h>
#include <wayland-egl.h>
#include "xdg-shell-client-protocol.h"
#include "wlr-layer-shell-unstable-v1-client-protocol.h"
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "xdg-output-unstable-v1-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"

static inline const struct wl_interface *confetti_interface_wl_compositor(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *confetti_interface_wl_shm(void) { return &wl_shm_interface; }
static inline const struct wl_interface *confetti_interface_wl_output(void) { return &wl_output_interface; }
static inline const struct wl_interface *confetti_interface_wl_seat(void) { return &wl_seat_interface; }
static inline const struct wl_interface *confetti_interface_xdg_wm_base(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *confetti_interface_zwlr_layer_shell_v1(void) { return &zwlr_layer_shell_v1_interface; }
static inline const struct wl_interface *confetti_interface_zwlr_virtual_pointer_manager_v1(void) { return &zwlr_virtual_pointer_manager_v1_interface; }
static inline const struct wl_interface *confetti_interface_zxdg_output_manager_v1(void) { return &zxdg_output_manager_v1_interface; }
static inline const struct wl_interface *confetti_interface_wp_viewporter(void) { return &wp_viewporter_interface; }
static inline const struct wl_interface *confetti_interface_wp_fractional_scale_manager_v1(void) { return &wp_fractional_scale_manager_v1_interface; }
