# The binding (one folder up) and the EGL helper (here) import as plain modules.
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.dirname(here)]

import pytest

import headless_gl as gl
from binding_checks import SIZE


# A headless EGL context for one test, and an offscreen framebuffer bound in it.
@pytest.fixture
def context():
    made = gl.Context()
    yield made
    made.destroy()


@pytest.fixture
def framebuffer(context):
    return gl.Framebuffer(*SIZE)
