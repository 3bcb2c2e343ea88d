/* A GTK 4 app whose GtkGLArea draws its own teal picture, with a Celebrate button whose
 * fireworks burst around it over the area. GTK draws the area into a framebuffer of its own,
 * which libconfetti keeps bound; it asks for OpenGL 3.3 (GTK's default is 3.2, which confetti refuses).
 *   cc celebrate.c $(pkg-config --cflags --libs confetti gtk4 epoxy) -o celebrate && ./celebrate
 * It redraws while anything moves, then once more when the celebration is over (the idle
 * frame, which clears the last pieces), then not at all until the next click.
 * --frames N: the button is clicked at the start and N frames are drawn 1/60 s apart, then a
 * report line; the last frame stays on screen until the window is closed.
 * --until-idle: the button is clicked at the start and frames are drawn 1/60 s apart until the
 * celebration is over, then a report line; the idle frame stays on screen. */
#include <confetti.h>
#include <epoxy/gl.h>
#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

static confetti *celebration;
static GtkWidget *area, *button;
static int frames = -1, drawn, held, intact = 1, until_idle, animating, clicked;
static double start;

static double now(void) { return frames >= 0 || until_idle || held ? start + drawn / 60.0 : g_get_monotonic_time() / 1e6; }

static void report(const char *what, confetti_status status) {
    char message[512];
    confetti_last_error(celebration, message, sizeof message, NULL);
    fprintf(stderr, "%s: %s: %s\n", what, confetti_status_name(status), message);
}

static void realize(GtkGLArea *gl_area) {
    gtk_gl_area_make_current(gl_area);
    if (gtk_gl_area_get_error(gl_area)) return;
    confetti_status status = confetti_create(0, 1, &celebration);
    if (status != CONFETTI_OK) report("confetti_create", status), exit(1);
}

static void unrealize(GtkGLArea *gl_area) {
    gtk_gl_area_make_current(gl_area);
    confetti_destroy(celebration);
}

static gboolean render(GtkGLArea *gl_area, GdkGLContext *context) {
    (void)gl_area, (void)context;
    /* --frames and --until-idle click the button as the first frame is drawn, once GTK has
     * laid the window out (the button has its place in the area). Not from an idle callback:
     * GTK's frame clock runs at a higher priority, and on a busy machine, where each frame
     * takes longer than the frame interval, it starved the idle click until all the frames
     * had been drawn, so nothing was ever seen fired. */
    if ((frames >= 0 || until_idle) && !clicked) clicked = 1, g_signal_emit_by_name(button, "clicked");
    double w = gtk_widget_get_width(area), h = gtk_widget_get_height(area);
    glClearColor(0.1f, 0.35f, 0.4f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GLint before, after;
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &before);
    confetti_draw(celebration, now(), w, h, gtk_widget_get_scale_factor(area));
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &after);
    intact &= before == after && before != 0;
    if (frames >= 0 && ++drawn == frames) {
        int64_t live = 0;
        confetti_live_particles(celebration, now(), &live);
        printf("drew %d frames: %lld particles alive, GTK's framebuffer %s\n", drawn, (long long)live, intact ? "kept" : "lost");
        fflush(stdout);
        frames = -1, held = 1;  /* the clock stops: the last frame stays */
    } else if (until_idle && !held) {
        int idle = 0;
        confetti_is_idle(celebration, now(), &idle);
        if (idle && drawn > 0) {
            printf("drew %d frames until idle, the idle frame last, GTK's framebuffer %s\n", drawn + 1, intact ? "kept" : "lost");
            fflush(stdout);
            held = 1;
        } else {
            drawn++;
        }
    }
    return TRUE;
}

/* Once a frame of the window: a new picture while something moves (or frames are counted),
 * and one more when it has just stopped, so the idle frame replaces the last pieces. */
static gboolean tick(GtkWidget *widget, GdkFrameClock *clock, gpointer data) {
    (void)clock, (void)data;
    int idle = 1;
    if (celebration) confetti_is_idle(celebration, now(), &idle);
    if (frames >= 0 || (!held && (!idle || animating))) gtk_gl_area_queue_render(GTK_GL_AREA(widget));
    animating = !idle;
    return G_SOURCE_CONTINUE;
}

static void celebrate(GtkButton *clicked) {
    /* The button's rectangle in the area's points: the fireworks burst around it. */
    graphene_rect_t bounds;
    if (!gtk_widget_compute_bounds(GTK_WIDGET(clicked), area, &bounds)) {
        fprintf(stderr, "the button has no place in the drawing area yet\n");
        return;
    }
    confetti_rect rect = {bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height};
    gtk_gl_area_make_current(GTK_GL_AREA(area));
    confetti_status status = confetti_fire_preset(celebration, "celebration", now(), gtk_widget_get_width(area),
                                                  gtk_widget_get_height(area), &rect);
    if (status != CONFETTI_OK) report("confetti_fire_preset", status);
    gtk_gl_area_queue_render(GTK_GL_AREA(area));
}

static void activate(GtkApplication *app) {
    GtkWidget *window = gtk_application_window_new(app), *overlay = gtk_overlay_new();
    gtk_window_set_title(GTK_WINDOW(window), "My GTK app, celebrating");
    gtk_window_set_default_size(GTK_WINDOW(window), 640, 360);
    area = gtk_gl_area_new();
    gtk_gl_area_set_required_version(GTK_GL_AREA(area), 3, 3);
    g_signal_connect(area, "realize", G_CALLBACK(realize), NULL);
    g_signal_connect(area, "unrealize", G_CALLBACK(unrealize), NULL);
    g_signal_connect(area, "render", G_CALLBACK(render), NULL);
    gtk_widget_add_tick_callback(area, tick, NULL, NULL);
    button = gtk_button_new_with_label("Celebrate");
    gtk_widget_set_halign(button, GTK_ALIGN_CENTER);
    gtk_widget_set_valign(button, GTK_ALIGN_CENTER);
    g_signal_connect(button, "clicked", G_CALLBACK(celebrate), NULL);
    gtk_overlay_set_child(GTK_OVERLAY(overlay), area);
    gtk_overlay_add_overlay(GTK_OVERLAY(overlay), button);
    gtk_window_set_child(GTK_WINDOW(window), overlay);
    gtk_window_present(GTK_WINDOW(window));
}

int main(int argc, char **argv) {
    if (argc > 2 && g_str_equal(argv[1], "--frames")) frames = atoi(argv[2]), argc = 1;
    if (argc > 1 && g_str_equal(argv[1], "--until-idle")) until_idle = 1, argc = 1;
    start = g_get_monotonic_time() / 1e6;
    GtkApplication *app = gtk_application_new(NULL, G_APPLICATION_DEFAULT_FLAGS);
    g_signal_connect(app, "activate", G_CALLBACK(activate), NULL);
    int status = g_application_run(G_APPLICATION(app), argc, argv);
    g_object_unref(app);
    return status == 0 && intact ? 0 : 1;
}
