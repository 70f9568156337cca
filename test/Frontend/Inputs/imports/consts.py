# Globals that test/Frontend/globals.py reads through imports.
import triton.language as tl

BLOCK_DEFAULT = tl.constexpr(256)
OFFSET = tl.constexpr(BLOCK_DEFAULT // 2)
