extension FireworkShell {
    /// What a shell's stars do besides burning, one value per stage, each with its trigger and
    /// its parameters; a stage of 0 (count, interval or radius) is off.
    public struct Stages: Hashable, Sendable {
        public var flash: Flash
        public var pistil: Pistil
        public var glitter: Glitter
        public var crossette: Crossette
        public var crackle: Crackle

        public init(flash: Flash = Flash(), pistil: Pistil = Pistil(), glitter: Glitter = Glitter(), crossette: Crossette = Crossette(),
                    crackle: Crackle = Crackle()) {
            self.flash = flash
            self.pistil = pistil
            self.glitter = glitter
            self.crossette = crossette
            self.crackle = crackle
        }

        /// Every stage, in the order they spawn and draw from the burst's stream.
        package var all: [any ShellStage] { [flash, pistil, glitter, crossette, crackle] }

        /// The stages that spawn something, in that order.
        package var on: [any ShellStage] { all.filter(\.isOn) }

        /// Each stage as reduced motion plays it.
        package func calmed(_ s: Double) -> Stages {
            Stages(flash: flash.calmed(s), pistil: pistil.calmed(s), glitter: glitter.calmed(s), crossette: crossette.calmed(s), crackle: crackle.calmed(s))
        }
    }
}
