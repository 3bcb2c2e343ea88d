// EGL through libepoxy, so GL and EGL entry points come from one dispatcher.
#include <epoxy/egl.h>
