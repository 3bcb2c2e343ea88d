// One output's picture from KWin, through org.kde.KWin.ScreenShot2.CaptureScreen, which writes
// the raw image into a pipe it is handed (a Unix fd, which neither gdbus nor dbus-send can pass).
// KWinOverlayTests compiles it with gcc. Writes "WIDTH HEIGHT STRIDE FORMAT\n" and the rows (a
// QImage's bytes: format 5 or 6 is ARGB32, B G R A in memory on little-endian) to OUTPUT.
//
//     kwin-screenshot OUTPUT-NAME OUTPUT-FILE
#include <gio/gio.h>
#include <gio/gunixfdlist.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

struct drain { int fd; GByteArray *bytes; };

static void *drain(void *argument) {
    struct drain *d = argument;
    guint8 buffer[65536];
    ssize_t n;
    while ((n = read(d->fd, buffer, sizeof buffer)) > 0) g_byte_array_append(d->bytes, buffer, (guint)n);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: kwin-screenshot OUTPUT-NAME OUTPUT-FILE\n"); return 2; }
    GError *error = NULL;
    GDBusConnection *bus = g_bus_get_sync(G_BUS_TYPE_SESSION, NULL, &error);
    if (!bus) { fprintf(stderr, "no session bus: %s\n", error->message); return 1; }
    int fds[2];
    if (pipe(fds) != 0) { perror("pipe"); return 1; }
    GUnixFDList *list = g_unix_fd_list_new();
    int index = g_unix_fd_list_append(list, fds[1], &error);
    close(fds[1]);
    struct drain d = { fds[0], g_byte_array_new() };
    pthread_t reader;
    pthread_create(&reader, NULL, drain, &d);
    GVariantBuilder options;
    g_variant_builder_init(&options, G_VARIANT_TYPE("a{sv}"));
    g_variant_builder_add(&options, "{sv}", "native-resolution", g_variant_new_boolean(TRUE));
    GVariant *reply = g_dbus_connection_call_with_unix_fd_list_sync(
        bus, "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureScreen",
        g_variant_new("(sa{sv}h)", argv[1], &options, index), G_VARIANT_TYPE("(a{sv})"),
        G_DBUS_CALL_FLAGS_NONE, 30000, list, NULL, NULL, &error);
    g_object_unref(list);
    if (!reply) { fprintf(stderr, "CaptureScreen failed: %s\n", error->message); return 1; }
    pthread_join(reader, NULL);
    GVariant *results = g_variant_get_child_value(reply, 0);
    guint32 width = 0, height = 0, stride = 0, format = 0;
    g_variant_lookup(results, "width", "u", &width);
    g_variant_lookup(results, "height", "u", &height);
    g_variant_lookup(results, "stride", "u", &stride);
    g_variant_lookup(results, "format", "u", &format);
    if ((guint64)stride * height > d.bytes->len || width == 0) {
        fprintf(stderr, "CaptureScreen sent %u bytes for %ux%u, stride %u\n", d.bytes->len, width, height, stride);
        return 1;
    }
    FILE *out = fopen(argv[2], "wb");
    if (!out) { perror(argv[2]); return 1; }
    fprintf(out, "%u %u %u %u\n", width, height, stride, format);
    fwrite(d.bytes->data, 1, (size_t)stride * height, out);
    fclose(out);
    return 0;
}
