/* A plugin host's ordinary life: it loads libconfetti, a worker thread of its own calls in,
 * the host unloads the library, then the worker exits. Nothing the library left behind may
 * run after it is gone. Prints "ok: ..." and exits 0, or crashes. CLibraryContractTests runs it.
 *
 *     cc unload.c $(pkg-config --cflags confetti) -ldl -lpthread
 */
#include <confetti.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

typedef confetti_status (*create_function)(int64_t, uint64_t, confetti **);
typedef confetti_status (*last_error_function)(const confetti *, char *, size_t, size_t *);

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static int called, unloaded;
static void *library;

static void *worker(void *argument) {
    (void)argument;
    create_function create = (create_function)dlsym(library, "confetti_create");
    last_error_function last_error = (last_error_function)dlsym(library, "confetti_last_error");
    confetti *c;
    /* No context is current: refused, and the message kept for this thread. */
    confetti_status status = create(0, 1, &c);
    char buffer[256];
    last_error(NULL, buffer, sizeof buffer, NULL);
    printf("worker: %d %s\n", (int)status, buffer);
    pthread_mutex_lock(&lock);
    called = 1;
    pthread_cond_broadcast(&changed);
    while (!unloaded) pthread_cond_wait(&changed, &lock);
    pthread_mutex_unlock(&lock);
    return NULL; /* the thread exits after the library was unloaded */
}

int main(int argc, char **argv) {
    library = dlopen(argc > 1 ? argv[1] : "libconfetti.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        printf("FAIL: dlopen: %s\n", dlerror());
        return 1;
    }
    pthread_t thread;
    pthread_create(&thread, NULL, worker, NULL);
    pthread_mutex_lock(&lock);
    while (!called) pthread_cond_wait(&changed, &lock);
    dlclose(library);
    unloaded = 1;
    pthread_cond_broadcast(&changed);
    pthread_mutex_unlock(&lock);
    pthread_join(thread, NULL);
    printf("ok: the worker exited after dlclose\n");
    return 0;
}
