import CConfetti

/// The release this build is: what `confetti --version` prints and the manual page names. One
/// version, confetti.h's, which also names the C library's file and its pkg-config version.
enum ConfettiVersion {
    static let current = "\(CONFETTI_VERSION_MAJOR).\(CONFETTI_VERSION_MINOR).\(CONFETTI_VERSION_PATCH)"
}
