/* Headless GL for the C test clients: no display, no window. Include it from the client's own
 * file (its functions are static inline, so a client that calls one part only is warned of
 * nothing); the client links epoxy as it does for its GL calls. setenv needs _POSIX_C_SOURCE
 * (or the compiler's GNU default). */
#ifndef HEADLESS_EGL_H
#define HEADLESS_EGL_H

#include <epoxy/egl.h>
#include <epoxy/gl.h>
#include <stdlib.h>

/* Mesa's surfaceless platform, chosen the EGL 1.4 way (epoxy has no display to ask yet),
 * initialised; EGL_NO_DISPLAY when it cannot be had. */
static inline EGLDisplay headless_egl_display(void) {
    setenv("EGL_PLATFORM", "surfaceless", 1);
    EGLDisplay display = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (display == EGL_NO_DISPLAY || !eglInitialize(display, NULL, NULL)) return EGL_NO_DISPLAY;
    return display;
}

/* A GL 3.3 core context on `display`, made current with no surface; 0 when it cannot be had. */
static inline int headless_egl_context(EGLDisplay display) {
    static const EGLint attributes[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                        EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    if (!eglBindAPI(EGL_OPENGL_API)) return 0;
    EGLContext context = eglCreateContext(display, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attributes);
    return context != EGL_NO_CONTEXT && eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context);
}

/* A width x height RGBA8 framebuffer, bound: a surfaceless context has no default one to draw
 * into. The viewport is left to the client. */
static inline GLuint headless_egl_framebuffer(GLsizei width, GLsizei height) {
    GLuint framebuffer, renderbuffer;
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glGenRenderbuffers(1, &renderbuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
    return framebuffer;
}

/* All three: a current context drawing into a bound width x height framebuffer. Returns 0, or
 * 2 when EGL or the context cannot be had. */
static inline int headless_egl_start(GLsizei width, GLsizei height) {
    EGLDisplay display = headless_egl_display();
    if (display == EGL_NO_DISPLAY || !headless_egl_context(display)) return 2;
    headless_egl_framebuffer(width, height);
    return 0;
}

#endif
