import GLTestSupport
import Testing
import TestSupport

extension SharedGL {
    /// One window test at a time: GLFW's state and DISPLAY are the process's.
    private static let displayLock = TurnLock()

    /// `body` with an X server in DISPLAY (this test run's own Xvfb, or the display the run was
    /// started on) and no other window test meanwhile. Windows have GL contexts of their own,
    /// so EGL tests go on; the GL errors the window's context reported are checked at the end,
    /// between two EGL tests, so that each error is blamed on the test that made it.
    static func withDisplay<T>(_ body: () throws -> T) async throws -> T {
        await displayLock.acquire()
        defer { displayLock.release() }
        let server = try await XServer.ensure()
        defer { server?.stop() }
        let result = try body()
        await expectNoGLErrorsBetweenTests()
        return result
    }
}
