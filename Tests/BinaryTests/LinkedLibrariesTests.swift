import Foundation
import Testing
import TestSupport

/// The built `confetti` links no ICU-backed Foundation (libFoundation.so, lib_FoundationICU.so,
/// libFoundationInternationalization.so): FoundationEssentials is what it uses.
@Suite struct LinkedLibrariesTests {
    static let icuBacked = ["libFoundation.so", "lib_FoundationICU.so", "libFoundationInternationalization.so",
                            "libFoundationNetworking.so", "libFoundationXML.so"]

    @Test func theCommandLinksNoICUBackedFoundation() async throws {
        let binary = try ConfettiBinary.url().path
        let ldd = try await Tool.run("ldd", [binary])
        #expect(ldd.status == 0, "ldd \(binary): \(ldd.stderr)")
        let libraries = ldd.stdout.split(separator: "\n").compactMap { $0.split(whereSeparator: \.isWhitespace).first.map(String.init) }
        #expect(libraries.contains { $0.hasPrefix("libc.so") }, "ldd read the binary: \(libraries)")
        let linked = libraries.filter { library in Self.icuBacked.contains { library.hasPrefix($0) } }
        #expect(linked.isEmpty, "\(binary) links \(linked)")
    }
}
