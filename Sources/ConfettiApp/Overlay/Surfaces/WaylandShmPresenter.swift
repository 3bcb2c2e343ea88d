@preconcurrency import CEpoxy
import ConfettiGL
import CWaylandProtocols
import Glibc

/// How a surface is shown where EGL cannot say what changed (Mesa's software rasteriser on
/// Wayland has neither swap with damage nor buffer age, and its swap copies and damages the
/// whole output): frames are drawn into an offscreen framebuffer kept from frame to frame, and
/// only the part that changed is read into one of the surface's own `wl_shm` buffers, which is
/// attached with that damage (`wl_surface.damage_buffer`, as `CompositorDamage` covers it).
///
/// Each buffer remembers the frame it last showed; one handed back by the compositor (its
/// `release`) is brought up to date by copying what changed in the frames since, so the
/// compositor and the copy both touch only the pixels the pieces cover.
final class WaylandShmPresenter {
    private let shm: OpaquePointer
    /// The kept framebuffer: its texture has an unsized internal format (GL_RGBA) given as BGRA
    /// bytes, so Mesa stores it as that exact format, wl_shm's ARGB8888, and reading it back
    /// into a buffer is a copy. A sized GL_RGBA8 is stored as RGBA, and every pixel read back
    /// had its red and blue swapped, the largest cost of the copy.
    private var target: (width: Int, height: Int, texture: GLuint, framebuffer: GLuint)?
    private var buffers: [Buffer] = []
    /// Frames drawn into the target so far, and what changed in each, as the draw said (GL's
    /// pixels, bottom-up; nil: all of it): the compositor is told a cover of it.
    private var frames = 0
    private var changes: [(number: Int, rects: [PixelRect]?)] = []
    /// Row staging for the flip from GL's bottom-up rows to the buffer's top-down ones.
    private var rows: [UInt8] = []

    final class Buffer {
        let buffer: OpaquePointer
        let data: UnsafeMutableRawPointer
        let bytes: Int
        let width, height: Int
        /// The frame it holds (-1: nothing yet) and whether the compositor still reads it.
        var shows = -1
        var busy = false

        init(buffer: OpaquePointer, data: UnsafeMutableRawPointer, bytes: Int, width: Int, height: Int) {
            self.buffer = buffer
            self.data = data
            self.bytes = bytes
            self.width = width
            self.height = height
        }

        func destroy() {
            wl_buffer_destroy(buffer)
            munmap(data, bytes)
        }
    }

    init(shm: OpaquePointer) { self.shm = shm }

    /// Draws a frame of `width` × `height` pixels into the kept framebuffer (`draw` gets it
    /// bound, with buffer age 1 once it holds the frame before, and returns what changed, nil
    /// for all of it), then attaches a buffer holding it to `surface` with that damage. The
    /// caller commits.
    func present(on surface: OpaquePointer, width: Int, height: Int, frame: SurfaceFrame, _ draw: (SurfaceFrame) throws -> [PixelRect]?) throws {
        if target.map({ $0.width != width || $0.height != height }) ?? true {
            deleteTarget()
            target = try Self.makeTarget(width: width, height: height)
            frames = 0
            changes = []
            buffers.forEach { $0.destroy() }
            buffers = []
        }
        bindGLFramebuffer(GLenum(GL_FRAMEBUFFER), target!.framebuffer)
        var drawn = frame
        drawn.bufferAge = frames == 0 ? 0 : 1
        drawn.number = frames
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let changed = (try draw(drawn)).map { $0.map { $0.clipped(to: whole) }.filter { !$0.isEmpty } }
        // Told as a few rectangles (`CompositorDamage`): every buffer is up to date outside
        // them, so the compositor reading more of it shows the same.
        let told = changed.map { $0.isEmpty ? $0 : CompositorDamage.cover($0, within: whole) }
        changes.append((frames, changed))
        frames += 1
        if changes.count > 8 { changes.removeFirst(changes.count - 8) }
        let buffer = try freeBuffer(width: width, height: height)
        // What it lacks: what changed since the frame it shows, or all of it, covered finer
        // than the compositor is told (`copyBudget`).
        var stale: [PixelRect]? = []
        if buffer.shows >= 0, let first = changes.first?.number, first <= buffer.shows + 1 {
            for change in changes where change.number > buffer.shows {
                guard let rects = change.rects else { stale = nil; break }
                stale?.append(contentsOf: rects)
            }
        } else {
            stale = nil
        }
        for rect in stale.map({ CompositorDamage.cover($0, within: whole, budget: Self.copyBudget.rectangles, grid: Self.copyBudget.grid) }) ?? [whole] {
            copy(rect, into: buffer)
        }
        buffer.shows = frames - 1
        buffer.busy = true
        wl_surface_attach(surface, buffer.buffer, 0, 0)
        // The compositor's rectangles are top-down. A frame that changed nothing names one
        // pixel: a commit without damage may never bring the frame callback the next one waits for.
        let damaged = told.map { $0.isEmpty ? [PixelRect(x: 0, y: height - 1, width: 1, height: 1)] : $0 } ?? [whole]
        for damage in damaged {
            wl_surface_damage_buffer(surface, Int32(damage.x), Int32(height - damage.y - damage.height), Int32(damage.width), Int32(damage.height))
        }
    }

    /// The cover of what a buffer lacks: a read costs about 2 us besides its bytes, so more,
    /// smaller rectangles than the compositor's copy far fewer pixels (a buffer is two frames
    /// behind, and the runs of cells of two frames of a celebration are scattered).
    static let copyBudget = (rectangles: 24, grid: 16)

    /// Reads `rect` of the framebuffer into `buffer`, flipping rows to the buffer's top-down order.
    /// Where the context has GL_MESA_pack_invert (Mesa's), the rows are read straight into the
    /// buffer, last first; else through a staging copy.
    private func copy(_ rect: PixelRect, into buffer: Buffer) {
        guard !rect.isEmpty else { return }
        epoxy_glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        // BGRA bytes are wl_shm's ARGB8888 on a little-endian machine; premultiplied, as Wayland wants.
        if packsInverted {
            let top = buffer.height - rect.y - rect.height
            epoxy_glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(buffer.width))
            epoxy_glPixelStorei(GLenum(GL_PACK_INVERT_MESA), GLint(GL_TRUE))
            epoxy_glReadPixels(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height), GLenum(GL_BGRA), GLenum(GL_UNSIGNED_BYTE),
                               buffer.data + (top * buffer.width + rect.x) * 4)
            epoxy_glPixelStorei(GLenum(GL_PACK_INVERT_MESA), GLint(GL_FALSE))
            epoxy_glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0)
            return
        }
        let rowBytes = rect.width * 4
        if rows.count < rowBytes * rect.height { rows = [UInt8](repeating: 0, count: rowBytes * rect.height) }
        rows.withUnsafeMutableBytes { staging in
            epoxy_glReadPixels(GLint(rect.x), GLint(rect.y), GLsizei(rect.width), GLsizei(rect.height), GLenum(GL_BGRA), GLenum(GL_UNSIGNED_BYTE), staging.baseAddress)
            for row in 0..<rect.height {
                let top = buffer.height - 1 - (rect.y + row)
                (buffer.data + (top * buffer.width + rect.x) * 4).copyMemory(from: staging.baseAddress! + row * rowBytes, byteCount: rowBytes)
            }
        }
    }

    /// Whether reads can flip rows themselves (GL_MESA_pack_invert), asked once a context is current.
    private lazy var packsInverted = epoxy_has_gl_extension("GL_MESA_pack_invert")

    /// A buffer the compositor is not reading, made when all are busy (two or three in all).
    private func freeBuffer(width: Int, height: Int) throws -> Buffer {
        if let free = buffers.first(where: { !$0.busy }) { return free }
        let stride = width * 4, bytes = stride * height
        // Shared memory with no name left behind: unlinked as soon as it is open.
        Self.made += 1
        let name = "/confetti-overlay-\(getpid())-\(Self.made)"
        let fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw GLFailure("shm_open failed for the overlay's buffer: \(String(cString: strerror(errno)))") }
        shm_unlink(name)
        defer { close(fd) }
        guard ftruncate(fd, off_t(bytes)) == 0 else { throw GLFailure("could not size the overlay's buffer: \(String(cString: strerror(errno)))") }
        guard let data = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), data != MAP_FAILED else {
            throw GLFailure("could not map the overlay's buffer: \(String(cString: strerror(errno)))")
        }
        let pool = wl_shm_create_pool(shm, fd, Int32(bytes))
        let made = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue)!
        wl_shm_pool_destroy(pool)
        let buffer = Buffer(buffer: made, data: data, bytes: bytes, width: width, height: height)
        wl_buffer_add_listener(made, &Self.bufferListener, Unmanaged.passUnretained(buffer).toOpaque())
        buffers.append(buffer)
        return buffer
    }

    nonisolated(unsafe) private static var made = 0

    nonisolated(unsafe) private static var bufferListener = wl_buffer_listener(
        release: { data, _ in Unmanaged<Buffer>.fromOpaque(data!).takeUnretainedValue().busy = false }
    )

    private static func makeTarget(width: Int, height: Int) throws -> (width: Int, height: Int, texture: GLuint, framebuffer: GLuint) {
        var texture: GLuint = 0, framebuffer: GLuint = 0, bound: GLint = 0
        epoxy_glGetIntegerv(GLenum(GL_TEXTURE_BINDING_2D), &bound)
        epoxy_glGenTextures(1, &texture)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        epoxy_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_BGRA), GLenum(GL_UNSIGNED_BYTE), nil)
        epoxy_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        epoxy_glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(bound))
        epoxy_glGenFramebuffers(1, &framebuffer)
        bindGLFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        epoxy_glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        guard epoxy_glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER)) == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            epoxy_glDeleteFramebuffers(1, &framebuffer)
            epoxy_glDeleteTextures(1, &texture)
            throw GLFailure("the overlay's frame of \(width)x\(height) pixels could not be made")
        }
        return (width, height, texture, framebuffer)
    }

    private func deleteTarget() {
        guard var target else { return }
        epoxy_glDeleteFramebuffers(1, &target.framebuffer)
        epoxy_glDeleteTextures(1, &target.texture)
        self.target = nil
    }

    /// Frees the buffers and the framebuffer (the context must be current).
    func destroy() {
        buffers.forEach { $0.destroy() }
        buffers = []
        deleteTarget()
    }
}
