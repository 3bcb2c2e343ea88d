/* A C app with its own GLFW window and OpenGL drawing, celebrating with libconfetti on top.
 * Space fires confetti, C the whole celebration; Esc quits. It only redraws while something moves.
 *   cc celebrate.c $(pkg-config --cflags --libs confetti glfw3 epoxy) -o celebrate && ./celebrate
 * --frames N: N frames 1/60 s apart with a celebration fired at the start, then a report line;
 * --hold keeps the last frame on screen until the window is closed (for a screenshot). */
#include <confetti.h>
#include <epoxy/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fire(confetti *c, const char *preset, double now, double w, double h) {
    confetti_status status = confetti_fire_preset(c, preset, now, w, h, NULL);
    if (status != CONFETTI_OK) {
        char message[512];
        confetti_last_error(c, message, sizeof message, NULL);
        fprintf(stderr, "confetti: %s: %s\n", confetti_status_name(status), message);
    }
    return status == CONFETTI_OK;
}

int main(int argc, char **argv) {
    int frames = argc > 2 && strcmp(argv[1], "--frames") == 0 ? atoi(argv[2]) : -1;
    int hold = argc > 3 && strcmp(argv[3], "--hold") == 0;
    if (!glfwInit()) return fprintf(stderr, "no display for a window\n"), 1;
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    GLFWwindow *window = glfwCreateWindow(640, 360, "My C app, celebrating", NULL, NULL);
    if (!window) return fprintf(stderr, "no OpenGL 3.3 window\n"), 1;
    glfwMakeContextCurrent(window);

    confetti *celebration = NULL;
    if (confetti_create(0, 1, &celebration) != CONFETTI_OK) {
        char message[512];
        confetti_last_error(NULL, message, sizeof message, NULL);
        return fprintf(stderr, "confetti: %s\n", message), 1;
    }
    /* Some GL state of the app's own, which the library must leave as it found it. */
    GLuint vao, buffer;
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glActiveTexture(GL_TEXTURE3);

    double start = glfwGetTime();
    int drawn = 0, intact = 1;
    while (!glfwWindowShouldClose(window)) {
        int w, h, ww, wh;
        glfwGetFramebufferSize(window, &w, &h);
        glfwGetWindowSize(window, &ww, &wh);
        double scale = ww > 0 ? (double)w / ww : 1, now = frames >= 0 ? start + drawn / 60.0 : glfwGetTime();
        if (frames >= 0 && drawn == 0 && !(fire(celebration, "celebration", now, w / scale, h / scale) &&
                                           fire(celebration, "confetti", now, w / scale, h / scale))) return 1;
        if (glfwGetKey(window, GLFW_KEY_SPACE) == GLFW_PRESS) fire(celebration, "confetti", now, w / scale, h / scale);
        if (glfwGetKey(window, GLFW_KEY_C) == GLFW_PRESS) fire(celebration, "celebration", now, w / scale, h / scale);
        if (glfwGetKey(window, GLFW_KEY_ESCAPE) == GLFW_PRESS) glfwSetWindowShouldClose(window, 1);

        /* The app's own drawing: a teal background. */
        glViewport(0, 0, w, h);
        glClearColor(0.1f, 0.35f, 0.4f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        /* The celebration over it. */
        confetti_draw(celebration, now, w / scale, h / scale, scale);
        GLint v[4], a, b, t;
        glGetIntegerv(GL_VIEWPORT, v);
        glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &a);
        glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &b);
        glGetIntegerv(GL_ACTIVE_TEXTURE, &t);
        intact &= v[2] == w && v[3] == h && a == (GLint)vao && b == (GLint)buffer && t == GL_TEXTURE3 && !glIsEnabled(GL_BLEND);
        glfwSwapBuffers(window);

        if (frames >= 0 && ++drawn == frames) {
            int64_t live = 0;
            confetti_live_particles(celebration, now, &live);
            printf("drew %d frames: %lld particles alive, GL state %s\n", drawn, (long long)live, intact ? "intact" : "changed");
            fflush(stdout);
            if (!hold) break;
            frames = -1;  /* the last frame stays on screen: redrawn only when the window asks */
            while (!glfwWindowShouldClose(window)) glfwWaitEvents();
        }
        int idle = 1;
        confetti_is_idle(celebration, glfwGetTime(), &idle);
        if (idle && frames < 0) glfwWaitEvents(); else glfwPollEvents();
    }
    confetti_status destroyed = confetti_destroy(celebration);
    glDeleteBuffers(1, &buffer);
    glDeleteVertexArrays(1, &vao);
    glfwDestroyWindow(window);
    glfwTerminate();
    return destroyed == CONFETTI_OK && intact ? 0 : 1;
}
