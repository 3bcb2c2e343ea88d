#define _GNU_SOURCE
#include "CPosix.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <unistd.h>
#include <signal.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

// Written only by the handler, read by the job between its steps.
static volatile sig_atomic_t received = 0;
// A pipe the handler writes one byte to (non-blocking, close-on-exec both ends): a loop that
// sleeps in poll on its read end wakes for a signal that lands at any moment, even just
// before the poll. -1 until installed.
static int wake_pipe[2] = {-1, -1};

static void record_signal(int sig) {
    if (received != 0) {
        // Asked twice: stop now, the way the signal normally would.
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    received = sig;
    if (wake_pipe[1] >= 0) {
        int saved = errno;
        char byte = 1;
        // A full pipe already wakes its reader: a failed write loses nothing.
        (void)!write(wake_pipe[1], &byte, 1);
        errno = saved;
    }
}

void confetti_stop_signals_install(void) {
    if (wake_pipe[0] < 0 && pipe2(wake_pipe, O_CLOEXEC | O_NONBLOCK) != 0) {
        wake_pipe[0] = wake_pipe[1] = -1;
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = record_signal;
    sigemptyset(&action.sa_mask);
    // Interrupted system calls resume: the job looks at the flag between steps, not inside them.
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    signal(SIGPIPE, SIG_IGN);
    // A parent may have left them blocked (some test runners and process launchers do): a
    // blocked signal would stay pending and never stop the job.
    sigset_t mine;
    sigemptyset(&mine);
    sigaddset(&mine, SIGINT);
    sigaddset(&mine, SIGTERM);
    sigaddset(&mine, SIGHUP);
    sigprocmask(SIG_UNBLOCK, &mine, NULL);
}

int confetti_stop_signals_received(void) {
    return received;
}

int confetti_stop_signals_descriptor(void) {
    return wake_pipe[0];
}

int confetti_terminal_columns(int fd) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
    return size.ws_col;
}

int confetti_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}

void confetti_keep_freed_memory(int bytes) {
    mallopt(M_TRIM_THRESHOLD, bytes);
    mallopt(M_MMAP_THRESHOLD, bytes);
}

void confetti_return_freed_memory(void) {
    malloc_trim(0);
}

int confetti_peer_credentials(int fd, unsigned int *uid, int *pid) {
    struct ucred credentials;
    socklen_t size = sizeof credentials;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) != 0) return -1;
    *uid = credentials.uid;
    *pid = credentials.pid;
    return 0;
}
