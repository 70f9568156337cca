# Re-exports f from cycle_b.py, which re-exports it from here.
from .cycle_b import f
