"""OpenGL contexts without a window, through EGL (Mesa's surfaceless platform), for the tests:
the app's side of the boundary, with a framebuffer of its own to draw into and read back."""
import ctypes

egl = ctypes.CDLL("libEGL.so.1")
EGL_NONE, EGL_OPENGL_API, EGL_OPENGL_ES_API = 0x3038, 0x30A2, 0x30A0
EGL_PLATFORM_SURFACELESS_MESA = 0x31DD
EGL_CONTEXT_MAJOR_VERSION, EGL_CONTEXT_MINOR_VERSION = 0x3098, 0x30FB
EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT = 0x30FD, 1

egl.eglGetProcAddress.restype = ctypes.c_void_p
egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
egl.eglGetPlatformDisplay.restype = ctypes.c_void_p
egl.eglGetPlatformDisplay.argtypes = [ctypes.c_uint, ctypes.c_void_p, ctypes.c_void_p]
egl.eglInitialize.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
egl.eglBindAPI.argtypes = [ctypes.c_uint]
egl.eglCreateContext.restype = ctypes.c_void_p
egl.eglCreateContext.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_int)]
egl.eglMakeCurrent.argtypes = [ctypes.c_void_p] * 4
egl.eglDestroyContext.argtypes = [ctypes.c_void_p] * 2

GL_FRAMEBUFFER, GL_RENDERBUFFER, GL_RGBA8, GL_COLOR_ATTACHMENT0 = 0x8D40, 0x8D41, 0x8058, 0x8CE0
GL_COLOR_BUFFER_BIT, GL_RGBA, GL_UNSIGNED_BYTE, GL_NO_ERROR = 0x4000, 0x1908, 0x1401, 0
GL_VIEWPORT, GL_DRAW_FRAMEBUFFER_BINDING, GL_READ_FRAMEBUFFER_BINDING = 0x0BA2, 0x8CA6, 0x8CAA
GL_VERTEX_ARRAY_BINDING, GL_ARRAY_BUFFER_BINDING, GL_ARRAY_BUFFER, GL_BLEND = 0x85B5, 0x8894, 0x8892, 0x0BE2
GL_ACTIVE_TEXTURE, GL_TEXTURE3, GL_VERSION = 0x84E0, 0x84C3, 0x1F02

_display = None


def _gl(name, restype, *argtypes):
    address = egl.eglGetProcAddress(name.encode())
    assert address, f"no {name}"
    return ctypes.CFUNCTYPE(restype, *argtypes)(address)


def display():
    global _display
    if _display is None:
        _display = egl.eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, None, None)
        assert _display and egl.eglInitialize(_display, None, None), "EGL's surfaceless platform (Mesa) is needed"
    return _display


class Context:
    """A context made current on this thread: desktop OpenGL `version` core, or OpenGL ES."""

    def __init__(self, version=(3, 3), es=False):
        assert egl.eglBindAPI(EGL_OPENGL_ES_API if es else EGL_OPENGL_API)
        attributes = [EGL_CONTEXT_MAJOR_VERSION, version[0], EGL_CONTEXT_MINOR_VERSION, version[1]]
        if not es:
            attributes += [EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT]
        attributes.append(EGL_NONE)
        # No config: Mesa's EGL_KHR_no_config_context, for a context without a surface.
        self.context = egl.eglCreateContext(display(), None, None, (ctypes.c_int * len(attributes))(*attributes))
        assert self.context, "EGL made no context"
        self.make_current()
        get_string = _gl("glGetString", ctypes.c_char_p, ctypes.c_uint)
        self.version = get_string(GL_VERSION).decode()

    def make_current(self):
        assert egl.eglMakeCurrent(display(), None, None, self.context)

    @staticmethod
    def release():
        assert egl.eglMakeCurrent(display(), None, None, None)

    def destroy(self):
        self.release()
        egl.eglDestroyContext(display(), self.context)


class Framebuffer:
    """The app's own framebuffer object, width x height RGBA8, bound."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        uint_p = ctypes.POINTER(ctypes.c_uint)
        self.gen_framebuffers = _gl("glGenFramebuffers", None, ctypes.c_int, uint_p)
        self.bind_framebuffer = _gl("glBindFramebuffer", None, ctypes.c_uint, ctypes.c_uint)
        gen_renderbuffers = _gl("glGenRenderbuffers", None, ctypes.c_int, uint_p)
        bind_renderbuffer = _gl("glBindRenderbuffer", None, ctypes.c_uint, ctypes.c_uint)
        storage = _gl("glRenderbufferStorage", None, ctypes.c_uint, ctypes.c_uint, ctypes.c_int, ctypes.c_int)
        attach = _gl("glFramebufferRenderbuffer", None, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint, ctypes.c_uint)
        self.framebuffer, renderbuffer = ctypes.c_uint(), ctypes.c_uint()
        self.gen_framebuffers(1, ctypes.byref(self.framebuffer))
        self.bind_framebuffer(GL_FRAMEBUFFER, self.framebuffer.value)
        gen_renderbuffers(1, ctypes.byref(renderbuffer))
        bind_renderbuffer(GL_RENDERBUFFER, renderbuffer.value)
        storage(GL_RENDERBUFFER, GL_RGBA8, width, height)
        attach(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer.value)
        self.viewport = _gl("glViewport", None, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int)
        self.viewport(0, 0, width, height)
        self._clear_color = _gl("glClearColor", None, ctypes.c_float, ctypes.c_float, ctypes.c_float, ctypes.c_float)
        self._clear = _gl("glClear", None, ctypes.c_uint)
        self._read = _gl("glReadPixels", None, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_uint, ctypes.c_uint, ctypes.c_void_p)
        self._get_integer = _gl("glGetIntegerv", None, ctypes.c_uint, ctypes.POINTER(ctypes.c_int))
        self.get_error = _gl("glGetError", ctypes.c_uint)

    def clear(self, rgb):
        self._clear_color(rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, 1)
        self._clear(GL_COLOR_BUFFER_BIT)

    def pixels(self):
        """(r, g, b) of every pixel, bottom row first."""
        data = (ctypes.c_ubyte * (self.width * self.height * 4))()
        self._read(0, 0, self.width, self.height, GL_RGBA, GL_UNSIGNED_BYTE, data)
        raw = bytes(data)
        return [tuple(raw[i:i + 3]) for i in range(0, len(raw), 4)]

    def integers(self, name, count=1):
        values = (ctypes.c_int * 4)()
        self._get_integer(name, values)
        return tuple(values[:count]) if count > 1 else values[0]
