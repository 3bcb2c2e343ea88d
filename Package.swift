// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "confetti",
    products: [
        .executable(name: "confetti", targets: ["confetti"]),
        .library(name: "ConfettiGL", targets: ["ConfettiGL"]),
        // The C library, libconfetti.so.0 (CAPI/confetti.h): `make install` builds it with the
        // Swift runtime linked in, its SONAME and only the C API exported (CAPI/confetti.map).
        .library(name: "ConfettiC", type: .dynamic, targets: ["ConfettiC"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // errno in words (Errno) and whole writes that retry EINTR (FileDescriptor.writeAll).
        .package(url: "https://github.com/apple/swift-system", from: "1.3.0"),
    ],
    targets: [
        // C libraries from Debian's -dev packages (the Makefile installs them).
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CEGL", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev", "libegl-dev"])]),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // Sprites drawn from text: fontconfig finds a font by family (and the colour emoji font),
        // HarfBuzz shapes a string into glyphs (ZWJ sequences, flags, skin tones, keycaps become
        // one glyph), FreeType draws each glyph (grey coverage, or the emoji font's colour bitmaps).
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // Sound in the viewer and the overlay: PulseAudio's simple API (PipeWire's pipewire-pulse
        // takes it too).
        .systemLibrary(name: "CPulse", pkgConfig: "libpulse-simple", providers: [.apt(["libpulse-dev"])]),
        // Signal handlers and ioctl, which Swift cannot write or call itself.
        .target(name: "CPosix"),
        // How another program is started (posix_spawn): the one way the application, the tests
        // and the mutants tool run one.
        .target(name: "ProcessStart"),
        // The overlay's window on X11: its click-through (an empty input shape) and XRandR's monitors.
        .systemLibrary(name: "CX11", pkgConfig: "xext", providers: [.apt(["libxext-dev"])]),
        // The overlay's own Wayland client: the layer shell (vendored from wlr-protocols), xdg-shell,
        // xdg-output, viewporter and fractional scale, as wayland-scanner generates them
        // (Scripts/wayland-protocols; checked in, WaylandProtocolsTests keeps them current), and
        // wayland-egl for its EGL windows.
        .target(
            name: "CWaylandProtocols",
            exclude: ["protocols"],
            linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("wayland-egl")]
        ),

        // Spawn → record: effects, spawners, seeded RNG, CPU evaluators, GPU record layouts. No GL.
        // Sprites are made here, so the GPU and the CPU rasteriser draw the same bytes: emoji and
        // text through fontconfig, HarfBuzz and FreeType, PNG images through libpng.
        .target(name: "ConfettiCore", dependencies: ["CFreeType", "CHarfBuzz", "CFontconfig", "CPNG"]),

        // Ring → shader → pixels: the library an app embeds (`import ConfettiGL` brings the public
        // part of ConfettiCore too). Epoxy and EGL only; the top level of Shaders/ built in.
        .target(
            name: "ConfettiGL",
            dependencies: ["ConfettiCore", "CEpoxy", "CEGL"],
            plugins: ["EmbedShaders"]
        ),
        // The proof, outside the library an app embeds: the GPU read back by transform feedback,
        // the CPU rasteriser and the quantisation error bounds, which `trace`, `soak` and the
        // tests compare the shaders with.
        .target(name: "ConfettiProof", dependencies: ["ConfettiCore", "ConfettiGL", "CEpoxy"]),

        // confetti.h as the compiler reads it: the C API's types, statuses and version, which
        // ConfettiC implements (each function checked against its declaration) and the
        // command's --version reads.
        .target(name: "CConfetti", path: "CAPI", exclude: ["confetti.map", "confetti.pc.in"], publicHeadersPath: "."),
        // The C API over `Celebration`: `@c` functions, arguments checked so that nothing a C
        // caller passes can reach a Swift trap.
        .target(name: "ConfettiC", dependencies: ["CConfetti", "ConfettiCore", "ConfettiGL", "CEpoxy"]),

        // What the C boundary costs: confetti_draw against Celebration.draw (`make capi-bench`).
        .executableTarget(name: "capi-bench", dependencies: ["ConfettiGL", "CEpoxy"]),

        .executableTarget(name: "ShaderEmbedder"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),
        .plugin(name: "EmbedGnomeExtension", capability: .buildTool(), dependencies: ["ShaderEmbedder"]),

        // The application: viewer, overlay and their windows, headless recording, benchmark, soak;
        // Shaders/app/ built in.
        .target(
            name: "ConfettiApp",
            dependencies: [
                "CConfetti", "ConfettiCore", "ConfettiGL", "ConfettiProof", "CEpoxy", "CEGL", "CGLFW", "CPNG", "CPosix", "CX11", "CWaylandProtocols", "CPulse", "ProcessStart",
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            plugins: ["EmbedShaders", "EmbedGnomeExtension"]
        ),
        .executableTarget(
            name: "confetti",
            dependencies: [
                "CConfetti", "ConfettiCore", "ConfettiGL", "ConfettiProof", "ConfettiApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // One screen of an app that embeds `Celebration` in its own GLFW window.
        .executableTarget(
            name: "celebrate-in-glfw",
            dependencies: ["ConfettiGL", "CGLFW", "CEpoxy"],
            path: "Examples/CelebrateInGLFW"
        ),

        // `make mutants`: seeded single-token mutations of Shaders/ and the CPU evaluators.
        .executableTarget(
            name: "mutants",
            dependencies: ["ProcessStart", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                           .product(name: "SystemPackage", package: "swift-system")]
        ),

        // What every test target may use: the repository's root, other programs run and waited
        // for (ChildProcess, the built confetti, ffmpeg), and what a piece of work costs in CPU
        // time and bytes read, which a busy machine does not stretch as it does wall time.
        .target(name: "TestSupport", dependencies: ["ProcessStart"], path: "Tests/Support"),
        // The one EGL context every GL test of the run shares (SharedGL), and pixel checks.
        .target(name: "GLTestSupport", dependencies: ["ConfettiGL", "ConfettiApp", "TestSupport"], path: "Tests/GLSupport"),
        // The model and the app in this process, with no GL and no other program (ConfettiApp
        // for the command's file errors in words, InputFile.describe).
        .testTarget(name: "UnitTests", dependencies: ["ConfettiCore", "ConfettiProof", "ConfettiApp", "TestSupport"]),
        // The repository's rules, read from the tree: the docs' module table and folder tree, the
        // command target's size, imports, who calls glViewport, the tests' layout, the generated
        // Wayland protocols. No module of the product.
        .testTarget(name: "RuleTests", dependencies: ["TestSupport"]),
        // Drawing in this process, headless (EGL), through the one context the run shares: the
        // library, the shaders against the CPU, the application's renderers.
        .testTarget(
            name: "GLTests",
            dependencies: ["ConfettiCore", "ConfettiGL", "ConfettiProof", "ConfettiApp", "CEpoxy", "CGLFW", "TestSupport", "GLTestSupport"]
        ),
        // The command as a user meets it: the built binary run with its options, files and
        // signals, and its windows on a desktop (the viewer and overlay on a private Xvfb, the
        // Wayland test's weston), with the helpers that start and watch them (Desktop/).
        .testTarget(
            name: "BinaryTests",
            dependencies: ["CConfetti", "ConfettiCore", "ConfettiGL", "ConfettiProof", "ConfettiApp", "CEpoxy", "CGLFW", "CWaylandProtocols", "TestSupport", "GLTestSupport"],
            // C the KWin test builds itself with gcc (it needs GIO to hand KWin a pipe).
            exclude: ["Desktop/Tools"]
        ),
    ]
)
