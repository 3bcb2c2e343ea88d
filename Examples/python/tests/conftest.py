# The binding (one folder up) and the EGL helper (here) import as plain modules.
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [here, os.path.dirname(here)]
