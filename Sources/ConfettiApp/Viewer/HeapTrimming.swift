import CPosix

/// A window that draws every frame keeps the memory it freed instead of handing it back.
///
/// llvmpipe allocates a few megabytes of scene blocks each frame and frees them at the swap;
/// glibc's default then trims the heap every frame, and the next frame faults the same pages
/// back in: about 3 ms of a stress frame's 9 ms of main-thread CPU was that kernel work
/// (docs/performance.md). With the thresholds raised, the pages stay mapped and are reused.
enum HeapTrimming {
    /// Bytes the heap may keep free at its top, and the size from which an allocation gets
    /// its own mapping (which freeing would unmap).
    static let threshold: Int32 = 64 << 20

    static func keepFreedMemory() {
        confetti_keep_freed_memory(threshold)
    }
}
