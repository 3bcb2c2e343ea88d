import Foundation
import Testing
import TestSupport

/// The overlay's Wayland protocol code (Sources/CWaylandProtocols) is checked in as
/// wayland-scanner makes it: running Scripts/wayland-protocols again gives the same files, and
/// nothing else is there. After changing the script or a protocol, run it and commit the result.
@Suite struct WaylandProtocolsTests {
    static let folder = "Sources/CWaylandProtocols"

    /// The generated files of `root`, relative to it: `*-protocol.c` and `include/*-client-protocol.h`.
    static func generated(in root: URL) throws -> [String] {
        let sources = try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix("-protocol.c") }
        let headers = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("include").path)
            .filter { $0.hasSuffix("-client-protocol.h") }.map { "include/" + $0 }
        return (sources + headers).sorted()
    }

    @Test func regeneratingGivesTheCheckedInFiles() async throws {
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("confetti-wayland-protocols-\(UUID())")
        defer { try? FileManager.default.removeItem(at: fresh) }
        let outcome = try await ChildProcess.run([Repository.file("Scripts/wayland-protocols").path, fresh.path], environment: ChildProcess.environment([:]))
        try #require(outcome.exitedNormally && outcome.status == 0, "Scripts/wayland-protocols failed (is wayland-scanner, libwayland-bin, installed? make test installs it): \(outcome.stderr)")
        let checkedIn = Repository.file(Self.folder)
        let made = try Self.generated(in: fresh), kept = try Self.generated(in: checkedIn)
        #expect(made.count == 12, "\(made)")
        #expect(made == kept, "generated \(made), checked in \(kept)")
        for file in made {
            let expected = try Data(contentsOf: fresh.appendingPathComponent(file))
            let actual = try Data(contentsOf: checkedIn.appendingPathComponent(file))
            #expect(actual == expected, "\(Self.folder)/\(file) differs from what Scripts/wayland-protocols makes: run it and commit the result")
        }
    }

    /// The vendored protocols keep their copyright notices, which their licence asks for.
    @Test func theVendoredProtocolsKeepTheirCopyrightNotices() throws {
        for name in ["wlr-layer-shell-unstable-v1", "wlr-virtual-pointer-unstable-v1"] {
            let text = try String(contentsOf: Repository.file("\(Self.folder)/protocols/\(name).xml"), encoding: .utf8)
            #expect(text.contains("<copyright>") && text.contains("Copyright ©") && text.contains("Permission"), "\(name).xml")
        }
    }
}
