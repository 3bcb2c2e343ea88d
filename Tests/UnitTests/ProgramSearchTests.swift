import Foundation
import ProcessStart
import Testing

/// The one PATH search (`ProcessStart.locate`) finds what execvp would run: the first regular
/// executable file in PATH order, a name with a slash itself, and glibc's default path when
/// PATH is unset.
@Suite struct ProgramSearchTests {
    @Test func findsWhatExecvpWouldRun() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("program-search-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = root.appendingPathComponent("first"), second = root.appendingPathComponent("second")
        for folder in [first, second] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        func program(_ url: URL, mode: Int) throws {
            try Data("#!/bin/sh\n".utf8).write(to: url)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
        }
        // A directory and a file without execute permission are passed over, as execvp does.
        try FileManager.default.createDirectory(at: first.appendingPathComponent("tool"), withIntermediateDirectories: true)
        try program(first.appendingPathComponent("plain"), mode: 0o644)
        try program(second.appendingPathComponent("tool"), mode: 0o755)
        try program(second.appendingPathComponent("plain"), mode: 0o755)
        let path = first.path + ":" + second.path
        #expect(ProcessStart.locate("tool", path: path) == second.path + "/tool")
        #expect(ProcessStart.locate("plain", path: path) == second.path + "/plain")
        #expect(ProcessStart.locate("absent", path: path) == nil)
        // A name with a slash is that file, found or not, whatever PATH says.
        #expect(ProcessStart.locate(second.path + "/tool", path: "/nonexistent") == second.path + "/tool")
        #expect(ProcessStart.locate(first.path + "/tool", path: path) == nil)
        // PATH unset: glibc's default, where sh is.
        #expect(ProcessStart.locate("sh", path: nil).map { ["/bin/sh", "/usr/bin/sh"].contains($0) } == true)
        #expect(ProcessStart.locate("sh", path: "/nonexistent") == nil)
    }
}
