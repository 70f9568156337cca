"""Writes kernels that nest deeper than the front end follows, and deep
ones within its limits, into the directory given (nesting.py runs them).

chain_N.py       N @triton.jit helpers, each calling the next
minus.py         10 helpers, each `return -...-(next(x))` 990 minus signs deep
nested_ifs.py    20 helpers, each with 98 nested `if True:` around the next call
guards.py        300 `if n == k: return k` in a row (each nests the rest)
elif_N.py        an if with N - 1 elifs on a runtime value
exports/         a kernel importing f through 33 modules that re-export it
imports/         a kernel importing from a chain of 300 files
parens.py        an expression of 1000 nested unary minus signs
"""
import os
import sys

HEADER = "import triton\nimport triton.language as tl\n\n\n"
out = sys.argv[1]
os.makedirs(out, exist_ok=True)


def write(name, text):
    path = os.path.join(out, name)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def chain(n):
    text = HEADER
    for i in range(n):
        body = f"h{i + 1}(x) + 1" if i + 1 < n else "x"
        text += f"@triton.jit\ndef h{i}(x):\n    return {body}\n\n\n"
    text += ("@triton.jit\ndef kernel(x_ptr):\n"
             "    tl.store(x_ptr, h0(tl.load(x_ptr)))\n")
    return text


write("chain_100.py", chain(100))
write("chain_1500.py", chain(1500))

text = HEADER
for i in range(10):
    inner = f"h{i + 1}(x)" if i < 9 else "x"
    text += (f"@triton.jit\ndef h{i}(x):\n    return " + "-" * 990 +
             f"({inner})\n\n\n")
text += "@triton.jit\ndef kernel(x_ptr):\n    tl.store(x_ptr, h0(tl.load(x_ptr)))\n"
write("minus.py", text)

text = HEADER
for i in range(20):
    text += f"@triton.jit\ndef h{i}(x, n):\n"
    for d in range(98):
        text += "    " * (d + 1) + "if True:\n"
    inner = f"x = h{i + 1}(x, n)" if i < 19 else "x = x + 1"
    text += "    " * 99 + inner + "\n    return x\n\n\n"
text += ("@triton.jit\ndef kernel(x_ptr, n):\n"
         "    tl.store(x_ptr, h0(tl.load(x_ptr), n))\n")
write("nested_ifs.py", text)

text = HEADER + "@triton.jit\ndef value(n):\n"
for k in range(300):
    text += f"    if n == {k}:\n        return {k}\n"
text += ("    return -1\n\n\n@triton.jit\ndef kernel(x_ptr, n):\n"
         "    tl.store(x_ptr, value(n))\n")
write("guards.py", text)


def elifs(n):
    text = HEADER + "@triton.jit\ndef kernel(x_ptr, n):\n    v = 0\n"
    for k in range(n):
        text += f"    {'if' if k == 0 else 'elif'} n == {k}:\n        v = {k}\n"
    return text + "    tl.store(x_ptr, v)\n"


write("elif_5000.py", elifs(5000))

for i in range(33):
    source = "def f(x):\n    return x + 1\n" if i == 32 else ""
    imports = "" if i == 32 else f"from .m{i + 1} import f\n"
    write(f"exports/m{i}.py",
          "import triton\n\n" + imports + ("\n@triton.jit\n" + source
                                             if source else ""))
write("exports/kernel.py",
      HEADER.replace("\n\n\n", "\n") + "from .m0 import f\n\n\n"
      "@triton.jit\ndef kernel(x_ptr):\n    tl.store(x_ptr, f(tl.load(x_ptr)))\n")

for i in range(300):
    body = f"from .n{i + 1} import g\n" if i < 299 else (
        "\n@triton.jit\ndef g(x):\n    return x\n")
    write(f"imports/n{i}.py", "import triton\n" + body)
write("imports/kernel.py",
      HEADER.replace("\n\n\n", "\n") + "from .n0 import g\n\n\n"
      "@triton.jit\ndef kernel(x_ptr):\n    tl.store(x_ptr, g(tl.load(x_ptr)))\n")

write("parens.py", HEADER + "@triton.jit\ndef kernel(x_ptr):\n"
      "    tl.store(x_ptr, " + "-" * 1000 + "1)\n")
