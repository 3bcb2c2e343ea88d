import CGLFW
import ConfettiApp
import ConfettiGL
import Foundation
import GLTestSupport
import Testing
import TestSupport

/// Examples/CelebrateInGLFW, the README's embedding example, runs in a real window.
@Suite struct ExampleAppTests {
    @Test func theGLFWExampleCelebratesInItsOwnWindowAndExits() async throws {
        let example = try ConfettiBinary.builtBesideTheTests("celebrate-in-glfw")
        // Its own X server: the example is another process, so it needs neither this process's
        // GL nor its DISPLAY.
        let server = try await XServer.start()
        defer { server.stop() }
        let outcome = try await ConfettiBinary.run(["--frames", "30"], executable: example, environment: ["DISPLAY": server.display])
        #expect(outcome.status == 0 && outcome.exitedNormally, "\(outcome.status): \(outcome.stderr)")
    }
}
