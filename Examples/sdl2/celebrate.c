/* An SDL2 app with an OpenGL 3.3 context drawing its own teal picture, celebrating with
 * libconfetti on top. Space fires confetti, F fireworks; Esc quits.
 *   cc celebrate.c $(pkg-config --cflags --libs confetti sdl2 epoxy) -o celebrate && ./celebrate
 * --frames N: N frames 1/60 s apart with a celebration fired at the start, then a report line; the
 * last frame stays on screen until the window is closed. */
#include <SDL.h>
#include <confetti.h>
#include <epoxy/gl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int frames = argc > 2 && strcmp(argv[1], "--frames") == 0 ? atoi(argv[2]) : -1, drawn = 0;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) return fprintf(stderr, "SDL: %s\n", SDL_GetError()), 1;
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_Window *window = SDL_CreateWindow("My SDL app, celebrating", SDL_WINDOWPOS_UNDEFINED, SDL_WINDOWPOS_UNDEFINED,
                                          640, 360, SDL_WINDOW_OPENGL | SDL_WINDOW_ALLOW_HIGHDPI);
    SDL_GLContext context = window ? SDL_GL_CreateContext(window) : NULL;
    if (!context) return fprintf(stderr, "no OpenGL 3.3 window: %s\n", SDL_GetError()), 1;

    confetti *celebration = NULL;
    char message[512];
    if (confetti_create(0, 1, &celebration) != CONFETTI_OK)
        return confetti_last_error(NULL, message, sizeof message, NULL), fprintf(stderr, "confetti: %s\n", message), 1;
    double start = SDL_GetTicks64() / 1000.0;
    for (int running = 1; running;) {
        int w, h, ww, wh;
        SDL_GL_GetDrawableSize(window, &w, &h);
        SDL_GetWindowSize(window, &ww, &wh);
        double scale = ww > 0 ? (double)w / ww : 1, now = frames >= 0 ? start + drawn / 60.0 : SDL_GetTicks64() / 1000.0;
        const char *fire = frames >= 0 && drawn == 0 ? "celebration" : NULL;
        for (SDL_Event event; SDL_PollEvent(&event);) {
            if (event.type == SDL_QUIT || (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_ESCAPE)) running = 0;
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_SPACE) fire = "confetti";
            if (event.type == SDL_KEYDOWN && event.key.keysym.sym == SDLK_f) fire = "peony";
        }
        if (fire && confetti_fire_preset(celebration, fire, now, w / scale, h / scale, NULL) != CONFETTI_OK)
            confetti_last_error(celebration, message, sizeof message, NULL), fprintf(stderr, "confetti: %s\n", message);

        /* The app's own drawing, then the celebration over it. */
        glViewport(0, 0, w, h);
        glClearColor(0.1f, 0.35f, 0.4f, 1);
        glClear(GL_COLOR_BUFFER_BIT);
        confetti_draw(celebration, now, w / scale, h / scale, scale);
        SDL_GL_SwapWindow(window);

        if (frames >= 0 && ++drawn == frames) {
            int64_t live = 0;
            confetti_live_particles(celebration, now, &live);
            printf("drew %d frames: %lld particles alive\n", drawn, (long long)live);
            fflush(stdout);
            frames = -1;
            for (SDL_Event event; running && SDL_WaitEvent(&event);) running = event.type != SDL_QUIT;
        }
        int idle = 1;
        confetti_is_idle(celebration, SDL_GetTicks64() / 1000.0, &idle);
        if (idle && frames < 0 && running) SDL_WaitEvent(NULL);
    }
    confetti_destroy(celebration);
    SDL_GL_DeleteContext(context);
    SDL_DestroyWindow(window);
    SDL_Quit();
    return 0;
}
