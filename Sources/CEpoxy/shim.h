#include <epoxy/gl.h>
