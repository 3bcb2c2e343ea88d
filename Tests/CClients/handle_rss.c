/* What a handle costs: the resident memory a process gains by making one celebration of the
 * capacity given (0: the default), giving it PICTURES pictures of 4096 x 4096 pixels by name
 * (confetti_add_image; none unless given) and drawing one 30-piece confetti burst with it,
 * headless. The app's own pixels are made before the measure starts. Prints "rss_kib N".
 * CLibraryContractTests compares the default with capacity 4096, and pictures with none.
 *
 *     cc handle_rss.c $(pkg-config --cflags --libs confetti epoxy) [capacity [pictures]]
 */
#include <confetti.h>
#include "headless_egl.h"
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long resident_kib(void) {
    FILE *status = fopen("/proc/self/status", "r");
    char line[256];
    long kib = -1;
    while (status && fgets(line, sizeof line, status)) {
        if (strncmp(line, "VmRSS:", 6) == 0) kib = strtol(line + 6, NULL, 10);
    }
    if (status) fclose(status);
    return kib;
}

int main(int argc, char **argv) {
    long long capacity = argc > 1 ? atoll(argv[1]) : 0;
    int pictures = argc > 2 ? atoi(argv[2]) : 0;
    enum { side = 4096 };
    /* Opaque, so that every pixel is visible; touched now, so that it is resident before. */
    uint8_t *rgba = pictures > 0 ? malloc((size_t)side * side * 4) : NULL;
    if (pictures > 0 && !rgba) return 5;
    for (size_t i = 0; pictures > 0 && i < (size_t)side * side * 4; i++) rgba[i] = (i & 3) == 3 ? 255 : (uint8_t)(i >> 12);
    if (headless_egl_start(320, 180) != 0) return 2;
    /* The library's own start (its runtime, the presets) is paid by a first handle of the
     * smallest capacity, so that what is measured is what the capacity adds. */
    confetti *warm;
    if (confetti_create(1, 1, &warm) != CONFETTI_OK) return 3;
    confetti_destroy(warm);
    glFinish();
    long before = resident_kib();
    confetti *c;
    if (confetti_create(capacity, 1, &c) != CONFETTI_OK) return 3;
    for (int k = 0; k < pictures; k++) {
        char name[32];
        snprintf(name, sizeof name, "picture %d", k);
        if (confetti_add_image(c, name, rgba, side, side) != CONFETTI_OK) return 6;
    }
    if (confetti_fire_json(c, "{\"kind\": \"confetti\", \"confetti\": {\"count\": 30}}", 0, 320, 180, NULL) != CONFETTI_OK) return 4;
    for (int frame = 0; frame < 10; frame++) confetti_draw(c, frame / 60.0, 320, 180, 1);
    glFinish();
    /* What the library holds, not what malloc keeps of what it freed (a 4096 x 4096 picture's
     * copies, made while it is reduced, are freed when confetti_add_image returns). */
    malloc_trim(0);
    printf("rss_kib %ld\n", resident_kib() - before);
    confetti_destroy(c);
    free(rgba);
    return 0;
}
