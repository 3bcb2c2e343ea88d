"""The C library through its Python binding: drawing over the app's own pixels with its GL state
kept, and every hostile call refused with a status and a message instead of a crash."""
import ctypes
import math
import os
import subprocess
import sys
import threading

import pytest

import confetti
from confetti import Celebration, ConfettiError
import headless_gl as gl
from binding_checks import SIZE, refused

TEAL = (26, 89, 102)


def test_the_version_and_presets_come_from_the_library():
    # The one version, confetti.h's.
    header = open(os.path.join(os.path.dirname(__file__), "../../../CAPI/confetti.h")).read()
    parts = {line.split()[1]: int(line.split()[2]) for line in header.splitlines() if line.startswith("#define CONFETTI_VERSION_")}
    assert confetti.version() == tuple(parts["CONFETTI_VERSION_" + part] for part in ("MAJOR", "MINOR", "PATCH"))
    names = confetti.presets()
    assert "confetti" in names and "celebration" in names and len(names) == len(set(names)) > 20


def test_confetti_is_drawn_over_the_apps_own_pixels_and_its_gl_state_is_kept(framebuffer):
    framebuffer.clear(TEAL)
    # State of the app's own: a vertex array and buffer bound, texture unit 3 active, its viewport.
    vao, buffer = ctypes.c_uint(), ctypes.c_uint()
    gl._gl("glGenVertexArrays", None, ctypes.c_int, ctypes.POINTER(ctypes.c_uint))(1, ctypes.byref(vao))
    gl._gl("glBindVertexArray", None, ctypes.c_uint)(vao.value)
    gl._gl("glGenBuffers", None, ctypes.c_int, ctypes.POINTER(ctypes.c_uint))(1, ctypes.byref(buffer))
    gl._gl("glBindBuffer", None, ctypes.c_uint, ctypes.c_uint)(gl.GL_ARRAY_BUFFER, buffer.value)
    gl._gl("glActiveTexture", None, ctypes.c_uint)(gl.GL_TEXTURE3)
    framebuffer.viewport(0, 0, *SIZE)
    state = lambda: (framebuffer.integers(gl.GL_DRAW_FRAMEBUFFER_BINDING), framebuffer.integers(gl.GL_READ_FRAMEBUFFER_BINDING),
                     framebuffer.integers(gl.GL_VERTEX_ARRAY_BINDING), framebuffer.integers(gl.GL_ARRAY_BUFFER_BINDING),
                     framebuffer.integers(gl.GL_ACTIVE_TEXTURE), framebuffer.integers(gl.GL_VIEWPORT, 4))
    before = state()
    assert before[0] == framebuffer.framebuffer.value != 0
    with Celebration(capacity=4096, seed=7) as celebration:
        assert celebration.is_idle(100.0)
        celebration.fire("confetti", 100.0, SIZE)
        celebration.fire(json='{"kind": "confetti", "confetti": {"count": 40}}', now=100.0, size=SIZE)
        assert state() == before, "fire keeps the app's bindings"
        celebration.draw(100.8, SIZE, 1.0)
        assert state() == before, "draw keeps the app's framebuffer (not 0), vertex array, buffer, texture unit, viewport"
        assert framebuffer.get_error() == gl.GL_NO_ERROR
        assert celebration.live_particles(100.8) > 40 and not celebration.is_idle(100.8)
        pixels = framebuffer.pixels()
        teal = sum(1 for p in pixels if max(abs(a - b) for a, b in zip(p, TEAL)) <= 2)
        painted = len(pixels) - teal
        assert teal > len(pixels) // 2, "the app's clear colour is still most of the picture"
        assert painted > 300, f"confetti over it: {painted} pixels"
        assert len({p for p in pixels}) > 20, "in the presets' many colours"
        celebration.remove_all()
        assert celebration.live_particles(100.8) == 0 and celebration.is_idle(100.8)


def test_the_gpu_time_of_an_earlier_draw_comes_back(framebuffer):
    with Celebration(capacity=1024) as celebration:
        assert celebration.gpu_milliseconds is None
        celebration.fire("classic", 0.0, SIZE)
        for frame in range(8):
            celebration.draw(frame / 60, SIZE)
            framebuffer.pixels()  # a finished frame, as a swap would make it
        assert celebration.gpu_milliseconds is not None and celebration.gpu_milliseconds >= 0


def test_an_unknown_preset_a_bad_effect_file_and_bad_json_are_refused_by_name(framebuffer, tmp_path):
    with Celebration(capacity=1024) as celebration:
        refused(confetti.UNKNOWN_PRESET, lambda: celebration.fire("confeti", 0, SIZE), "confeti", "confetti")
        refused(confetti.EFFECT, lambda: celebration.fire(file=str(tmp_path / "missing.json"), now=0, size=SIZE), "missing.json")
        broken = tmp_path / "broken.json"
        broken.write_text('{"kind": "confetti", "confetti": {"count": -1}}')
        refused(confetti.EFFECT, lambda: celebration.fire(file=str(broken), now=0, size=SIZE), "broken.json", "count")
        refused(confetti.EFFECT, lambda: celebration.fire(file=str(tmp_path), now=0, size=SIZE))
        refused(confetti.EFFECT, lambda: celebration.fire(json="{not json", now=0, size=SIZE), "JSON")
        refused(confetti.EFFECT, lambda: celebration.fire(json='{"kind": "volcano"}', now=0, size=SIZE), "kind")
        assert celebration.live_particles(0.1) == 0, "nothing was launched"
        good = tmp_path / "good.json"
        good.write_text('{"kind": "confetti", "confetti": {"count": 25}}')
        celebration.fire(file=str(good), now=0, size=SIZE)
        assert celebration.live_particles(0.1) == 25


def test_null_and_non_utf8_strings_are_refused(framebuffer):
    with Celebration(capacity=1024) as celebration:
        for kind in ("preset", "file", "json"):
            status = confetti._fire[kind](celebration._handle, None, 0.0, 320.0, 180.0, None)
            assert status == confetti.ARGUMENT and "null" in confetti.last_error(celebration._handle)
            status = confetti._fire[kind](celebration._handle, b"conf\xffetti", 0.0, 320.0, 180.0, None)
            assert status == confetti.ARGUMENT and "UTF-8" in confetti.last_error(celebration._handle)


def test_negative_nan_and_infinite_sizes_and_times_are_refused(framebuffer):
    with Celebration(capacity=1024) as celebration:
        for size in [(-1, 180), (320, 0), (math.nan, 180), (320, math.inf), (1e300, 180)]:
            refused(confetti.ARGUMENT, lambda: celebration.fire("confetti", 0, size), "viewport")
            refused(confetti.ARGUMENT, lambda: celebration.draw(0, size), "viewport")
        for scale in (0, -2, math.nan, math.inf):
            refused(confetti.ARGUMENT, lambda: celebration.draw(0, SIZE, scale), "pixels_per_point")
        for now in (math.nan, math.inf, -math.inf, -1, -1e-300, 2e10, 1e300):
            refused(confetti.ARGUMENT, lambda: celebration.fire("confetti", now, SIZE), "time")
            refused(confetti.ARGUMENT, lambda: celebration.draw(now, SIZE), "time")
            refused(confetti.ARGUMENT, lambda: celebration.is_idle(now), "time")
            refused(confetti.ARGUMENT, lambda: celebration.live_particles(now), "time")
        for button in [(0, 0, -5, 10), (math.nan, 0, 10, 10), (0, 0, math.inf, 10)]:
            refused(confetti.ARGUMENT, lambda: celebration.fire("peony", 0, SIZE, button=button), "button")
        celebration.fire("peony", 0, SIZE, button=(100, 80, 120, 40))
        assert celebration.live_particles(1.0) > 0
    for capacity in (-1, -(2 ** 63)):
        refused(confetti.ARGUMENT, lambda: Celebration(capacity=capacity), "capacity")
    for capacity in (8134408, 2 ** 40):
        refused(confetti.LIMIT, lambda: Celebration(capacity=capacity), "capacity")


def test_a_launch_beyond_the_rings_is_refused_and_changes_nothing(framebuffer):
    with Celebration(capacity=16) as celebration:
        refused(confetti.LIMIT, lambda: celebration.fire("confetti", 0, SIZE), "capacity")
        assert celebration.is_idle(0.1)


def test_a_null_or_destroyed_handle_and_null_outputs_are_refused(framebuffer):
    null = None
    for status in (confetti._draw(null, 0, 320, 180, 1), confetti._remove_all(null), confetti._destroy(null),
                   confetti._fire["preset"](null, b"confetti", 0, 320, 180, None)):
        assert status == confetti.ARGUMENT
        assert "null" in confetti.last_error()
    celebration = Celebration(capacity=1024)
    handle = celebration._handle
    celebration.close()
    assert confetti._draw(handle, 0, 320, 180, 1) == confetti.ARGUMENT
    assert "destroyed" in confetti.last_error()
    assert confetti._destroy(handle) == confetti.ARGUMENT, "a second destroy is refused, not a double free"
    with Celebration(capacity=1024) as celebration:
        assert confetti._is_idle(celebration._handle, 0, None) == confetti.ARGUMENT
        assert confetti._live(celebration._handle, 0, None) == confetti.ARGUMENT
        assert confetti._gpu_ms(celebration._handle, None) == confetti.ARGUMENT
    assert confetti._create(0, 1, None) == confetti.ARGUMENT
    assert confetti._preset_count(None) == confetti.ARGUMENT
    name = ctypes.c_char_p()
    assert confetti._preset_name(10 ** 6, ctypes.byref(name)) == confetti.ARGUMENT and name.value is None
    assert confetti._last_error(None, None, 16, None) == confetti.ARGUMENT


def test_each_handle_keeps_its_own_last_error_and_messages_are_cut_at_a_character(framebuffer):
    first, second = Celebration(capacity=1024), Celebration(capacity=1024)
    try:
        refused(confetti.UNKNOWN_PRESET, lambda: first.fire("nope", 0, SIZE))
        second.fire("confetti", 0, SIZE)
        assert "nope" in confetti.last_error(first._handle)
        assert confetti.last_error(second._handle) == "", "a call that succeeds clears its handle's error"
        # The viewport message has a '≤' (3 bytes in UTF-8): a buffer that ends inside it gets none of it.
        refused(confetti.ARGUMENT, lambda: first.draw(0, (-1, 1)))
        whole = confetti.last_error(first._handle).encode()
        cut_at = whole.index("≤".encode()) + 2
        buffer = ctypes.create_string_buffer(cut_at + 1)
        length = ctypes.c_size_t()
        assert confetti._last_error(first._handle, buffer, len(buffer), ctypes.byref(length)) == confetti.OK
        assert length.value == len(whole) and buffer.value == whole[:cut_at - 2]
    finally:
        first.close()
        second.close()


def test_reduced_motion_fires_half_the_pieces(framebuffer):
    with Celebration(capacity=1024) as celebration:
        celebration.fire("confetti", 0, SIZE)
        full = celebration.live_particles(0.1)
        celebration.remove_all()
        celebration.set_reduced_motion(True)
        celebration.fire("confetti", 0, SIZE)
        assert (full, celebration.live_particles(0.1)) == (30, 15)


def test_the_two_layers_in_turn_are_the_whole_draw(framebuffer):
    with Celebration(capacity=1024) as celebration:
        celebration.fire("classic", 0, SIZE)
        framebuffer.clear((0, 0, 0))
        celebration.draw(0.1, SIZE)
        whole = framebuffer.pixels()
        framebuffer.clear((0, 0, 0))
        celebration.draw_layer(confetti.BEHIND_BUTTON, 0.1, SIZE)
        behind = sum(1 for pixel in framebuffer.pixels() if max(pixel) > 16)
        celebration.draw_layer(confetti.OVER_BUTTON, 0.1, SIZE)
        assert framebuffer.pixels() == whole and behind > 50
        refused(confetti.ARGUMENT, lambda: celebration.draw_layer(2, 0.1, SIZE), "side")


def test_the_sound_comes_as_the_same_samples_for_the_same_call(framebuffer):
    with Celebration(capacity=1024) as celebration:
        celebration.fire("peony", 1, SIZE)
        samples = celebration.audio(1, 44100, 88200)
        assert len(samples) == 2 * 88200 and 0.01 < max(abs(x) for x in samples) <= 0.892
        assert celebration.audio(1, 44100, 88200) == samples
        assert set(celebration.audio(0, 44100, 100)) == {0.0}, "silence before the launch"
        refused(confetti.ARGUMENT, lambda: celebration.audio(1, 1000, 10), "sample rate")
        celebration.remove_all()
        assert set(celebration.audio(1, 44100, 4410)) == {0.0}, "forgotten with its launch"


def test_a_picture_from_memory_is_drawn_where_an_effect_names_it(framebuffer):
    effect = '{"kind": "confetti", "confetti": {"count": 30, "sprites": [{"image": "badge", "size": 24}]}}'
    with Celebration(capacity=1024) as celebration:
        refused(confetti.EFFECT, lambda: celebration.fire(json=effect, now=0, size=SIZE), "badge")
        celebration.add_image("badge", bytes([255, 0, 255, 255]) * (16 * 16), 16, 16)
        celebration.fire(json=effect, now=0, size=SIZE)
        framebuffer.clear((0, 0, 0))
        celebration.draw(0.4, SIZE)
        magenta = sum(1 for r, g, b in framebuffer.pixels() if r > 200 and g < 40 and b > 200)
        assert magenta > 150, magenta
        refused(confetti.EFFECT, lambda: celebration.add_image("ghost", bytes(16 * 16 * 4), 16, 16), "transparent")


def test_errors_without_a_handle_are_kept_per_thread():
    assert confetti._preset_count(None) == confetti.ARGUMENT
    seen = []
    thread = threading.Thread(target=lambda: seen.append(confetti.last_error()))
    thread.start()
    thread.join()
    assert seen == [""] and "count" in confetti.last_error()


def test_no_current_context_is_refused_for_create_fire_draw_and_destroy():
    gl.Context.release()
    refused(confetti.NO_CONTEXT, lambda: Celebration(), "no OpenGL context")
    context = gl.Context()
    try:
        celebration = Celebration(capacity=1024)
        gl.Context.release()
        refused(confetti.NO_CONTEXT, lambda: celebration.fire("confetti", 0, SIZE), "no OpenGL context")
        refused(confetti.NO_CONTEXT, lambda: celebration.draw(0, SIZE), "no OpenGL context")
        assert celebration.is_idle(0), "what needs no GL works without a context"
        # Another context current: the celebration's GL objects are not in it.
        other = gl.Context()
        refused(confetti.NO_CONTEXT, lambda: celebration.draw(0, SIZE), "another OpenGL context")
        other.destroy()
        context.make_current()
        celebration.fire("confetti", 0, SIZE)
        celebration.close()
        # Destroyed without its context: the handle is gone all the same, the GL objects left
        # to the context.
        leftover = Celebration(capacity=1024)
        handle = leftover._handle
        gl.Context.release()
        refused(confetti.NO_CONTEXT, leftover.close, "no OpenGL context")
        assert confetti._remove_all(handle) == confetti.ARGUMENT and "destroyed" in confetti.last_error()
    finally:
        context.destroy()


def test_an_opengl_es_context_is_refused():
    context = gl.Context(version=(3, 0), es=True)
    try:
        assert "OpenGL ES" in context.version
        refused(confetti.UNSUPPORTED_CONTEXT, lambda: Celebration(), "OpenGL ES", "3.3")
    finally:
        context.destroy()


def test_an_opengl_3_2_context_is_refused():
    # Mesa makes the newest version it has whatever is asked; its override makes a real 3.2.
    here = os.path.dirname(os.path.abspath(__file__))
    script = ("import headless_gl as gl, confetti\n"
              "context = gl.Context(version=(3, 2))\n"
              "assert context.version.startswith('3.2'), context.version\n"
              "try:\n    confetti.Celebration()\nexcept confetti.ConfettiError as error:\n"
              "    print(error.status, error.message)\n")
    environment = dict(os.environ, MESA_GL_VERSION_OVERRIDE="3.2", PYTHONPATH=os.pathsep.join([here, os.path.dirname(here)]))
    done = subprocess.run([sys.executable, "-c", script], env=environment, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{confetti.UNSUPPORTED_CONTEXT} ") and "OpenGL 3.2" in done.stdout and "3.3" in done.stdout


def test_threads_sharing_a_handle_each_read_their_own_message(framebuffer):
    # ctypes lets go of the GIL during each call: these threads are in the library at once.
    with Celebration(capacity=1024) as celebration:
        handle = celebration._handle
        messages = {b"nope": "unknown preset 'nope'", b"conf\xffetti": "the preset's name is not UTF-8 text"}
        torn = []

        def hammer(name):
            buffer = ctypes.create_string_buffer(4096)
            for _ in range(300):
                confetti._fire["preset"](handle, name, 0.0, 320.0, 180.0, None)
                assert confetti._last_error(handle, buffer, len(buffer), None) == confetti.OK
                text = buffer.value.decode()
                # The last error is kept per thread: this thread's own message, whatever the
                # others' calls on the handle did meanwhile.
                if not text.startswith(messages[name]):
                    torn.append(text)
                idle = ctypes.c_int()
                assert confetti._is_idle(handle, 0.0, ctypes.byref(idle)) == confetti.OK

        threads = [threading.Thread(target=hammer, args=(name,)) for name in list(messages) * 2]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert torn == [], torn[:3]
        assert confetti._fire["preset"](handle, b"nope", 0.0, 320.0, 180.0, None) == confetti.UNKNOWN_PRESET
        assert confetti.last_error(handle).startswith(messages[b"nope"])


def test_a_handle_destroyed_while_other_threads_draw_with_it_is_refused_not_followed(framebuffer):
    # Threads that found the handle just before it was destroyed wait for it, then are refused.
    celebration = Celebration(capacity=1024)
    celebration.fire("confetti", 0.0, SIZE)
    handle, statuses = celebration._handle, []
    started = threading.Barrier(5)

    def ask():
        started.wait()
        for _ in range(2000):
            count = ctypes.c_int64()
            statuses.append(confetti._live(handle, 0.5, ctypes.byref(count)))

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    started.wait()
    celebration.close()
    for thread in threads:
        thread.join()
    assert set(statuses) <= {confetti.OK, confetti.ARGUMENT} and statuses[-1] == confetti.ARGUMENT
