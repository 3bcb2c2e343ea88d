import ArgumentParser
import ConfettiApp
import ConfettiGL

struct FireCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fire",
        abstract: "Hand one launch to the resident overlay and return at once (starting the overlay when none answers).",
        discussion: """
            Exits 0 once the overlay has accepted the launch, or 2 with its one-line refusal \
            (an unknown effect, a bad effect file, over the budget). An effect file is read here, so \
            its paths mean what they mean to you. With no overlay answering at \
            $XDG_RUNTIME_DIR/confetti/overlay.socket it starts `confetti overlay --resident` in the \
            background (on GNOME it asks the confetti extension first), e.g. `make && confetti fire`.
            """
    )

    @Argument(help: ArgumentHelp("A preset (\(Effect.presets.map(\.name).joined(separator: ", "))), a named effect of yours, an effect file, or - for one on standard input.", discussion: EffectReference.lookupText, valueName: "effect"), completion: .custom { _, _, typed in EffectCompletion.candidates(typed) })
    var effect = "celebration"

    @OptionGroup var place: PlaceOptions

    @OptionGroup var emoji: EmojiOption

    @Option(help: "Seed of the launch (default: the overlay's next).")
    var seed: Given<UInt64>?

    @OptionGroup var sound: SoundOptions

    @OptionGroup var motion: MotionOptions

    func run() throws {
        var options = ResidentFire.Options()
        (options.effect, options.emoji, options.place, options.seed) = (effect, emoji.emoji, try place.place(), try seed?.checkedSeed())
        (options.mute, options.reducedMotion) = (sound.mute, motion.reducedMotion)
        do {
            try ResidentFire.send(ResidentFire.requestLine(options))
        } catch let error as ResidentError {
            throw OptionRefusal(error.description)
        }
    }
}
