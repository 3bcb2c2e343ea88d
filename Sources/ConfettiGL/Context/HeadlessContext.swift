@preconcurrency import CEGL
@preconcurrency import CEpoxy
import FoundationEssentials
import Glibc

/// An OpenGL 3.3+ core context with no window and no display server, on the GPU `device` picks.
///
/// EGL lists the machine's devices (`EGL_EXT_device_enumeration`): a hardware GPU has a DRM
/// node, and Mesa's software rasteriser (llvmpipe) names itself `EGL_MESA_device_software`.
/// `.auto` takes the first hardware device and falls back to Mesa's surfaceless platform (also
/// llvmpipe), so the same command measures the real GPU wherever there is one.
///
/// A context without a window has no default framebuffer, so everything is drawn into an
/// `OffscreenTarget` (even transform-feedback passes need an FBO bound on Mesa).
/// A context is current on one thread at a time: call `makeCurrent()` on the thread that draws.
public final class HeadlessContext: @unchecked Sendable {
    /// Which GPU to draw with.
    public enum Device: String, Sendable, CaseIterable {
        /// A hardware GPU if EGL lists one, else the software rasteriser.
        case auto
        /// A hardware GPU, or an error.
        case hardware
        /// Mesa's software rasteriser, llvmpipe: through EGL's device platform where it is
        /// listed, else through the surfaceless platform.
        case software
    }

    /// The device chosen, as EGL names it: `hardware device /dev/dri/renderD128`, `software
    /// device (EGL_MESA_device_software)` or `surfaceless platform`.
    public let deviceName: String
    /// `GL_RENDERER` and `GL_VERSION` of the context: what draws.
    public let renderer: String
    public let version: String

    private let display: EGLDisplay
    private let context: EGLContext

    /// `device` nil reads `$CONFETTI_DEVICE` (auto, hardware or software), else `.auto`.
    /// `debug` asks for a debug context and installs `GLDebugLog`; debug builds always do.
    public init(device: Device? = nil, debug: Bool = false) throws {
        let device = try device ?? Self.environmentDevice()
        let (display, deviceName) = try Self.openDisplay(device)
        var major: EGLint = 0, minor: EGLint = 0
        guard epoxy_eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure(Self.noDriver("eglInitialize failed on the \(deviceName): \(Self.eglErrorName())"))
        }
        guard epoxy_eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("EGL cannot bind the desktop OpenGL API (\(Self.eglErrorName())).")
        }
        #if DEBUG
        let debug = true
        #endif
        let attributes: [EGLint] = [
            EGL_CONTEXT_MAJOR_VERSION, 3,
            EGL_CONTEXT_MINOR_VERSION, 3,
            EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
            EGL_CONTEXT_OPENGL_DEBUG, debug ? EGL_TRUE : EGL_FALSE,
            EGL_NONE,
        ]
        // EGL_NO_CONFIG_KHR: a context with no surface needs no config.
        guard let context = epoxy_eglCreateContext(display, nil, nil, attributes) else {
            throw GLFailure("EGL could not create an OpenGL 3.3 core context on the \(deviceName) (\(Self.eglErrorName())). confetti needs OpenGL 3.3 or newer.")
        }
        self.display = display
        self.context = context
        self.deviceName = deviceName
        guard epoxy_eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            _ = epoxy_eglDestroyContext(display, context)
            throw GLFailure("eglMakeCurrent failed on the \(deviceName) (\(Self.eglErrorName())).")
        }
        defer { release() }
        renderer = Self.glString(GL_RENDERER)
        version = Self.glString(GL_VERSION)
        try requireGL33()
        if debug { GLDebugLog.install() }
    }

    /// `$CONFETTI_DEVICE`, or `.auto` when it is unset or empty.
    package static func environmentDevice() throws -> Device {
        guard let value = ProcessInfo.processInfo.environment["CONFETTI_DEVICE"], !value.isEmpty else { return .auto }
        guard let device = Device(rawValue: value) else {
            throw GLFailure("CONFETTI_DEVICE is '\(value)'; it can be \(Device.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return device
    }

    /// One EGL device: whether it is Mesa's software rasteriser, and its DRM node if any.
    package struct ListedDevice: Sendable {
        package var isSoftware: Bool
        package var node: String?
        package var isHardware: Bool { !isSoftware && node != nil }
    }

    /// The devices EGL lists, in its order (none without `EGL_EXT_device_enumeration`).
    package static func listedDevices() -> [(device: EGLDeviceEXT, listed: ListedDevice)] {
        guard epoxy_has_egl_extension(nil, "EGL_EXT_device_enumeration") || epoxy_has_egl_extension(nil, "EGL_EXT_device_base"),
              epoxy_has_egl_extension(nil, "EGL_EXT_platform_device") else { return [] }
        var count: EGLint = 0
        guard epoxy_eglQueryDevicesEXT(0, nil, &count) == EGLBoolean(EGL_TRUE), count > 0 else { return [] }
        var devices = [EGLDeviceEXT?](repeating: nil, count: Int(count))
        guard epoxy_eglQueryDevicesEXT(count, &devices, &count) == EGLBoolean(EGL_TRUE) else { return [] }
        return devices.prefix(Int(count)).compactMap { device in
            guard let device else { return nil }
            let extensions = epoxy_eglQueryDeviceStringEXT(device, EGL_EXTENSIONS).map { String(cString: $0) } ?? ""
            let names = Set(extensions.split(separator: " ").map(String.init))
            // A render node where EGL names one (EGL_EXT_device_drm_render_node), else the
            // primary node (EGL_EXT_device_drm).
            var node: String?
            if names.contains("EGL_EXT_device_drm_render_node") {
                node = epoxy_eglQueryDeviceStringEXT(device, Self.drmRenderNodeFile).map { String(cString: $0) }
            }
            if node == nil, names.contains("EGL_EXT_device_drm") {
                node = epoxy_eglQueryDeviceStringEXT(device, EGLint(EGL_DRM_DEVICE_FILE_EXT)).map { String(cString: $0) }
            }
            return (device, ListedDevice(isSoftware: names.contains("EGL_MESA_device_software"), node: node))
        }
    }

    /// `EGL_DRM_RENDER_NODE_FILE_EXT`, which epoxy's headers do not define.
    static let drmRenderNodeFile: EGLint = 0x3377

    private static func openDisplay(_ device: Device) throws -> (EGLDisplay, String) {
        let listed = listedDevices()
        let chosen: (device: EGLDeviceEXT, listed: ListedDevice)?
        switch device {
        case .auto: chosen = listed.first { $0.listed.isHardware }
        case .hardware:
            chosen = listed.first { $0.listed.isHardware }
            guard chosen != nil else {
                let found = listed.isEmpty ? "EGL lists no devices" : "EGL lists \(listed.count) device\(listed.count == 1 ? "" : "s"), none of them hardware (\(listed.map { $0.listed.isSoftware ? "Mesa's software rasteriser" : "no DRM node" }.joined(separator: ", ")))"
                throw GLFailure("no hardware GPU: \(found)")
            }
        case .software: chosen = listed.first { $0.listed.isSoftware }
        }
        if let chosen {
            let name = chosen.listed.isSoftware ? "software device (EGL_MESA_device_software)" : "hardware device \(chosen.listed.node ?? "")"
            guard let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_DEVICE_EXT), chosen.device, nil) else {
                throw GLFailure(noDriver("EGL could not open the \(name): \(eglErrorName())"))
            }
            return (display, name)
        }
        // eglGetPlatformDisplay (core 1.5) aborts inside epoxy before any display exists; the
        // EXT entry point does not.
        // No vendor library (libEGL finds no Mesa) and no driver (Mesa finds no swrast_dri.so)
        // end here: one message saying what to install.
        guard epoxy_has_egl_extension(nil, "EGL_MESA_platform_surfaceless") else {
            throw GLFailure(noDriver("EGL has no surfaceless platform, EGL_MESA_platform_surfaceless"))
        }
        guard let display = epoxy_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) else {
            throw GLFailure(noDriver("EGL could not open the surfaceless display: \(eglErrorName())"))
        }
        return (display, "surfaceless platform")
    }

    private static func glString(_ name: Int32) -> String {
        epoxy_glGetString(GLenum(name)).map { String(cString: $0) } ?? "unknown"
    }

    /// One line for people: what draws, and through which device.
    public var description: String { "\(renderer); OpenGL \(version); \(deviceName)" }

    deinit {
        _ = epoxy_eglDestroyContext(display, context)
    }

    public func makeCurrent() throws {
        guard epoxy_eglMakeCurrent(display, nil, nil, context) == EGLBoolean(EGL_TRUE) else {
            throw GLFailure("eglMakeCurrent failed (\(Self.eglErrorName())).")
        }
    }

    /// Leaves no context current on this thread, so another thread may take it.
    public func release() {
        _ = epoxy_eglMakeCurrent(display, nil, nil, nil)
    }

    /// What a machine without a usable OpenGL driver is told, with the detail EGL gave.
    static func noDriver(_ detail: String) -> String {
        "no OpenGL driver found: install Mesa (libegl-mesa0, libgl1-mesa-dri) (\(detail))"
    }

    package static func eglErrorName() -> String {
        let code = epoxy_eglGetError()
        let names: [EGLint: String] = [
            EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED", EGL_BAD_ACCESS: "EGL_BAD_ACCESS", EGL_BAD_ALLOC: "EGL_BAD_ALLOC",
            EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE", EGL_BAD_CONFIG: "EGL_BAD_CONFIG", EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT",
            EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY", EGL_BAD_MATCH: "EGL_BAD_MATCH", EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER",
        ]
        if code == EGL_SUCCESS { return "no EGL error" }
        return names[code].map { "\($0), 0x\(String(code, radix: 16))" } ?? "EGL error 0x" + String(code, radix: 16)
    }
}
