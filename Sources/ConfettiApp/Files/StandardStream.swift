import SystemPackage

/// What the command writes to its standard output and standard error, each text whole (a write
/// cut short by a signal goes on). A stream that is gone (a pipe whose reader quit) loses the
/// text, never the command: what it writes there is a report, not the work.
package enum StandardStream {
    package static func error(_ text: String) {
        _ = try? FileDescriptor.standardError.writeAll(text.utf8)
    }

    package static func output(_ bytes: some Sequence<UInt8>) {
        _ = try? FileDescriptor.standardOutput.writeAll(bytes)
    }
}
