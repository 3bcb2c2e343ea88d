/// The release this build is: what `confetti --version` prints and the manual page names.
enum ConfettiVersion {
    static let current = "0.14.0"
}
