/* Hostile effects through the C library, one run for many: reads one effect's JSON text a line
 * from standard input, fires each with confetti_fire_json into one handle, draws what was taken,
 * and prints a line per effect: "case N STATUS MESSAGE" (the status's number; the message empty when it was
 * taken), or "gl N 0xERROR" when a call left a GL error of its own. A trap aborts the process,
 * which the caller sees as a signal; the last "case" line says how far it got.
 *
 *     cc fire_json_sweep.c $(pkg-config --cflags --libs confetti epoxy) < cases.txt
 */
#include <confetti.h>
#include "headless_egl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    if (headless_egl_start(160, 90) != 0) return 2;

    confetti *c;
    if (confetti_create(4096, 1, &c) != CONFETTI_OK) return 3;
    size_t capacity = 0;
    char *line = NULL;
    static char message[1024];
    long n = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        if (line[length - 1] == '\n') line[length - 1] = '\0';
        double t = 100.0 * (double)n;
        confetti_status status = confetti_fire_json(c, line, t, 160, 90, NULL);
        message[0] = '\0';
        if (status != CONFETTI_OK) {
            confetti_last_error(c, message, sizeof message, NULL);
        } else {
            confetti_draw(c, t + 0.3, 160, 90, 1);
            glFinish();
        }
        GLenum error = glGetError();
        if (error != GL_NO_ERROR) printf("gl %ld 0x%x\n", n, error);
        printf("case %ld %d %s\n", n, (int)status, message);
        fflush(stdout);
        /* What one case spawned is not kept for the next. */
        confetti_remove_all(c);
        n++;
    }
    free(line);
    confetti_destroy(c);
    printf("%ld cases\n", n);
    return 0;
}
