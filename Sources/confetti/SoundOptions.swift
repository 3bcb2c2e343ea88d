import ArgumentParser
import ConfettiApp
import ConfettiGL

/// `--mute`, shared by render, view and overlay: the effect's own `sound` section otherwise.
struct SoundOptions: ParsableArguments {
    @Flag(help: ArgumentHelp("No sound: a video gets no sound track, and the viewer plays none (M toggles it while viewing).",
                             discussion: "Default: the effect's \"sound\" section, on in every preset that makes sound."))
    var mute = false
}
