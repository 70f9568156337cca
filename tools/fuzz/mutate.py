"""Mutator of the repository's kernels for tilec's fuzzer.

seeds(root) finds the example and GPU-test kernels; mutate(rng, seed)
returns (source, kernel, signature): the source with a few random edits
(tokens and lines deleted, duplicated or swapped, numbers changed) and a
signature guessed from the kernel's parameter names, so that most mutants
get past signature binding into the rest of the compiler.
mutate_signature(rng, signature) edits a signature: entries missing,
extra, of wrong types, with odd hints. mutate_values(rng, text) puts the
values an independent fuzzer found faults with into a kernel: dtypes of
every kind, large and edge constants, loads round-tripped through fp8.
"""

import glob
import os
import re

TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|"
                   r"\*\*|//|<<|>>|[<>=!]=|\S")
NUMBER = re.compile(r"\b\d+(?:\.\d*)?\b")
INTERESTING = ["0", "1", "-1", "2", "3", "16", "17", "1024", "65536",
               "2**31", "2**63 - 1", "-2**63", "1e30", "0.0", "1.5",
               "float('nan')", "True", "None"]


class Seed:
    def __init__(self, path, text, kernels):
        self.path, self.text, self.kernels = path, text, kernels


def seeds(root):
    """Every file under examples/ and test/gpu/kernels/ with a kernel:
    Seed(path, text, [(name, params)])."""
    paths = sorted(glob.glob(os.path.join(root, "examples", "**", "*.py"),
                             recursive=True) +
                   glob.glob(os.path.join(root, "test", "gpu", "kernels",
                                          "*.py")))
    found = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        kernels = []
        # A kernel: @triton.jit (or @jit) then def NAME(PARAMS):, where
        # helpers are kernels too; names starting with '_' are helpers.
        for m in re.finditer(r"@(?:triton\.)?jit[^\n]*\n(?:@[^\n]*\n)*"
                             r"def (\w+)\((.*?)\):", text, re.S):
            if not m.group(1).startswith("_"):
                params = [p.strip() for p in m.group(2).split(",") if p.strip()]
                kernels.append((m.group(1), params))
        if kernels:
            found.append(Seed(path, text, kernels))
    return found


def guess_value(rng, name, annotation):
    """A signature entry for one parameter, from its name."""
    upper = name.upper()
    if "constexpr" in annotation:
        if rng.random() < 0.03:  # values a block size must not be
            return rng.choice(["True", "1024.0", "0", "-16", "3", "nan",
                               "99999999999999999999", "'s'", "tl.float16"])
        if upper in ("CAUSAL", "EVEN_K", "USE_MASK"):
            return rng.choice(["True", "False"])
        if upper == "MODE":
            return rng.choice(["'negate_twice'", "'plain'"])
        if upper in ("GROUP_M", "SLOTS", "ROUNDS"):
            return str(rng.choice([1, 4, 8, 10]))
        if "DIM" in upper or upper.startswith("BLOCK_"):
            return str(rng.choice([16, 32, 64, 128]))
        return str(rng.choice([16, 64, 256, 1024]))
    if name.endswith("_ptr") or name in ("x", "y", "out"):
        dtype = rng.choice(["fp32", "fp32", "fp16", "bf16", "i32"])
        if "lock" in name or "count" in name or "bins" in name:
            dtype = "i32"
        return "*%s:16" % dtype
    if "scale" in name:
        return "fp32"
    return rng.choice(["i32", "i32", "i32:16", "i64"])


def signature_for(rng, params):
    entries = []
    for p in params:
        name, _, annotation = p.partition(":")
        name = name.split("=")[0].strip()
        if "=" in p and rng.random() < 0.5 and p == params[-1]:
            continue  # a trailing default may be left out
        entries.append(guess_value(rng, name, annotation))
    return ",".join(entries)


def mutate_lines(rng, lines):
    if len(lines) < 2:
        return lines
    i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
    op = rng.choice(["delete", "duplicate", "swap", "dedent", "indent"])
    if op == "delete":
        del lines[i]
    elif op == "duplicate":
        lines.insert(j, lines[i])
    elif op == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "dedent":
        lines[i] = lines[i][4:] if lines[i].startswith("    ") else lines[i]
    else:
        lines[i] = "    " + lines[i]
    return lines


def mutate_tokens(rng, line):
    tokens = [(m.start(), m.end()) for m in TOKEN.finditer(line)]
    if not tokens:
        return line
    s, e = rng.choice(tokens)
    op = rng.choice(["delete", "duplicate", "swap", "replace"])
    if op == "delete":
        return line[:s] + line[e:]
    if op == "duplicate":
        return line[:e] + " " + line[s:e] + line[e:]
    if op == "swap":
        s2, e2 = rng.choice(tokens)
        if s2 < s:
            s, e, s2, e2 = s2, e2, s, e
        if e > s2:
            return line
        return line[:s] + line[s2:e2] + line[e:s2] + line[s:e] + line[e2:]
    other = rng.choice(["+", "-", "*", "(", ")", "[", "]", ":", ",", "None",
                        "tl.float16", "axis=1", "mask", "0", "'s'", "\\",
                        "\t", "\r", "\u00e9", "tl.constexpr", "1__0", "_",
                        "0123", "2**63", "int(float('inf'))", "1024.0",
                        "tl.static_range", "while", "if", "return", "for",
                        "tl.trans", "tl.reshape", "tl.sum", "tl.where",
                        "tl.atomic_add", ".to(tl.int64)", "tl.int8", "@"])
    return line[:s] + other + line[e:]


def mutate_number(rng, text):
    numbers = list(NUMBER.finditer(text))
    if not numbers:
        return text
    m = rng.choice(numbers)
    return text[:m.start()] + rng.choice(INTERESTING) + text[m.end():]


def mutate(rng, seed):
    """Returns (source, kernel name, signature)."""
    name, params = rng.choice(seed.kernels)
    signature = signature_for(rng, params)
    text = seed.text
    for _ in range(rng.choice([1, 1, 2, 3, 5])):
        r = rng.random()
        if r < 0.35:
            text = mutate_number(rng, text)
        elif r < 0.65:
            lines = text.split("\n")
            i = rng.randrange(len(lines))
            lines[i] = mutate_tokens(rng, lines[i])
            text = "\n".join(lines)
        else:
            text = "\n".join(mutate_lines(rng, text.split("\n")))
    return text, name, signature


SIGNATURE_ENTRIES = ["*fp8e4nv", "*fp8e5", "*i1", "i1", "*u64", "u64", "i128",
                     "fp32:16", "*fp32:0", "*fp32:-16", "*fp32:3", "i32:3",
                     "i32:1", "i64:1", "i32:99999999999999999999",
                     "*fp32:16:16",
                     "*fp32:1", "**fp32", "*", "", " ", "fp8e4nv", "bf16",
                     "tensordesc<fp16[64, 64]>", "tensordesc<fp32[0]>",
                     "tl.float16", "tl.pointer_type(tl.float32)", "'s'",
                     "True", "nan", "-0", "0x10", "1e3", "2**4", "64.0",
                     "99999999999999999999", "-9223372036854775808",
                     "i32:16 ", "*fp32 :16", "\u00e9", "constexpr"]


def mutate_signature(rng, signature):
    """The signature with an entry missing, added, replaced or given an
    odd hint; or entries swapped."""
    entries = signature.split(",") if signature else []
    op = rng.choice(["drop", "add", "replace", "replace", "hint", "swap"])
    i = rng.randrange(len(entries)) if entries else 0
    if op == "drop" and entries:
        del entries[i]
    elif op == "add":
        entries.insert(rng.randrange(len(entries) + 1),
                       rng.choice(SIGNATURE_ENTRIES))
    elif op == "replace" and entries:
        entries[i] = rng.choice(SIGNATURE_ENTRIES)
    elif op == "hint" and entries:
        entries[i] = entries[i].split(":")[0] + ":" + rng.choice(
            ["0", "1", "2", "3", "8", "32", "-16", "16.0", "", "x",
             "4294967296", "16:1"])
    elif entries:
        j = rng.randrange(len(entries))
        entries[i], entries[j] = entries[j], entries[i]
    return ",".join(entries)


DTYPE = re.compile(r"\btl\.(?:u?int\d+|float\d+\w*|bfloat16)\b")
VALUE_DTYPES = ["tl.int1", "tl.int8", "tl.uint8", "tl.int16", "tl.int64",
                "tl.uint64", "tl.float8e4nv", "tl.float8e5", "tl.float64",
                "tl.bfloat16", "tl.pointer_type(tl.float32)",
                "tl.pointer_type(tl.int8)"]
VALUES = ["2**62 * 2", "int(1e19)", "-2**63", "2**64", "float('-0')",
          "1e-320", "(-7) ** 3", "-7 // 2", "-7 % 3", "1e30 * 1e30 / 1e30",
          "triton.next_power_of_2(2**40 + 1)", "max(float('nan'), 1.0)",
          "min(-0.0, 0.0)", "float('inf') // 1", "int(-1e19)"]
LOAD = re.compile(r"^(\s*)(\w+) = tl\.load\(.*$", re.M)


def mutate_values(rng, text):
    """One dtype replaced, one number replaced by an edge constant, or a
    loaded block converted to fp8 and back."""
    r = rng.random()
    if r < 0.4:
        found = list(DTYPE.finditer(text))
        if found:
            m = rng.choice(found)
            return text[:m.start()] + rng.choice(VALUE_DTYPES) + \
                text[m.end():]
    if r < 0.75:
        numbers = list(NUMBER.finditer(text))
        if numbers:
            m = rng.choice(numbers)
            return text[:m.start()] + "(%s)" % rng.choice(VALUES) + \
                text[m.end():]
    loads = list(LOAD.finditer(text))
    if not loads:
        return text
    m = rng.choice(loads)
    line = "\n%s%s = %s.to(%s).to(%s.dtype)" % (
        m.group(1), m.group(2), m.group(2),
        rng.choice(["tl.float8e4nv", "tl.float8e5"]), m.group(2))
    return text[:m.end()] + line + text[m.end():]
