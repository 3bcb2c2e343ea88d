// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "confetti",
    products: [
        .executable(name: "confetti", targets: ["confetti"]),
        .library(name: "ConfettiCore", targets: ["ConfettiCore"]),
        .library(name: "ConfettiGL", targets: ["ConfettiGL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian's -dev packages (the Makefile installs them).
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .systemLibrary(name: "CEGL", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev", "libegl-dev"])]),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3", providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),

        // Model, spawners, seeded RNG and the CPU evaluator. No GL.
        .target(name: "ConfettiCore"),

        // Shader loading, instance ring, renderer, window and headless contexts.
        .target(
            name: "ConfettiGL",
            dependencies: ["ConfettiCore", "CEpoxy", "CEGL", "CGLFW", "CPNG"]
        ),

        .executableTarget(
            name: "confetti",
            dependencies: [
                "ConfettiCore", "ConfettiGL",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(name: "ConfettiCoreTests", dependencies: ["ConfettiCore"]),
        .testTarget(name: "ConfettiGLTests", dependencies: ["ConfettiCore", "ConfettiGL", "CEpoxy"]),
    ]
)
