/* confetti: confetti and fireworks over an app's own OpenGL drawing, from C, C++ or any
 * language with a C FFI.
 *
 *     #include <confetti.h>      cc app.c $(pkg-config --cflags --libs confetti)
 *
 * The app owns an OpenGL 3.3 core (or newer) context; every call that touches the GPU needs the
 * context the handle was created in to be current on the calling thread, and leaves the app's
 * GL state as it found it (blending, program, vertex array, array buffer, viewport, depth test,
 * face culling, the draw and read framebuffer bindings, the active texture unit and unit 0's
 * array texture).
 *
 * Every function but confetti_version() returns a confetti_status: CONFETTI_OK, or an error
 * whose message confetti_last_error() copies out. The last error is kept per thread, as errno
 * is: one message per handle the thread called, one for its calls without a handle. A handle
 * may be used from any thread; calls on one handle are serialised.
 *
 * Handles are tokens, never given out twice: a destroyed handle is refused with
 * CONFETTI_ERROR_ARGUMENT, whatever handles are made after it.
 *
 * OpenGL errors the app left pending are the app's: no call fails on them, and the app still
 * reads them with glGetError afterwards. The library leaves no GL error of its own.
 *
 * Units: times are seconds in any clock the app likes, from 0 to CONFETTI_MAX_TIME (a double,
 * subtracted in double precision; a negative, NaN or larger time is refused with
 * CONFETTI_ERROR_ARGUMENT); sizes and rectangles are points, origin at the top left;
 * pixels_per_point is the framebuffer's pixels per point (1 on most screens, 2 on a HiDPI one).
 */
#ifndef CONFETTI_H
#define CONFETTI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CONFETTI_VERSION_MAJOR 0
#define CONFETTI_VERSION_MINOR 14
#define CONFETTI_VERSION_PATCH 0
/* The version as one number, major * 10000 + minor * 100 + patch: compare it with
 * confetti_version() to learn whether the library loaded is the one compiled against. */
#define CONFETTI_VERSION (CONFETTI_VERSION_MAJOR * 10000 + CONFETTI_VERSION_MINOR * 100 + CONFETTI_VERSION_PATCH)

/* The largest time any call takes, in seconds: 10^10 s (317 years), beyond any uptime and any
 * Unix time of this century, with microseconds to spare in a double. */
#define CONFETTI_MAX_TIME 1e10

/* A celebration: one GPU ring per particle kind, in one GL context. Opaque. */
typedef struct confetti confetti;

typedef enum confetti_status {
    CONFETTI_OK = 0,
    /* A null pointer, a string that is not UTF-8, a size or time that is negative, NaN or too large. */
    CONFETTI_ERROR_ARGUMENT = 1,
    /* No preset has that name. */
    CONFETTI_ERROR_UNKNOWN_PRESET = 2,
    /* An effect file or JSON text that cannot be read or is not a valid effect, or a picture
     * in it that cannot be drawn. */
    CONFETTI_ERROR_EFFECT = 3,
    /* No OpenGL context is current on this thread, or not the one the handle was created in. */
    CONFETTI_ERROR_NO_CONTEXT = 4,
    /* The current context is older than OpenGL 3.3 core, or is OpenGL ES. */
    CONFETTI_ERROR_UNSUPPORTED_CONTEXT = 5,
    /* A launch beyond the library's limits: more particles than a ring holds, too many
     * pictures at once, a capacity too large. */
    CONFETTI_ERROR_LIMIT = 6,
    /* OpenGL failed (a shader did not build, out of GPU memory). */
    CONFETTI_ERROR_GL = 7,
    /* The bound draw framebuffer is not complete (glCheckFramebufferStatus): nothing drawn. */
    CONFETTI_ERROR_FRAMEBUFFER = 8,
    /* A failure of the library itself that fits no other status (a bug: please report it). */
    CONFETTI_ERROR_INTERNAL = 9
} confetti_status;

/* The app's button, which fireworks burst around; points, origin at the top left. */
typedef struct confetti_rect {
    double x, y, width, height;
} confetti_rect;

/* The library's version, as CONFETTI_VERSION: major * 10000 + minor * 100 + patch. */
uint32_t confetti_version(void);

/* A short name for a status ("ok", "argument", "unknown preset", ..., "internal"); never null. */
const char *confetti_status_name(confetti_status status);

/* Makes a celebration in the current context (OpenGL 3.3 core or newer) and stores it in *out.
 * The first one a process makes also builds the presets (a few hundred ms on llvmpipe), so that
 * the first fire costs what later ones cost.
 * capacity: particles each kind's ring holds (0: the default, 1048576); the oldest are
 * overwritten when a ring is full. A negative capacity is CONFETTI_ERROR_ARGUMENT; one whose
 * rings would pass 1 GiB of GPU memory (above 8134407) is CONFETTI_ERROR_LIMIT. seed: the seed of every launch's random numbers (launch k
 * draws from stream k), so the same calls draw the same pictures. On error *out is null. */
confetti_status confetti_create(int64_t capacity, uint64_t seed, confetti **out);

/* Frees the celebration and its GL objects; its context must be current. A null handle is
 * refused. Without its context current, the memory is freed but the GL objects are left to the
 * context (they go when it is destroyed) and CONFETTI_ERROR_NO_CONTEXT is returned. */
confetti_status confetti_destroy(confetti *celebration);

/* One launch of the preset `name` (UTF-8; confetti_preset_name lists them) at time `now`
 * (seconds), in a viewport of width x height points. button: the app's button (points), which
 * fireworks burst around; null: a 200 x 56 pt rectangle in the middle. Bad input changes nothing. */
confetti_status confetti_fire_preset(confetti *celebration, const char *name, double now,
                                     double width, double height, const confetti_rect *button);

/* As confetti_fire_preset, with the effect in the effect file at `path` (UTF-8; paths inside it
 * are relative to its folder). See docs/effect-files.md. */
confetti_status confetti_fire_file(confetti *celebration, const char *path, double now,
                                   double width, double height, const confetti_rect *button);

/* As confetti_fire_preset, with the effect given as the JSON text of an effect file (UTF-8,
 * at most 1 MiB; paths inside it are relative to the current directory). */
confetti_status confetti_fire_json(confetti *celebration, const char *json, double now,
                                   double width, double height, const confetti_rect *button);

/* Draws everything alive at `now` (seconds) over what the bound draw framebuffer holds, into
 * the rectangle of width x height points of pixels_per_point pixels each from the
 * framebuffer's origin (its bottom-left corner): the library sets that viewport itself,
 * whatever viewport the app left, and puts the app's back with the rest of the GL state it
 * touched. An incomplete framebuffer is refused with CONFETTI_ERROR_FRAMEBUFFER, nothing drawn. */
confetti_status confetti_draw(confetti *celebration, double now, double width, double height,
                              double pixels_per_point);

/* The two sides of the app's button: pieces and sparks that pass behind it, and those in front. */
typedef enum confetti_side {
    CONFETTI_BEHIND_BUTTON = 0,
    CONFETTI_OVER_BUTTON = 1
} confetti_side;
/* confetti_side's first name, kept so that code written with it compiles. */
typedef confetti_side confetti_layer;

/* As confetti_draw, the particles of one side of the app's button only. An app that draws its
 * own button between them draws CONFETTI_BEHIND_BUTTON, then its button, then
 * CONFETTI_OVER_BUTTON; confetti_draw draws both, behind first, with the same pixels as the
 * two in turn. Another side value is CONFETTI_ERROR_ARGUMENT. */
confetti_status confetti_draw_layer(confetti *celebration, confetti_side side, double now, double width, double height,
                                    double pixels_per_point);

/* *idle = 1 when nothing is alive or waiting to appear at `now` (seconds): the app may stop
 * redrawing; 0 otherwise. Needs no GL context. */
confetti_status confetti_is_idle(confetti *celebration, double now, int *idle);

/* *count = the particles alive at `now` (seconds). Needs no GL context. */
confetti_status confetti_live_particles(confetti *celebration, double now, int64_t *count);

/* reduced != 0: the launches fired from now on are the reduced-motion version of their effect
 * (docs/effects.md: half the pieces, slowed to half speed, nothing that flashes), for a user
 * who asked the desktop for fewer animations (GTK: gtk-enable-animations off); 0: as they
 * are. Launches already fired are left as they are. Needs no GL context. */
confetti_status confetti_set_reduced_motion(confetti *celebration, int reduced);

/* Registers a picture under `name` (UTF-8, 1 to 256 bytes): width x height pixels of straight
 * (not premultiplied) RGBA, 8 bits a channel, rows top first, tightly packed; copied. An effect
 * fired on this handle (confetti_fire_json, confetti_fire_file) whose sprite says
 * {"image": "NAME"} draws it, as it would a PNG file of that path. The same name again replaces
 * the picture for later launches. Sides 1 to 4096; what is kept is reduced to at most 256
 * pixels on its longer side (an atlas page, as a PNG file's picture is), so a name holds at
 * most 256 kB. A picture with no visible pixel is CONFETTI_ERROR_EFFECT; more than 64 names is
 * CONFETTI_ERROR_LIMIT. Needs no GL context. */
confetti_status confetti_add_image(confetti *celebration, const char *name, const uint8_t *rgba, int32_t width, int32_t height);

/* The sound of the launches as samples, for the app to play through its own audio in step with
 * its frames: `frames` stereo frames of float samples into `samples` (2 * frames floats,
 * interleaved left, right, each within +-0.891), frame i being the sound at time
 * from + i / sample_rate (seconds, the clock the fire functions were given). The same calls give
 * the same samples, in any order. sample_rate: 8000 to 384000 (synthesised at 48000, others
 * interpolated); frames: at most 60 s of them. Sound that ended 60 s before the newest launch is
 * forgotten. Needs no GL context. */
confetti_status confetti_audio(confetti *celebration, double from, int32_t sample_rate, size_t frames, float *samples);

/* Forgets every launch (and its sound and pictures). Needs no GL context. */
confetti_status confetti_remove_all(confetti *celebration);

/* *milliseconds = the GPU time of the newest draw whose timing has come back (usually two or
 * three draws ago; asking never waits for the GPU), or -1 when none has yet. */
confetti_status confetti_gpu_milliseconds(confetti *celebration, double *milliseconds);

/* *count = the number of presets. */
confetti_status confetti_preset_count(size_t *count);

/* *name = the name of preset `index` (0 ..< count): a UTF-8 string the library owns, valid
 * until the process ends. */
confetti_status confetti_preset_name(size_t index, const char **name);

/* Copies the message of the last error of `celebration` (of this thread's calls without a
 * handle when it is null) into buffer, NUL-terminated, cut at a character boundary to fit
 * `size` bytes; *length (if not null) = the whole message's length in bytes, without the NUL.
 * An empty message when the last call succeeded. buffer may be null when size is 0. */
confetti_status confetti_last_error(const confetti *celebration, char *buffer, size_t size,
                                    size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* CONFETTI_H */
