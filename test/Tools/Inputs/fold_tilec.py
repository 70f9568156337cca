#!/usr/bin/env python3
"""A stand-in for tilec in fuzz-fold.py: reads fold.py's kernels, prints
each expression's value as tl.static_print would, with Python, except for
two planted faults: -0.0 prints as 0.0, and an octal literal (0o17) is a
located error, as a lexer without them would give."""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "tools", "fuzz"))
import fold  # noqa: E402

path = sys.argv[1]
printed = []
with open(path) as f:
    lines = f.read().split("\n")
for number, line in enumerate(lines, 1):
    m = re.match(r"\s*X(\d+): tl\.constexpr = (.*)$", line) or \
        re.match(r"\s*'X(\d+)': lambda args: (.*?),?$", line)
    if not m:
        continue
    text = m.group(2)
    if "0o" in text:
        sys.stderr.write("%s:%d:5: error: invalid literal\n" % (path, number))
        sys.exit(1)
    kind, value = fold.reference(text, 4096)
    if kind == "error":
        sys.stderr.write("%s:%d:5: error: %s\n" % (path, number, value))
        sys.exit(1)
    printed.append("e%s %s" % (m.group(1), "0.0" if value == "-0.0" else value))
sys.stderr.write("\n".join(printed) + "\n")
