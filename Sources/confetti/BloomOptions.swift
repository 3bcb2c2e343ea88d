import ArgumentParser
import ConfettiApp
import ConfettiGL

/// `--bloom` / `--no-bloom`, shared by render, view and overlay. Neither given: the effect's own
/// `bloom` section decides (off in every preset).
struct BloomOptions: ParsableArguments {
    @Flag(inversion: .prefixedNo, help: ArgumentHelp(
        "Glow: blur the bright pixels of each frame back over it (the effect's bloom section, else threshold 0.2, radius 16 pt, strength 3).",
        discussion: "Default: the effect file's \"bloom\": {\"enabled\": …}, off in every preset. On llvmpipe it adds about 35 ms to a 1280x720 frame (docs/performance.md)."))
    var bloom: Bool?
}
