#!/usr/bin/env python3
"""Compiles every kernel of the GPU bundle and of the Triton comparison with
two tilec binaries, the same flags each, and lists the kernels whose PTX or
manifest differs.

  tools/gpu/ptx_diff.py --build build --old OLD/bin/tilec --new build/bin/tilec \
      --out DIR [--tutorials TDIR] [-j N]

The bundle's kernels are the tilec commands of the build's `tilec-kernels`
target (`ninja -t commands`, so exactly the flags CMake gives them); the
comparison's are those of `compare_triton.py compile` (compare_cases.py).
Each side's files go to DIR/old and DIR/new under the same names. For each
kernel that differs it prints the manifest's shared_bytes and the count of
`bar.sync` in the PTX on both sides; a kernel that one side fails to
compile is listed too. Exits 1 if any compile failed on the new side.
"""

import argparse
import concurrent.futures
import filecmp
import json
import os
import re
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def bundle_commands(build):
    """The tilec argument lists (without the binary) of `tilec-kernels`,
    each with its output path; --depfile is left out."""
    text = subprocess.run(["ninja", "-C", build, "-t", "commands",
                           "tilec-kernels"], check=True, capture_output=True,
                          text=True).stdout
    commands = []
    for line in text.splitlines():
        for part in line.split(" && "):
            words = shlex.split(part)
            if not words or not words[0].endswith("/bin/tilec"):
                continue
            args, output, i = [], None, 1
            while i < len(words):
                if words[i] == "--depfile":
                    i += 2
                    continue
                if words[i] == "-o":
                    output = words[i + 1]
                    i += 2
                    continue
                args.append(words[i])
                i += 1
            commands.append((args, output))
    return commands


def compile_bundle(tilec, commands, out, jobs):
    """Runs each command with `tilec`, its output in `out`; returns the
    names of the outputs that failed."""
    os.makedirs(out, exist_ok=True)

    def run(command):
        args, output = command
        target = os.path.join(out, os.path.basename(output))
        done = subprocess.run([tilec] + args + ["-o", target],
                              capture_output=True, text=True)
        return os.path.basename(output), done

    failed = []
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        for name, done in pool.map(run, commands):
            if done.returncode != 0:
                failed.append(name)
                print(f"FAIL {tilec} -> {name}: {done.stderr.strip()[:400]}",
                      file=sys.stderr)
    return failed


def compile_comparison(tilec, out, tutorials):
    """compare_triton.py compile with `tilec`; returns its failures."""
    command = [sys.executable, os.path.join(HERE, "compare_triton.py"),
               "compile", "--tilec", tilec, "--out", out]
    if tutorials:
        command += ["--tutorials", tutorials]
    done = subprocess.run(command, capture_output=True, text=True)
    return [line for line in done.stdout.splitlines()
            if line.startswith("FAIL")]


def kernel_files(root):
    """Relative paths of the .ptx and .json files under `root`."""
    found = set()
    for directory, _, files in os.walk(root):
        for name in files:
            if name.endswith((".ptx", ".json")):
                found.add(os.path.relpath(os.path.join(directory, name), root))
    return found


def summary(root, ptx):
    """'shared_bytes S, N bar.sync' of a kernel's PTX and manifest."""
    bars = "?"
    path = os.path.join(root, ptx)
    if os.path.exists(path):
        with open(path) as f:
            bars = len(re.findall(r"\bbar\.sync\b", f.read()))
    shared = "?"
    manifest = os.path.join(root, ptx[:-len(".ptx")] + ".json")
    if os.path.exists(manifest):
        with open(manifest) as f:
            shared = json.load(f).get("shared_bytes", "?")
    return f"shared_bytes {shared}, {bars} bar.sync"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", required=True,
                        help="a configured build directory (for its commands)")
    parser.add_argument("--old", required=True, help="the tilec before")
    parser.add_argument("--new", required=True, help="the tilec after")
    parser.add_argument("--out", required=True)
    parser.add_argument("--tutorials", help="Triton's tutorials, as for "
                        "compare_triton.py")
    parser.add_argument("-j", type=int, default=2, dest="jobs")
    args = parser.parse_args()

    commands = bundle_commands(args.build)
    failures = {}
    for side, tilec in (("old", args.old), ("new", args.new)):
        tilec = os.path.abspath(tilec)
        root = os.path.join(args.out, side)
        failures[side] = compile_bundle(tilec, commands,
                                        os.path.join(root, "bundle"),
                                        args.jobs)
        failures[side] += compile_comparison(
            tilec, os.path.join(root, "compare"), args.tutorials)

    old_root = os.path.join(args.out, "old")
    new_root = os.path.join(args.out, "new")
    old_files, new_files = kernel_files(old_root), kernel_files(new_root)
    changed = []
    for path in sorted(old_files | new_files):
        if path not in old_files or path not in new_files:
            changed.append(path)
            continue
        if not filecmp.cmp(os.path.join(old_root, path),
                           os.path.join(new_root, path), shallow=False):
            changed.append(path)
    ptx_changed = [p for p in changed if p.endswith(".ptx")]
    other_changed = [p for p in changed if p.endswith(".json") and
                     p[:-len(".json")] + ".ptx" not in ptx_changed]
    print(f"{len(old_files | new_files)} files, {len(ptx_changed)} PTX "
          f"changed, {len(other_changed)} other manifests changed")
    for path in ptx_changed:
        print(f"PTX {path}: {summary(old_root, path)} -> "
              f"{summary(new_root, path)}")
    for path in other_changed:
        print(f"JSON {path}")
    for side in ("old", "new"):
        for failure in failures[side]:
            print(f"FAILED ({side}): {failure}")
    return 1 if failures["new"] else 0


if __name__ == "__main__":
    sys.exit(main())
