// Xlib, the SHAPE extension that gives the overlay an empty input shape (click-through), and
// XRandR, whose monitors the overlay covers.
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/shape.h>
#include <X11/extensions/Xrandr.h>
