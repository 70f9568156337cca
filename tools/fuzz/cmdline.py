"""Inputs beyond one kernel source, for tilec's fuzzer: command lines,
autotune configs files, import graphs and C++ launchers.

An Input is a set of files (relative paths; input.py holds the kernel)
and tilec's arguments, run in a scratch directory holding a copy of the
files, so that a command line naming an input as an output only ever
writes over that copy. The wrappers each take a plain Input (a kernel, a
signature, a warp count, -o out.ptx) and return it changed:

  command_line   -o, --manifest, --depfile naming the input, each other or
                 /dev/full; --arch sm_80 / sm_90 (ptxas then checks that
                 architecture); odd --num-warps, --num-stages, -D, --emit
  configs_file   the kernel's constexprs moved from the signature into an
                 --autotune-configs JSON file, then mutated (values, fields,
                 syntax, nesting thousands deep)
  import_graph   the kernel's helpers moved into other files reached
                 through chains of re-exports (up to hundreds long, in
                 every import spelling, through a package), some with
                 cycles
  launcher       --emit cpp with parameters (and kernels) named like C and
                 C++ macros and keywords; the fuzzer compiles the launcher
"""

import json
import math
import re

MAIN = "input.py"


class Input:
    """Files, tilec's arguments and what the fuzzer checks afterwards."""

    def __init__(self, source, kernel, signature, warps, origin):
        self.files = {MAIN: source}
        self.args = [MAIN, "--kernel", kernel, "--signature", signature,
                     "--num-warps", str(warps), "-o", "out.ptx"]
        self.origin = origin
        self.arch = "sm_90a"       # what ptxas assembles the PTX for
        self.options = False       # `tilec: error: ...` is a right answer
        self.full = False          # an output goes to /dev/full: must fail
        self.launcher = None       # the C++ file to compile, if any

    def value(self, flag):
        """The value of the last `flag VALUE` in the arguments, or None."""
        found = None
        for i, a in enumerate(self.args[:-1]):
            if a == flag:
                found = self.args[i + 1]
        return found

    def set(self, flag, value):
        """Sets `flag VALUE` (replacing it, or appending it)."""
        for i, a in enumerate(self.args[:-1]):
            if a == flag:
                self.args[i + 1] = value
                return
        self.args += [flag, value]

    def drop(self, flag):
        """Removes every `flag VALUE`."""
        i = 0
        while i < len(self.args):
            if self.args[i] == flag and i + 1 < len(self.args):
                del self.args[i:i + 2]
            else:
                i += 1

    def source(self):
        return self.files[MAIN]


def log_uniform(rng, low, high):
    return int(math.exp(rng.uniform(math.log(low), math.log(high))))


def kernel_params(source, kernel):
    """The parameters of `def kernel(...)`: [(name, is_constexpr)]."""
    m = re.search(r"def %s\((.*?)\):" % re.escape(kernel), source, re.S)
    if not m:
        return []
    params = []
    for p in m.group(1).split(","):
        if not p.strip():
            continue
        name = p.split(":")[0].split("=")[0].strip()
        params.append((name, "constexpr" in p))
    return params


# --- command lines ---------------------------------------------------------

OUTPUT_FLAGS = ["-o", "--manifest", "--depfile"]
OUTPUT_NAMES = [MAIN, "out.ptx", "out.json", "out.d", "/dev/full",
                "/dev/full", "-", "missing/out.ptx", ".", ""]


def command_line(rng, inp):
    """One to three edits of the command line."""
    inp.options = True
    edits = rng.sample(["output", "output", "arch", "warps", "stages",
                        "define", "emit", "other"], rng.choice([1, 1, 2, 3]))
    if "output" in edits and "emit" in edits:
        edits.remove("emit")  # /dev/full must stay an output that is written
    for edit in edits:
        if edit == "output":
            flag = rng.choice(OUTPUT_FLAGS)
            name = rng.choice(OUTPUT_NAMES)
            if flag != "-o" and rng.random() < 0.5:
                name = inp.value("-o")  # two outputs, one file
            inp.set(flag, name)
        elif edit == "arch":
            inp.set("--arch", rng.choice(["sm_80", "sm_80", "sm_80", "sm_90",
                                          "sm_90", "sm_90a", "sm_100", "sm_8",
                                          "", "SM_90A"]))
        elif edit == "warps":
            inp.set("--num-warps", rng.choice(
                ["0", "3", "16", "32", "64", "-4", "1e2", "", "4.0",
                 "2147483648", "08", "1"]))
        elif edit == "stages":
            inp.set("--num-stages", rng.choice(["0", "1", "2", "7", "-1",
                                                "100", "x"]))
        elif edit == "define":
            names = [p for p, _ in kernel_params(inp.source(),
                                                 inp.value("--kernel"))]
            name = rng.choice(names + ["UNKNOWN", ""]) if names else "X"
            inp.args += ["-D", "%s=%s" % (name, rng.choice(
                ["16", "0", "-1", "3", "1e30", "nan", "True", "tl.float16",
                 "'s'", "99999999999999999999", "", "16=16"]))]
        elif edit == "emit":
            stage = rng.choice(["ast", "tile", "llvm-mlir", "llvm", "cubin",
                                "ptx"])
            inp.set("--emit", stage)
            if stage == "cubin":
                inp.set("-o", "out.cubin")
        else:
            inp.args += rng.choice([
                ["--unroll-loops", rng.choice(["0", "2", "3", "1000"])],
                ["--max-ops", rng.choice(["0", "1", "50"])],
                ["--l2-prefetch-distance", rng.choice(["0", "1", "-1"])],
                ["--fp-fusion=false"], ["--streaming-loads=false"],
                ["--two-programs-per-sm=false"], ["--debug"],
                ["--check-inline-asm=false"],
                ["--kernel", inp.value("--kernel")],
                ["--signature", inp.value("--signature")]])
    arch = inp.value("--arch")
    if arch in ("sm_80", "sm_90", "sm_90a"):
        inp.arch = arch
    written = [inp.value(f) for f in OUTPUT_FLAGS]
    inp.full = "/dev/full" in written and inp.value("--emit") in (None,
                                                                   "ptx")
    return inp


# --- autotune configs files ------------------------------------------------

EDGE_VALUES = [0, -1, 3, 2**31, 2**63, 2**64, 1e30, 1.5, -0.0, "s", None,
               True, [], {}, 10**40]


def nest(rng, value):
    """`value` inside thousands of lists or objects."""
    depth = log_uniform(rng, 100, 100000)
    if rng.random() < 0.5:
        return "[" * depth + value + "]" * depth
    return '{"a": ' * depth + value + "}" * depth


def configs_file(rng, inp):
    """Moves the constexprs bound by the signature into configs.json and
    compiles with --autotune (or --config N) from it, the file mutated."""
    params = kernel_params(inp.source(), inp.value("--kernel"))
    entries = inp.value("--signature").split(",")
    kwargs, runtime, kept = {}, [], []
    for (name, constexpr), entry in zip(params, entries):
        if constexpr and re.fullmatch(r"-?\d+", entry):
            kwargs[name] = int(entry)
        else:
            kept.append(entry)
            if not constexpr and not entry.startswith("*"):
                runtime.append(name)
    if not kwargs:
        return None
    inp.options = True
    configs = []
    for _ in range(rng.choice([1, 2, 2, 3, 4])):
        c = {"kwargs": {k: rng.choice([v, v, 16, 64, 128, 256, 1024])
                        for k, v in kwargs.items()},
             "num_warps": rng.choice([1, 2, 4, 8]),
             "num_stages": rng.choice([1, 2, 3, 4])}
        configs.append(c)
    doc = {"key": runtime[:1] or [], "configs": configs}
    edit = rng.choice(["value", "value", "field", "key", "none", "many",
                       "nest", "text"])
    c = rng.choice(configs)
    if edit == "value":
        where = rng.choice(["kwargs", "num_warps", "num_stages"])
        if where == "kwargs":
            c["kwargs"][rng.choice(list(c["kwargs"]))] = rng.choice(
                EDGE_VALUES)
        else:
            c[where] = rng.choice(EDGE_VALUES)
    elif edit == "field":
        if rng.random() < 0.5:
            del c[rng.choice(list(c))]
        else:
            c[rng.choice(["num_warp", "num_ctas", "maxnreg", "pre_hook",
                          ""])] = 1
    elif edit == "key":
        doc["key"] = rng.choice([[], ["nosuch"], list(kwargs)[:1],
                                 "n", [1], None, runtime * 2])
    elif edit == "many":
        doc["configs"] = configs * rng.choice([4, 8])
    text = json.dumps(doc)
    if edit == "nest":
        text = text.replace('"num_warps": ', '"num_warps": %s, "x": ' % nest(
            rng, "4"), 1) if rng.random() < 0.3 else nest(rng, text)
    elif edit == "text":
        cut = rng.randrange(len(text))
        text = rng.choice([text[:cut], text[:cut] + "," + text[cut:],
                           "\ufeff" + text, text + "}",
                           text.replace('"num_warps": ', '"num_warps": 4, '
                                        '"num_warps": ', 1),
                           text.replace(" ", "\n// comment\n", 1),
                           text.replace("[", "[[", 1), "", "null", "[]"])
    inp.files["configs.json"] = text
    inp.set("--signature", ",".join(kept))
    inp.drop("--num-warps")
    inp.args += ["--autotune-configs", "configs.json"]
    if rng.random() < 0.8:
        inp.args.append("--autotune")
        inp.set("-o", "out.json")
    else:
        inp.args += ["--config", rng.choice(["0", "0", "1", "-1", "99",
                                             "x"])]
    return inp


# --- import graphs ---------------------------------------------------------

JIT_FUNCTION = re.compile(r"(?:@[^\n]*\n)*@triton\.jit\ndef (\w+)\(.*?"
                          r"(?=\n(?:@|\S)|\Z)", re.S)
HEADER = "import triton\nimport triton.language as tl\n\n\n"


def import_graph(rng, inp):
    """The kernel's @triton.jit helpers (an identity helper if it has
    none) move into lib.py, which input.py reaches through a chain of
    modules that re-export them."""
    source, kernel = inp.source(), inp.value("--kernel")
    helpers = [m for m in JIT_FUNCTION.finditer(source)
               if m.group(1) != kernel]
    if not helpers:
        helper = "@triton.jit\ndef ident(a):\n    return a\n"
        source = source.replace("\n    x = tl.load(",
                                "\n    x = ident(tl.load(")
        source = re.sub(r"(x = ident\(tl\.load\([^\n]*)\)\n", r"\1))\n",
                        source, count=1)
        names, defs = ["ident"], [helper]
    else:
        names = [m.group(1) for m in helpers]
        defs = [m.group(0).rstrip() + "\n" for m in helpers]
        for m in reversed(helpers):
            source = source[:m.start()] + source[m.end():]
    length = log_uniform(rng, 1, 500)
    package = rng.random() < 0.2
    prefix = "pkg/" if package else ""
    modules = ["%sm%d" % (prefix, i) for i in range(length)]
    shape = rng.choice(["chain", "chain", "chain", "cycle", "benign cycle",
                        "star"])
    listed = ", ".join(names)

    def from_import(target, here):
        """An import of `names` from module `target` written in `here`."""
        rel = target.split("/")[-1]
        if here.startswith("pkg/") and not target.startswith("pkg/"):
            rel = ".." + rel
        elif not here.startswith("pkg/") and target.startswith("pkg/"):
            rel = ".pkg." + rel
        else:
            rel = rng.choice([".", ""]) + rel
        if shape == "star" or rng.random() < 0.1:
            return "from %s import *\n" % rel
        if rng.random() < 0.2:
            return "from %s import (%s)\n" % (
                rel, ", ".join("%s as %s" % (n, n) for n in names))
        return "from %s import %s\n" % (rel, listed)

    first = modules[0]
    spelled = rng.random()
    if spelled < 0.2 and not package:  # import m0; m0.helper(...)
        header = "import %s\n" % first
        for n in names:  # calls, and combine functions passed by name
            source = re.sub(r"(?<![\w.])%s\b" % n, "%s.%s" % (first, n),
                            source)
    else:
        header = from_import(first, MAIN)
    source = source.replace("import triton.language as tl\n",
                            "import triton.language as tl\n" + header, 1)
    inp.files[MAIN] = source
    for i, module in enumerate(modules):
        last = i == len(modules) - 1
        if not last:
            text = HEADER + from_import(modules[i + 1], module)
        elif shape == "cycle":  # nobody defines the helpers
            text = HEADER + from_import(modules[0], module)
        else:
            text = HEADER + "\n\n".join(defs)
            if shape == "benign cycle":
                text = text.replace(HEADER, HEADER + from_import(
                    modules[0], module), 1)
        inp.files[module + ".py"] = text
    if package:
        inp.files["pkg/__init__.py"] = ""
    if rng.random() < 0.3:
        inp.args += ["--depfile", "out.d"]
    inp.origin += ", imports: %s of %d modules%s" % (
        shape, length, " in pkg/" if package else "")
    return inp


# --- C++ launchers ---------------------------------------------------------

CXX_NAMES = [
    # C and C++ macros of the standard headers, and the CUDA driver's
    "NULL", "EOF", "INT32_MAX", "INT_MAX", "SIZE_MAX", "UINT64_MAX",
    "CHAR_BIT", "BUFSIZ", "stdin", "stdout", "stderr", "errno", "offsetof",
    "INFINITY", "NAN", "HUGE_VAL", "EXIT_SUCCESS", "RAND_MAX", "FLT_MAX",
    "__LINE__", "__FILE__", "__cplusplus", "linux", "unix", "major",
    "minor", "NDEBUG", "TRUE", "CUDA_VERSION", "CU_LAUNCH_PARAM_END",
    "setjmp", "va_arg",
    # C++ keywords and alternative tokens that Python allows as names
    "new", "delete", "this", "template", "typename", "namespace",
    "operator", "private", "public", "virtual", "struct", "union", "enum",
    "const", "volatile", "static", "auto", "register", "signed",
    "unsigned", "char", "short", "long", "double", "void", "switch", "case",
    "default", "goto", "do", "sizeof", "typedef", "friend", "inline",
    "explicit", "mutable", "throw", "catch", "nullptr", "decltype",
    "static_assert", "alignof", "alignas", "noexcept", "thread_local",
    "wchar_t", "char8_t", "true", "false", "export", "concept", "requires",
    "co_await", "co_return", "bitand", "bitor", "compl", "not_eq", "xor",
    "and_eq", "or_eq", "xor_eq", "final", "override", "int", "bool",
    # names the launcher itself uses
    "grid", "stream", "grid_", "stream_", "kPtx", "kParams", "kInfo",
    "kConstexprs", "tilec", "rt", "std", "launch", "args", "params",
    "PointerArg", "ScalarArg", "Grid", "LaunchStream", "EmbeddedKernel",
    "uint32_t", "int32_t", "size_t", "half", "bfloat16", "_", "__x",
    "a__b", "_Reserved", "main"]

PRELUDE = ("#include <cassert>\n#include <cerrno>\n#include <climits>\n"
           "#include <cmath>\n#include <csetjmp>\n#include <cstdarg>\n"
           "#include <cstddef>\n#include <cstdint>\n#include <cstdio>\n"
           "#include <cstdlib>\n")


def launcher(rng, inp):
    """--emit cpp -o k.h with parameters renamed to C/C++ names (those the
    source does not already use); the fuzzer compiles a file that includes
    the standard headers and then the launcher's .cpp."""
    source, kernel = inp.source(), inp.value("--kernel")
    taken = set(re.findall(r"\w+", source))
    free = [n for n in CXX_NAMES if n not in taken]
    rng.shuffle(free)
    renames = {}
    for name, constexpr in kernel_params(source, kernel):
        if free and rng.random() < (0.3 if constexpr else 0.7):
            renames[name] = free.pop()
    if free and rng.random() < 0.2:
        renames[kernel] = free.pop()
        inp.options = True  # a kernel name C++ cannot spell needs a name
    for old, new in renames.items():
        source = re.sub(r"\b%s\b" % re.escape(old), new, source)
    inp.files[MAIN] = source
    inp.set("--kernel", renames.get(kernel, kernel))
    inp.set("--emit", "cpp")
    inp.set("-o", "k.h")
    if rng.random() < 0.15:
        inp.options = True
        inp.args += ["--launcher-name", rng.choice(CXX_NAMES)]
    if rng.random() < 0.15:  # a variant without the hints, listed last
        inp.args += ["--signature", re.sub(r":\d+", "",
                                           inp.value("--signature"))]
    inp.files["launcher-check.cpp"] = PRELUDE + '#include "k.cpp"\n'
    inp.launcher = "launcher-check.cpp"
    inp.origin += ", launcher: " + ", ".join(
        "%s->%s" % kv for kv in sorted(renames.items()))
    return inp
