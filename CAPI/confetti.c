/* The C target of confetti.h (CConfetti): the Swift side imports the header from here, and
 * checks each of its @c functions against the declaration (Sources/ConfettiC/Declarations.swift),
 * so a changed parameter type fails the build. What C alone can check is checked here. */
#include "confetti.h"

_Static_assert(sizeof(confetti_rect) == 4 * sizeof(double), "confetti_rect is four doubles, read as such by the library");
_Static_assert(sizeof(confetti_status) == 4, "confetti_status is a 32-bit enum");
_Static_assert(CONFETTI_VERSION == CONFETTI_VERSION_MAJOR * 10000 + CONFETTI_VERSION_MINOR * 100 + CONFETTI_VERSION_PATCH,
               "one version");
