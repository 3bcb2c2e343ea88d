"""confetti from Python: confetti and fireworks over an app's own OpenGL 3.3 drawing.

A ctypes binding of libconfetti (confetti.h); nothing to install but the library itself.

    import confetti
    celebration = confetti.Celebration()            # the app's OpenGL 3.3 context is current
    celebration.fire("confetti", now, (800, 450))   # a preset; or file=..., json=...
    celebration.draw(now, (800, 450), pixels_per_point=1)
    celebration.is_idle(now)                        # True: the app may stop redrawing

Times are seconds in any clock; sizes and the button are points, origin at the top left.
Errors raise ConfettiError with the library's status and message.
"""
import ctypes
import os

_lib = ctypes.CDLL(os.environ.get("CONFETTI_LIBRARY", "libconfetti.so.0"))
_handle = ctypes.c_void_p
_status = ctypes.c_int


class Rect(ctypes.Structure):
    """The app's button, which fireworks burst around (confetti_rect): points."""
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double), ("width", ctypes.c_double), ("height", ctypes.c_double)]


# confetti.h in one table: each function's result and parameter types, and the statuses in
# their order (confetti_status numbers them from 0). Everything below is made from it.
_c_double, _c_size, _handle_p = ctypes.c_double, ctypes.c_size_t, ctypes.POINTER(_handle)
_SIGNATURES = {
    "confetti_version": (ctypes.c_uint32,),
    "confetti_status_name": (ctypes.c_char_p, _status),
    "confetti_create": (_status, ctypes.c_int64, ctypes.c_uint64, _handle_p),
    "confetti_destroy": (_status, _handle),
    "confetti_fire_preset": (_status, _handle, ctypes.c_char_p, _c_double, _c_double, _c_double, ctypes.POINTER(Rect)),
    "confetti_fire_file": (_status, _handle, ctypes.c_char_p, _c_double, _c_double, _c_double, ctypes.POINTER(Rect)),
    "confetti_fire_json": (_status, _handle, ctypes.c_char_p, _c_double, _c_double, _c_double, ctypes.POINTER(Rect)),
    "confetti_draw": (_status, _handle, _c_double, _c_double, _c_double, _c_double),
    "confetti_draw_layer": (_status, _handle, ctypes.c_int, _c_double, _c_double, _c_double, _c_double),
    "confetti_is_idle": (_status, _handle, _c_double, ctypes.POINTER(ctypes.c_int)),
    "confetti_live_particles": (_status, _handle, _c_double, ctypes.POINTER(ctypes.c_int64)),
    "confetti_set_reduced_motion": (_status, _handle, ctypes.c_int),
    "confetti_audio": (_status, _handle, _c_double, ctypes.c_int32, _c_size, ctypes.POINTER(ctypes.c_float)),
    "confetti_add_image": (_status, _handle, ctypes.c_char_p, ctypes.POINTER(ctypes.c_uint8), ctypes.c_int32, ctypes.c_int32),
    "confetti_remove_all": (_status, _handle),
    "confetti_gpu_milliseconds": (_status, _handle, ctypes.POINTER(_c_double)),
    "confetti_preset_count": (_status, ctypes.POINTER(_c_size)),
    "confetti_preset_name": (_status, _c_size, ctypes.POINTER(ctypes.c_char_p)),
    "confetti_last_error": (_status, _handle, ctypes.c_char_p, _c_size, ctypes.POINTER(_c_size)),
}
_LAYERS = ["BEHIND_BUTTON", "OVER_BUTTON"]
_STATUSES = ["OK", "ARGUMENT", "UNKNOWN_PRESET", "EFFECT", "NO_CONTEXT", "UNSUPPORTED_CONTEXT", "LIMIT", "GL",
             "FRAMEBUFFER", "INTERNAL"]


def _declare(name):
    function = getattr(_lib, name)
    function.restype, *arguments = _SIGNATURES[name]
    function.argtypes = arguments
    return function


_c = {name[len("confetti_"):]: _declare(name) for name in _SIGNATURES}
globals().update({status: number for number, status in enumerate(_STATUSES)})
globals().update({layer: number for number, layer in enumerate(_LAYERS)})
_version, _status_name, _create, _destroy = _c["version"], _c["status_name"], _c["create"], _c["destroy"]
_fire = {kind: _c["fire_" + kind] for kind in ("preset", "file", "json")}
_draw, _is_idle, _live, _remove_all = _c["draw"], _c["is_idle"], _c["live_particles"], _c["remove_all"]
_gpu_ms, _preset_count, _preset_name, _last_error = _c["gpu_milliseconds"], _c["preset_count"], _c["preset_name"], _c["last_error"]


class ConfettiError(Exception):
    """A call the library refused: `status` (one of the constants above) and its message."""

    def __init__(self, status, message):
        super().__init__(f"{_status_name(status).decode()}: {message}")
        self.status, self.message = status, message


def last_error(handle=None):
    """The last error's message of `handle`, or of this thread's calls without one."""
    length = ctypes.c_size_t()
    _last_error(handle, None, 0, ctypes.byref(length))
    buffer = ctypes.create_string_buffer(length.value + 1)
    _last_error(handle, buffer, len(buffer), None)
    return buffer.value.decode()


def _check(status, handle=None):
    if status != OK:
        raise ConfettiError(status, last_error(handle))


def version():
    """The library's version as (major, minor, patch)."""
    number = _version()
    return number // 10000, number // 100 % 100, number % 100


def presets():
    """The presets' names, in the library's order."""
    count = ctypes.c_size_t()
    _check(_preset_count(ctypes.byref(count)))
    names = []
    for index in range(count.value):
        name = ctypes.c_char_p()
        _check(_preset_name(index, ctypes.byref(name)))
        names.append(name.value.decode())
    return names


def _text(value):
    return value.encode() if isinstance(value, str) else value


class Celebration:
    """Particles over the app's drawing, in the OpenGL context current when it is made."""

    def __init__(self, capacity=0, seed=1):
        handle = _handle()
        _check(_create(capacity, seed, ctypes.byref(handle)))
        self._handle = handle

    def close(self):
        """Frees the GL objects (the context must be current); the celebration is unusable after."""
        handle, self._handle = self._handle, None
        if handle is not None:
            _check(_destroy(handle))

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.close()

    def fire(self, preset=None, now=0.0, size=(800, 450), *, file=None, json=None, button=None):
        """One launch of a preset's name, an effect file's path or an effect's JSON text at `now`."""
        given = [(kind, value) for kind, value in (("preset", preset), ("file", file), ("json", json)) if value is not None]
        if len(given) != 1:
            raise ValueError("give one of a preset's name, file= or json=")
        kind, value = given[0]
        rect = ctypes.byref(Rect(*button)) if button is not None else None
        _check(_fire[kind](self._handle, _text(value), now, size[0], size[1], rect), self._handle)

    def draw(self, now, size, pixels_per_point=1.0):
        """Draws what is alive at `now` over the bound framebuffer; the app's GL state is kept."""
        _check(_draw(self._handle, now, size[0], size[1], pixels_per_point), self._handle)

    def draw_layer(self, layer, now, size, pixels_per_point=1.0):
        """As draw, one side of the app's button only: BEHIND_BUTTON or OVER_BUTTON."""
        _check(_c["draw_layer"](self._handle, layer, now, size[0], size[1], pixels_per_point), self._handle)

    def is_idle(self, now):
        idle = ctypes.c_int()
        _check(_is_idle(self._handle, now, ctypes.byref(idle)), self._handle)
        return bool(idle.value)

    def live_particles(self, now):
        count = ctypes.c_int64()
        _check(_live(self._handle, now, ctypes.byref(count)), self._handle)
        return count.value

    def set_reduced_motion(self, reduced):
        """True: launches fired from now on are their effect's reduced-motion version."""
        _check(_c["set_reduced_motion"](self._handle, 1 if reduced else 0), self._handle)

    def audio(self, start, sample_rate, frames):
        """`frames` stereo frames of the launches' sound from `start` (s): a list of floats,
        interleaved left, right."""
        samples = (ctypes.c_float * (2 * frames))()
        _check(_c["audio"](self._handle, start, sample_rate, frames, samples), self._handle)
        return list(samples)

    def add_image(self, name, rgba, width, height):
        """Registers `rgba` (bytes: straight RGBA, rows top first) under `name`, which effects'
        {"image": name} sprites then draw."""
        pixels = (ctypes.c_uint8 * len(rgba)).from_buffer_copy(rgba)
        _check(_c["add_image"](self._handle, _text(name), pixels, width, height), self._handle)

    def remove_all(self):
        _check(_remove_all(self._handle), self._handle)

    @property
    def gpu_milliseconds(self):
        """GPU time of an earlier draw, or None until one has come back."""
        milliseconds = ctypes.c_double()
        _check(_gpu_ms(self._handle, ctypes.byref(milliseconds)), self._handle)
        return None if milliseconds.value < 0 else milliseconds.value
