import ConfettiApp
import SystemPackage
import Testing

/// Paths as the user wrote them, read with `FilePath`: the folder, the name, the extension that
/// picks an output's type, and `folder/name` for messages.
@Suite struct FilePathTextTests {
    @Test func theFolderAndTheName() {
        for (path, folder, name) in [("a/b/c", "a/b", "c"), ("c", ".", "c"), ("/c", "/", "c"), ("a/b/", "a", "b"), ("a//b", "a", "b"), ("./a", ".", "a"), ("..", ".", "..")] {
            #expect(FilePath(path).directoryText == folder, "\(path)")
            #expect(FilePath(path).nameText == name, "\(path)")
        }
        #expect(FilePath("/").nameText == "")
    }

    /// A trailing slash says "directory": no extension, whatever the name.
    @Test func theExtensionPicksTheOutput() {
        #expect(FilePath.fileExtension(of: "celebration.MP4") == "mp4")
        #expect(FilePath.fileExtension(of: "out/show.wav") == "wav")
        for path in [".frames", "out", "out/", "a.b/", "name.", "a.b/c"] {
            #expect(FilePath.fileExtension(of: path) == nil, "\(path)")
        }
    }

    @Test func aNameInAFolderForMessages() {
        #expect(FilePath.joined(".", "frame-0000.png") == "frame-0000.png")
        #expect(FilePath.joined("", "ffmpeg") == "ffmpeg")
        #expect(FilePath.joined("out/", "frame-0000.png") == "out/frame-0000.png")
        #expect(FilePath.joined("/usr/bin", "ffmpeg") == "/usr/bin/ffmpeg")
    }
}
