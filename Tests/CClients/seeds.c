/* A seed gives its launches, from C: two handles made with the same seed draw the same pixels
 * for the same calls, launch k of a seed drawing from its RNG stream k; another seed, or the
 * next launch of the same one, draws others. Prints one "ok: what" or "FAIL: what" line per
 * check; the exit status is the number of failures. CLibraryContractTests runs it.
 *
 *     cc seeds.c $(pkg-config --cflags --libs confetti epoxy)
 */
#include <confetti.h>
#include "headless_egl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { width = 320, height = 180 };

static int failures;

static void check(int condition, const char *what) {
    printf("%s: %s\n", condition ? "ok" : "FAIL", what);
    failures += !condition;
}

/* The frame of launch `launch` of `seed` (the launches before it fired and removed), a
 * celebration's pieces and sparks at 0.5 s after it, over black; the caller frees it. NULL
 * when a call failed. */
static unsigned char *frame(uint64_t seed, int launch) {
    confetti *c;
    if (confetti_create(4096, seed, &c) != CONFETTI_OK) return NULL;
    int ok = 1;
    for (int k = 0; k <= launch && ok; k++) {
        if (k > 0) ok &= confetti_remove_all(c) == CONFETTI_OK;
        ok &= confetti_fire_preset(c, "celebration", 10.0 * k, width, height, NULL) == CONFETTI_OK;
    }
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ok &= confetti_draw(c, 10.0 * launch + 0.5, width, height, 1) == CONFETTI_OK;
    confetti_destroy(c);
    if (!ok) return NULL;
    unsigned char *pixels = malloc(width * height * 4);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    return pixels;
}

static long lit(const unsigned char *pixels) {
    long count = 0;
    for (long i = 0; i < width * height; i++) count += pixels[4 * i] > 16 || pixels[4 * i + 1] > 16 || pixels[4 * i + 2] > 16;
    return count;
}

static int same(const unsigned char *a, const unsigned char *b) {
    return a && b && memcmp(a, b, width * height * 4) == 0;
}

int main(void) {
    if (headless_egl_start(width, height) != 0) return 100;
    glViewport(0, 0, width, height);
    unsigned char *first = frame(5, 0), *again = frame(5, 0), *other = frame(6, 0);
    unsigned char *second = frame(5, 1), *secondAgain = frame(5, 1);
    check(first && again && other && second && secondAgain, "every create, fire and draw succeeds");
    check(first && lit(first) > 200, "the launch draws pieces");
    check(same(first, again), "two fires with seed 5 draw the same pixels");
    check(same(second, secondAgain), "and so do their second launches");
    check(first && other && !same(first, other), "seed 6 draws other pixels");
    check(first && second && !same(first, second), "the next launch of seed 5 draws other pixels");
    printf("%d failed\n", failures);
    free(first), free(again), free(other), free(second), free(secondAgain);
    return failures;
}
