// epoxy supplies the GL declarations; GLFW must not include its own.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
