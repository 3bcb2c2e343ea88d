"""Hostile pictures and limits through the C library: each returns a status and a message, and
the host process goes on."""
import pytest

import confetti
from confetti import Celebration
import headless_gl as gl
from binding_checks import SIZE, refused

# A path whose extent is so small that scaling it to a mask overflowed (an abort of the host).
TINY_PATH = '{"kind":"confetti","confetti":{"sprites":[{"path":"M0 0 L1e-306 0 L0 1e-306 Z"}]}}'


def test_a_path_of_tiny_extent_is_refused_from_json_and_from_a_file(framebuffer, tmp_path):
    with Celebration(capacity=1024) as celebration:
        refused(confetti.EFFECT, lambda: celebration.fire(json=TINY_PATH, now=0, size=SIZE), "spans", "scale its coordinates up")
        tiny = tmp_path / "tiny.json"
        tiny.write_text(TINY_PATH)
        refused(confetti.EFFECT, lambda: celebration.fire(file=str(tiny), now=0, size=SIZE), "tiny.json", "spans")
        assert celebration.is_idle(0.1), "nothing was launched"
        celebration.fire("confetti", 0, SIZE)
        assert not celebration.is_idle(0.1), "the celebration still works"


def test_a_capacity_beyond_the_rings_is_a_limit_and_a_negative_one_an_argument(framebuffer):
    refused(confetti.LIMIT, lambda: Celebration(capacity=8134408), "8134407")
    refused(confetti.ARGUMENT, lambda: Celebration(capacity=-1), "capacity")


def test_destroy_without_its_context_says_the_handle_is_gone_not_to_try_again():
    context = gl.Context()
    try:
        leftover = Celebration(capacity=1024)
        gl.Context.release()
        message = refused(confetti.NO_CONTEXT, leftover.close, "freed")
        assert "make current" not in message, message
    finally:
        context.destroy()
