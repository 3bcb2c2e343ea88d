// Xlib, and the SHAPE extension that gives the overlay an empty input shape (click-through).
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/shape.h>
