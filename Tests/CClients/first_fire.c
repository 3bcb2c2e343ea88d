/* What the first fire and its first draw cost against later ones, headless, from C: prints
 * "create_ms", then "fire_ms" and "draw_ms" for the first three launches of a preset.
 *
 *     cc first_fire.c $(pkg-config --cflags --libs confetti epoxy) [preset]
 */
#include <confetti.h>
#include "headless_egl.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    const char *preset = argc > 1 ? argv[1] : "celebration";
    if (headless_egl_start(640, 360) != 0) return 2;
    glViewport(0, 0, 640, 360);
    double start = now();
    confetti *c;
    if (confetti_create(0, 1, &c) != CONFETTI_OK) return 3;
    glFinish();
    printf("create_ms %.1f\n", (now() - start) * 1e3);
    for (int k = 0; k < 3; k++) {
        double t = k * 10.0;
        start = now();
        if (confetti_fire_preset(c, preset, t, 640, 360, NULL) != CONFETTI_OK) return 4;
        double fired = now();
        confetti_draw(c, t + 0.3, 640, 360, 1);
        glFinish();
        printf("launch %d fire_ms %.1f draw_ms %.1f\n", k, (fired - start) * 1e3, (now() - fired) * 1e3);
    }
    confetti_destroy(c);
    return 0;
}
