import ConfettiCore
import ConfettiGL
import FoundationEssentials
import Glibc

/// The headless set-up of every command that draws without a window: the shaders (built in, or
/// a folder of .glsl files) and the device, with EGL and no display.
package struct HeadlessSetup: Sendable {
    /// A folder of .glsl files to use instead of the built-in shaders (nil: $CONFETTI_SHADER_DIR
    /// if set, else the built-in ones).
    package var shaderDirectory: String?
    /// The GPU to draw with (nil: $CONFETTI_DEVICE if set, else auto).
    package var device: HeadlessContext.Device?
    /// Say what draws (GL_RENDERER, GL_VERSION and the EGL device) on stderr.
    package var printRenderer = false

    package init(shaderDirectory: String? = nil, device: HeadlessContext.Device? = nil, printRenderer: Bool = false) {
        self.shaderDirectory = shaderDirectory
        self.device = device
        self.printRenderer = printRenderer
    }

    /// Runs `body` with a current EGL context without a window on the chosen device, and the
    /// chosen shaders. A hardware device asked for and missing is refused with what to give
    /// instead.
    package func run<T>(debug: Bool = false, _ body: (ShaderLibrary, HeadlessContext) throws -> T) throws -> T {
        let shaders = try ShaderLibrary.resolve(shaderDirectory)
        let context: HeadlessContext
        do {
            context = try HeadlessContext(device: device, debug: debug)
        } catch let error as GLFailure where (device ?? (try? HeadlessContext.environmentDevice())) == .hardware {
            let source = device != nil ? "--device hardware" : "CONFETTI_DEVICE=hardware"
            throw OptionRefusal("\(source): \(error); give --device software or auto")
        }
        if printRenderer {
            StandardStream.error("confetti: drawing with \(context.description)\n")
        }
        try context.makeCurrent()
        defer { context.release() }
        return try body(shaders, context)
    }
}
