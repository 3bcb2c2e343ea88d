#ifndef CONFETTI_CPOSIX_H
#define CONFETTI_CPOSIX_H

// The few POSIX calls Swift cannot make directly: a signal handler that is async-signal-safe,
// ioctl, pipe2 and SO_PEERCRED, which Swift's Glibc module does not offer.

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that only record the signal, so a long job
/// (a render, the viewer, the overlay) can stop between two steps and clean up. A second such signal ends the process at once with
/// the default action. SIGPIPE is ignored, so writing to a pipe whose reader has gone fails with
/// EPIPE instead of killing the process. The three are unblocked in the calling thread, which
/// threads started after it inherit. Call it from the main thread. Idempotent.
void confetti_stop_signals_install(void);

/// The first signal received since installation, or 0.
int confetti_stop_signals_received(void);

/// A descriptor that becomes readable once a signal has been received (the read end of a pipe
/// the handler writes to, never drained), for a loop that sleeps in poll; -1 before
/// installation or when no pipe could be made.
int confetti_stop_signals_descriptor(void);

/// The width in columns of the terminal on `fd`, or 0 if it is not a terminal or does not say.
int confetti_terminal_columns(int fd);

/// pipe2(fds, O_CLOEXEC): a pipe whose ends a spawned program does not inherit unless told to.
int confetti_pipe_cloexec(int fds[2]);

/// mallopt(M_TRIM_THRESHOLD and M_MMAP_THRESHOLD, bytes): freed memory below `bytes` stays
/// mapped for reuse (malloc.h's constants do not import into Swift).
void confetti_keep_freed_memory(int bytes);

/// malloc_trim(0): every whole page the heap has free goes back to the system.
void confetti_return_freed_memory(void);

/// The uid and pid of the process at the other end of the Unix socket `fd` (SO_PEERCRED, whose
/// struct ucred Swift's Glibc module does not offer): 0, or -1 with errno set.
int confetti_peer_credentials(int fd, unsigned int *uid, int *pid);

#endif
