/* A celebration drawn with no window at all: an OpenGL 3.3 core context on EGL's surfaceless
 * platform (Mesa), an offscreen framebuffer of the app's own, one frame written as a PNG.
 *   cc celebrate.c $(pkg-config --cflags --libs confetti epoxy libpng) -o celebrate
 *   ./celebrate [out.png] [preset] [seconds]
 * Prints what it wrote, or which step failed. */
#include <confetti.h>
#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>

enum { width = 640, height = 360 };

static int fail(const char *what, const confetti *celebration) {
    char message[512] = "";
    confetti_last_error(celebration, message, sizeof message, NULL);
    fprintf(stderr, "%s: %s\n", what, message);
    return 1;
}

/* The framebuffer's pixels as an RGBA PNG, top row first (GL's rows start at the bottom). */
static int write_png(const char *path, const unsigned char *pixels) {
    FILE *file = fopen(path, "wb");
    if (!file) return 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return 0;
    }
    png_init_io(png, file);
    png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int row = height - 1; row >= 0; row--) png_write_row(png, pixels + (size_t)row * width * 4);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(file) == 0;
}

int main(int argc, char **argv) {
    const char *path = argc > 1 ? argv[1] : "celebration.png";
    const char *preset = argc > 2 ? argv[2] : "celebration";
    double seconds = argc > 3 ? atof(argv[3]) : 0.6;

    /* A context with no surface: Mesa's surfaceless platform, chosen before EGL starts. */
    setenv("EGL_PLATFORM", "surfaceless", 1);
    EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API)) {
        fprintf(stderr, "EGL: no surfaceless display (Mesa's EGL is needed)\n");
        return 1;
    }
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    if (context == EGL_NO_CONTEXT || !eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context)) {
        fprintf(stderr, "EGL: no OpenGL 3.3 core context\n");
        return 1;
    }

    /* A surfaceless context has no default framebuffer: the app binds its own. */
    GLuint framebuffer, renderbuffer;
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glGenRenderbuffers(1, &renderbuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
    glViewport(0, 0, width, height);
    glClearColor(0.1f, 0.35f, 0.4f, 1);
    glClear(GL_COLOR_BUFFER_BIT);

    confetti *celebration;
    if (confetti_create(4096, 1, &celebration) != CONFETTI_OK) return fail("confetti_create", NULL);
    if (confetti_fire_preset(celebration, preset, 0, width, height, NULL) != CONFETTI_OK) return fail("confetti_fire_preset", celebration);
    if (confetti_draw(celebration, seconds, width, height, 1) != CONFETTI_OK) return fail("confetti_draw", celebration);
    int64_t alive = 0;
    confetti_live_particles(celebration, seconds, &alive);

    unsigned char *pixels = malloc((size_t)width * height * 4);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    int written = pixels && write_png(path, pixels);
    free(pixels);
    confetti_destroy(celebration);
    eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(display, context);
    eglTerminate(display);
    if (!written) {
        fprintf(stderr, "cannot write %s\n", path);
        return 1;
    }
    printf("wrote %s: %s at %.2f s, %lld particles alive\n", path, preset, seconds, (long long)alive);
    return 0;
}
