/* The contract of confetti.h as an app that nobody here wrote meets it: headless (EGL's
 * surfaceless platform, an offscreen framebuffer), built from a DESTDIR install with pkg-config
 * alone. Each check prints "ok: what" or "FAIL: what (why)"; the exit status is the number of
 * failures. CLibraryContractTests runs it.
 *
 *     cc contract.c $(pkg-config --cflags --libs confetti epoxy) -lpthread
 */
#include <confetti.h>
#include "headless_egl.h"
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static void check(int condition, const char *what, const char *why) {
    if (condition) {
        printf("ok: %s\n", what);
    } else {
        printf("FAIL: %s (%s)\n", what, why);
        failures++;
    }
}

static const char *message(const confetti *c) {
    static char buffer[1024];
    confetti_last_error(c, buffer, sizeof buffer, NULL);
    return buffer;
}

/* check() with the last error of `handle` as the why, read after the condition's calls. */
#define expect(condition, what, handle)                \
    do {                                               \
        int holds_ = (condition);                      \
        check(holds_, what, message(handle));          \
    } while (0)

/* The bound framebuffer's pixels, 640 x 360 RGBA (the caller frees them). */
static unsigned char *read_pixels(void) {
    unsigned char *pixels = malloc(640 * 360 * 4);
    glReadPixels(0, 0, 640, 360, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    return pixels;
}

static long lit_pixels(const unsigned char *pixels) {
    long lit = 0;
    for (long i = 0; i < 640 * 360; i++) lit += pixels[4 * i] > 16 || pixels[4 * i + 1] > 16 || pixels[4 * i + 2] > 16;
    return lit;
}

/* The frame at 0.4 s of a confetti burst in a 320 x 180 pt rectangle at 2 pixels per point,
 * the first launch of seed 1, drawn with the app's viewport at x, y, width, height
 * beforehand; the viewport after it. */
static unsigned char *frame(GLint x, GLint y, GLsizei width, GLsizei height, GLint after[4]) {
    confetti *c;
    expect(confetti_create(4096, 1, &c) == CONFETTI_OK, "create", NULL);
    glClearColor(0, 0, 0, 1);
    glViewport(0, 0, 640, 360);
    glClear(GL_COLOR_BUFFER_BIT);
    glViewport(x, y, width, height);
    int fired = confetti_fire_preset(c, "confetti", 0, 320, 180, NULL);
    expect(fired == CONFETTI_OK, "fire", c);
    int drawn = confetti_draw(c, 0.4, 320, 180, 2);
    expect(drawn == CONFETTI_OK, "draw", c);
    glGetIntegerv(GL_VIEWPORT, after);
    confetti_destroy(c);
    return read_pixels();
}

/* A fresh context's viewport is 0 x 0: the draw fills the rectangle its arguments name from
 * the framebuffer's origin, whatever viewport the app left, and puts the app's back. */
static void viewport_rule(void) {
    GLint after[4];
    unsigned char *full = frame(0, 0, 640, 360, after);
    unsigned char *empty = frame(0, 0, 0, 0, after);
    check(after[0] == 0 && after[1] == 0 && after[2] == 0 && after[3] == 0, "the app's 0x0 viewport put back", "changed");
    unsigned char *corner = frame(100, 50, 10, 10, after);
    check(after[0] == 100 && after[1] == 50 && after[2] == 10 && after[3] == 10, "the app's 10x10 viewport at (100, 50) put back", "changed");
    char why[64];
    snprintf(why, sizeof why, "%ld pixels lit", lit_pixels(empty));
    check(lit_pixels(full) > 500 && memcmp(full, empty, 640 * 360 * 4) == 0,
          "from a 0x0 viewport, the draw fills its 320 x 180 pt rectangle at 2 pixels per point", why);
    check(memcmp(full, corner, 640 * 360 * 4) == 0, "from a 10x10 viewport elsewhere, the same pixels", "other pixels");
    free(full);
    free(empty);
    free(corner);
}

/* A destroyed handle is refused, whatever address a later handle gets. */
static void stale_handles(void) {
    enum { rounds = 40 };
    confetti *destroyed[rounds];
    int distinct = 1;
    for (int i = 0; i < rounds; i++) {
        confetti_create(64, 1, &destroyed[i]);
        for (int j = 0; j < i; j++) distinct &= destroyed[i] != destroyed[j];
        confetti_destroy(destroyed[i]);
    }
    confetti *live;
    confetti_create(64, 1, &live);
    int refused = 1, idle;
    for (int i = 0; i < rounds; i++) {
        distinct &= destroyed[i] != live;
        refused &= confetti_is_idle(destroyed[i], 0, &idle) == CONFETTI_ERROR_ARGUMENT;
        refused &= confetti_remove_all(destroyed[i]) == CONFETTI_ERROR_ARGUMENT;
    }
    check(distinct, "no handle is ever given out twice", "a destroyed handle's value came back");
    check(refused, "every destroyed handle is refused", "a call through a destroyed handle was taken");
    expect(confetti_destroy(destroyed[0]) == CONFETTI_ERROR_ARGUMENT, "a second destroy is refused", NULL);
    expect(confetti_is_idle(live, 0, &idle) == CONFETTI_OK, "the live handle still works", live);
    confetti_destroy(live);
}

/* An error the app left pending is the app's: no call fails on it, and the app still reads it. */
static void pending_app_error(void) {
    glBindBuffer(0xDEAD, 0); /* GL_INVALID_ENUM, left for the app to read */
    confetti *c;
    int created = confetti_create(4096, 7, &c) == CONFETTI_OK;
    expect(created, "create with the app's error pending", NULL);
    if (!created) {
        glGetError();
        return;
    }
    glBindBuffer(0xDEAD, 0);
    int status = confetti_fire_preset(c, "peony", 0, 320, 180, NULL);
    expect(status == CONFETTI_OK, "fire with the app's error pending", c);
    status = confetti_fire_json(c, "{\"kind\": \"confetti\", \"confetti\": {\"count\": 20}}", 0, 320, 180, NULL);
    expect(status == CONFETTI_OK, "fire JSON with the app's error pending", c);
    status = confetti_draw(c, 0.3, 320, 180, 1);
    expect(status == CONFETTI_OK, "draw with the app's error pending", c);
    GLenum error = glGetError();
    check(error == GL_INVALID_ENUM, "the app's error is still there for it", error == GL_NO_ERROR ? "consumed" : "another error");
    check(glGetError() == GL_NO_ERROR, "and no error of the library's", "one was left");
    confetti_destroy(c);
}

/* A draw into an incomplete framebuffer is refused, and leaves no GL error. */
static void incomplete_framebuffer(GLuint complete) {
    confetti *c;
    confetti_create(4096, 1, &c);
    confetti_fire_preset(c, "confetti", 0, 320, 180, NULL);
    GLuint incomplete;
    glGenFramebuffers(1, &incomplete);
    glBindFramebuffer(GL_FRAMEBUFFER, incomplete);
    int status = confetti_draw(c, 0.3, 320, 180, 1);
    expect(status == CONFETTI_ERROR_FRAMEBUFFER, "a draw into an incomplete framebuffer is refused", c);
    expect(strstr(message(c), "framebuffer") != NULL, "its message says so", c);
    check(glGetError() == GL_NO_ERROR, "no GL error left by the refused draw", "one was left");
    GLint bound;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &bound);
    check((GLuint)bound == incomplete, "the app's framebuffer stays bound", "changed");
    glBindFramebuffer(GL_FRAMEBUFFER, complete);
    glDeleteFramebuffers(1, &incomplete);
    expect(confetti_draw(c, 0.3, 320, 180, 1) == CONFETTI_OK, "then a complete one draws", c);
    confetti_destroy(c);
}

/* Two threads failing on one handle each read their own message. */
struct worker {
    confetti *c;
    int preset; /* 1: an unknown preset; 0: a negative width */
    int mixed;
};

static void *fail_repeatedly(void *argument) {
    struct worker *w = argument;
    char buffer[512];
    int idle;
    for (int i = 0; i < 5000; i++) {
        int status = w->preset ? confetti_fire_preset(w->c, "no-such-preset", 0, 320, 180, NULL)
                               : confetti_is_idle(w->c, -1, &idle);
        confetti_last_error(w->c, buffer, sizeof buffer, NULL);
        const char *expected = w->preset ? "unknown preset" : "time";
        if (status == CONFETTI_OK || strstr(buffer, expected) == NULL) w->mixed++;
    }
    return NULL;
}

static void errors_per_thread(void) {
    confetti *c;
    confetti_create(64, 1, &c);
    struct worker workers[2] = {{c, 1, 0}, {c, 0, 0}};
    pthread_t threads[2];
    for (int i = 0; i < 2; i++) pthread_create(&threads[i], NULL, fail_repeatedly, &workers[i]);
    for (int i = 0; i < 2; i++) pthread_join(threads[i], NULL);
    char why[64];
    snprintf(why, sizeof why, "%d and %d messages were another thread's or empty", workers[0].mixed, workers[1].mixed);
    check(workers[0].mixed == 0 && workers[1].mixed == 0, "each thread reads its own last error", why);
    confetti_destroy(c);
}

/* Times and capacities are refused exactly as the header says. */
static void limits(void) {
    confetti *c;
    expect(confetti_create(8134408, 1, &c) == CONFETTI_ERROR_LIMIT && c == NULL, "a capacity beyond the rings' memory is LIMIT", NULL);
    expect(confetti_create(-1, 1, &c) == CONFETTI_ERROR_ARGUMENT, "a negative capacity is ARGUMENT", NULL);
    confetti_create(64, 1, &c);
    int idle;
    int64_t count;
    const double refused[] = {-1, -1e-300, CONFETTI_MAX_TIME * 2, 1e300};
    for (size_t i = 0; i < sizeof refused / sizeof *refused; i++) {
        char what[96];
        snprintf(what, sizeof what, "the time %g is refused by every call", refused[i]);
        expect(confetti_fire_preset(c, "confetti", refused[i], 320, 180, NULL) == CONFETTI_ERROR_ARGUMENT
                  && confetti_draw(c, refused[i], 320, 180, 1) == CONFETTI_ERROR_ARGUMENT
                  && confetti_is_idle(c, refused[i], &idle) == CONFETTI_ERROR_ARGUMENT
                  && confetti_live_particles(c, refused[i], &count) == CONFETTI_ERROR_ARGUMENT,
              what, c);
    }
    expect(confetti_fire_preset(c, "confetti", CONFETTI_MAX_TIME, 320, 180, NULL) == CONFETTI_OK
              && confetti_fire_preset(c, "confetti", 0, 320, 180, NULL) == CONFETTI_OK
              && confetti_is_idle(c, CONFETTI_MAX_TIME, &idle) == CONFETTI_OK,
          "0 and CONFETTI_MAX_TIME are accepted", c);
    check(strcmp(confetti_status_name(CONFETTI_ERROR_INTERNAL), "internal") == 0, "INTERNAL has its name", confetti_status_name(CONFETTI_ERROR_INTERNAL));
    check(confetti_version() == CONFETTI_VERSION, "the library loaded is the header's version", "another");
    confetti_destroy(c);
}

/* The two layers drawn in turn are the whole draw; each has pieces of its own (0.1 s into a
 * classic firework, sparks fly behind the button and in front of it). */
static void layers(void) {
    confetti *c;
    confetti_create(4096, 1, &c);
    expect(confetti_fire_preset(c, "classic", 0, 320, 180, NULL) == CONFETTI_OK, "fire", c);
    unsigned char *frames[4];
    for (int i = 0; i < 4; i++) {
        glViewport(0, 0, 640, 360);
        glClearColor(0, 0, 0, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        int status = CONFETTI_OK;
        if (i == 0) status = confetti_draw(c, 0.1, 320, 180, 2);
        if (i == 1 || i == 2) status = confetti_draw_layer(c, CONFETTI_BEHIND_BUTTON, 0.1, 320, 180, 2);
        if (i == 1 || i == 3) status |= confetti_draw_layer(c, CONFETTI_OVER_BUTTON, 0.1, 320, 180, 2);
        expect(status == CONFETTI_OK, "draw a layer", c);
        frames[i] = read_pixels();
    }
    char why[64];
    snprintf(why, sizeof why, "behind %ld, over %ld pixels", lit_pixels(frames[2]), lit_pixels(frames[3]));
    check(memcmp(frames[0], frames[1], 640 * 360 * 4) == 0, "behind then over is the whole draw", "other pixels");
    check(lit_pixels(frames[2]) > 50 && lit_pixels(frames[3]) > 50, "each layer has pieces of its own", why);
    expect(confetti_draw_layer(c, (confetti_layer)2, 0.1, 320, 180, 2) == CONFETTI_ERROR_ARGUMENT, "another layer is refused", c);
    for (int i = 0; i < 4; i++) free(frames[i]);
    confetti_destroy(c);
}

/* The sound as samples: a firework is heard, within the ceiling, the same for the same call,
 * and two halves are the whole. */
static void audio(void) {
    enum { rate = 44100, frames = 2 * rate };
    confetti *c;
    confetti_create(4096, 1, &c);
    expect(confetti_fire_preset(c, "peony", 1, 320, 180, NULL) == CONFETTI_OK, "fire", c);
    float *whole = calloc(2 * frames, sizeof(float)), *again = calloc(2 * frames, sizeof(float));
    expect(confetti_audio(c, 1, rate, frames, whole) == CONFETTI_OK, "audio", c);
    expect(confetti_audio(c, 1, rate, frames, again) == CONFETTI_OK, "audio again", c);
    float loudest = 0;
    for (int i = 0; i < 2 * frames; i++) loudest = fabsf(whole[i]) > loudest ? fabsf(whole[i]) : loudest;
    char why[64];
    snprintf(why, sizeof why, "loudest %g", loudest);
    check(loudest > 0.01f && loudest <= 0.892f, "a firework is heard, within the ceiling", why);
    check(memcmp(whole, again, 2 * frames * sizeof(float)) == 0, "the same call gives the same samples", "others");
    expect(confetti_audio(c, 2, rate, frames / 2, again + frames) == CONFETTI_OK && confetti_audio(c, 1, rate, frames / 2, again) == CONFETTI_OK,
           "two halves, later first", c);
    float most = 0;
    for (int i = 0; i < 2 * frames; i++) most = fabsf(whole[i] - again[i]) > most ? fabsf(whole[i] - again[i]) : most;
    snprintf(why, sizeof why, "differ by %g", most);
    check(most < 1e-5f, "two halves are the whole", why);
    float silence[64];
    expect(confetti_audio(c, 0, rate, 32, silence) == CONFETTI_OK, "audio before the launch", c);
    int silent = 1;
    for (int i = 0; i < 64; i++) silent &= silence[i] == 0;
    check(silent, "nothing before the launch", "sound");
    expect(confetti_audio(c, 1, 1000, 32, silence) == CONFETTI_ERROR_ARGUMENT, "a rate of 1000 is refused", c);
    expect(confetti_audio(c, -1, rate, 32, silence) == CONFETTI_ERROR_ARGUMENT, "a negative time is refused", c);
    expect(confetti_audio(c, 1, rate, 32, NULL) == CONFETTI_ERROR_ARGUMENT, "a null buffer is refused", c);
    free(whole);
    free(again);
    confetti_destroy(c);
}

/* Pictures from memory: a magenta square registered under a name is drawn where an effect's
 * sprite names it; an unknown name is an effect error, an invisible picture is refused. */
static void images(void) {
    enum { side = 16 };
    unsigned char square[side * side * 4], clear[side * side * 4] = {0};
    for (int i = 0; i < side * side; i++) square[4 * i] = 255, square[4 * i + 1] = 0, square[4 * i + 2] = 255, square[4 * i + 3] = 255;
    const char *effect = "{\"kind\": \"confetti\", \"confetti\": {\"count\": 30, \"sprites\": [{\"image\": \"badge\", \"size\": 24}]}}";
    confetti *c;
    confetti_create(4096, 1, &c);
    expect(confetti_fire_json(c, effect, 0, 320, 180, NULL) == CONFETTI_ERROR_EFFECT, "an image named but not added is an effect error", c);
    expect(confetti_add_image(c, "badge", square, side, side) == CONFETTI_OK, "add a picture", c);
    expect(confetti_fire_json(c, effect, 0, 320, 180, NULL) == CONFETTI_OK, "an effect names it", c);
    glViewport(0, 0, 640, 360);
    glClearColor(0, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    expect(confetti_draw(c, 0.4, 320, 180, 2) == CONFETTI_OK, "draw it", c);
    unsigned char *pixels = read_pixels();
    long magenta = 0;
    for (long i = 0; i < 640 * 360; i++) magenta += pixels[4 * i] > 200 && pixels[4 * i + 1] < 40 && pixels[4 * i + 2] > 200;
    free(pixels);
    char why[64];
    snprintf(why, sizeof why, "%ld magenta pixels", magenta);
    check(magenta > 500, "the picture is drawn", why);
    expect(confetti_add_image(c, "ghost", clear, side, side) == CONFETTI_ERROR_EFFECT, "an invisible picture is refused", c);
    expect(confetti_add_image(c, "huge", square, 5000, 1) == CONFETTI_ERROR_ARGUMENT, "a side over 4096 is refused", c);
    expect(confetti_add_image(c, "none", NULL, side, side) == CONFETTI_ERROR_ARGUMENT, "null pixels are refused", c);
    confetti_destroy(c);
}

/* Reduced motion: the same preset fired with it on has half the pieces. */
static void reduced_motion(void) {
    confetti *c;
    confetti_create(4096, 1, &c);
    int64_t full = 0, reduced = 0;
    expect(confetti_fire_preset(c, "confetti", 0, 320, 180, NULL) == CONFETTI_OK, "fire", c);
    confetti_live_particles(c, 0.1, &full);
    confetti_remove_all(c);
    expect(confetti_set_reduced_motion(c, 1) == CONFETTI_OK, "reduced motion on", c);
    expect(confetti_fire_preset(c, "confetti", 0, 320, 180, NULL) == CONFETTI_OK, "fire with reduced motion", c);
    confetti_live_particles(c, 0.1, &reduced);
    char why[64];
    snprintf(why, sizeof why, "%lld pieces, then %lld", (long long)full, (long long)reduced);
    check(full == 30 && reduced == 15, "reduced motion fires half the pieces", why);
    confetti_set_reduced_motion(c, 0);
    confetti_remove_all(c);
    confetti_fire_preset(c, "confetti", 0, 320, 180, NULL);
    confetti_live_particles(c, 0.1, &full);
    check(full == 30, "and off again, all of them", "not");
    check(confetti_set_reduced_motion(NULL, 1) == CONFETTI_ERROR_ARGUMENT, "a null handle is refused", "taken");
    confetti_destroy(c);
}

/* JSON text that is not UTF-8 is refused as the header says, its message saying where. */
static void not_utf8(void) {
    confetti *c;
    confetti_create(4096, 1, &c);
    int status = confetti_fire_json(c, "{\"kind\": \"con\xff" "\"}", 0, 320, 180, NULL);
    expect(status == CONFETTI_ERROR_ARGUMENT, "JSON text that is not UTF-8 is refused", c);
    expect(strstr(message(c), "byte 0xFF at byte offset 13 (line 1, column 14)") != NULL, "its message says which byte, where", c);
    confetti_destroy(c);
}

int main(void) {
    EGLDisplay display = headless_egl_display();
    if (display == EGL_NO_DISPLAY) {
        printf("FAIL: EGL's surfaceless platform\n");
        return 1;
    }
    if (!headless_egl_context(display)) {
        printf("FAIL: an OpenGL 3.3 core context\n");
        return 1;
    }
    GLuint framebuffer = headless_egl_framebuffer(640, 360);
    limits();
    stale_handles();
    errors_per_thread();
    viewport_rule();
    pending_app_error();
    incomplete_framebuffer(framebuffer);
    reduced_motion();
    layers();
    audio();
    images();
    not_utf8();
    printf("%d failed\n", failures);
    return failures;
}
