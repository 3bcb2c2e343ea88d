import ConfettiApp
import Testing

/// The values of number and size options (`Given`, `PixelSize`): any text is taken, and what is
/// not a value of the option's kind is refused by the option's check, with the range, as a value
/// out of range is. And the command line's pre-pass that keeps a negative value with its option.
@Suite struct GivenTests {
    @Test func aValueBeyondItsTypeIsRefusedWithTheRange() {
        #expect(throws: OptionRefusal("--frames must be in 1...100000, not 99999999999999999999")) {
            try Given<Int>(argument: "99999999999999999999").checked(in: 1...100_000, "--frames")
        }
        #expect(throws: OptionRefusal("--launches must be in 1...100, not 1.5")) {
            try Given<Int>(argument: "1.5").checked(in: 1...100, "--launches")
        }
        #expect(throws: OptionRefusal("--rounds must be in 1...20, not x")) {
            try Given<Int>(argument: "x").checked(in: 1...20, "--rounds")
        }
        #expect(throws: OptionRefusal("--seed must be in 0...18446744073709551615, not -1")) {
            try Given<UInt64>(argument: "-1").checkedSeed()
        }
    }

    @Test func aNumberIsCheckedAsANumber() throws {
        #expect(throws: OptionRefusal("--fps must be a number in 1...1000, not abc")) {
            try Given<Double>(argument: "abc").checked(in: 1...1000, "--fps")
        }
        #expect(throws: OptionRefusal("--fps must be a number in 1...1000, not -3")) {
            try Given<Double>(argument: "-3").checked(in: 1...1000, "--fps")
        }
        #expect(throws: OptionRefusal.self) { try Given<Double>(argument: "nan").checked(in: 0...1, "--x") }
        #expect(try Given<Double>(argument: "2.5").checked(in: 1...1000, "--fps") == 2.5)
        #expect(try Given<Int>(argument: "42").checked(in: 1...100, "--n") == 42)
    }

    /// `number` refuses what is not a whole number, and leaves the range to the caller's check.
    @Test func aWholeNumberBeyondTheRangeIsLeftToItsOwnCheck() throws {
        #expect(try Given<Int>(argument: "500").number("--count", taking: 1...100) == 500)
        #expect(throws: OptionRefusal("--count must be in 1...100, not 1e3")) {
            try Given<Int>(argument: "1e3").number("--count", taking: 1...100)
        }
    }

    /// A default says its value in the help, as the number it stands for.
    @Test func aDefaultReadsAsItsValue() {
        let fps: Given<Double> = 30, seed: Given<UInt64> = 1, interval: Given<Double> = 0.35
        #expect(fps.description == "30.0" && seed.description == "1" && interval.description == "0.35")
        #expect(fps.value == 30)
    }

    @Test func aSizeIsWidthByHeight() throws {
        let size = PixelSize(argument: "320X180")
        try size.checked("--size")
        #expect(size.width == 320 && size.height == 180 && size.description == "320x180")
        for text in ["0x0", "1280", "x", "16385x10", "12x-1"] {
            #expect(throws: OptionRefusal("--size \(text) is not a size: give WxH, each a whole number of pixels from 1 to 16,384, such as 1280x720")) {
                try PixelSize(argument: text).checked("--size")
            }
        }
    }

    @Test func aNegativeValueStaysWithItsOption() {
        #expect(CommandLineInput.joiningNegativeValues(["render", "--interval", "-1", "--seed", "3"]) == ["render", "--interval=-1", "--seed", "3"])
        #expect(CommandLineInput.joiningNegativeValues(["trace", "--times", "-.5,1"]) == ["trace", "--times=-.5,1"])
        #expect(CommandLineInput.joiningNegativeValues(["render", "--", "--x", "-1"]) == ["render", "--", "--x", "-1"])
        #expect(CommandLineInput.joiningNegativeValues(["render", "--force", "-h"]) == ["render", "--force", "-h"])
    }
}
