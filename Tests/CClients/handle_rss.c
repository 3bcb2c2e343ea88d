/* What a handle costs: the resident memory a process gains by making one celebration of the
 * capacity given (0: the default) and drawing one 30-piece confetti burst with it, headless.
 * Prints "rss_kib N". CLibraryContractTests compares the default with capacity 4096.
 *
 *     cc handle_rss.c $(pkg-config --cflags --libs confetti epoxy)
 */
#include <confetti.h>
#include "headless_egl.h"
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
    if (confetti_fire_json(c, "{\"kind\": \"confetti\", \"confetti\": {\"count\": 30}}", 0, 320, 180, NULL) != CONFETTI_OK) return 4;
    for (int frame = 0; frame < 10; frame++) confetti_draw(c, frame / 60.0, 320, 180, 1);
    glFinish();
    printf("rss_kib %ld\n", resident_kib() - before);
    confetti_destroy(c);
    return 0;
}
