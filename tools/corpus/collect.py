#!/usr/bin/env python3
"""Copies the corpus' kernel files, at their pinned commits, into .corpus/.

The corpus (tools/corpus/manifest.json) names public projects that ship
Triton kernels: each project's repository, the commit its files are read at,
and the files. Their code is not part of this repository; this script puts
it in the ignored folder `.corpus/<project>/<path>`, keeping each file's path
inside its repository, so that the imports between collected files (relative
or from the package root) resolve as they do in the project.

  tools/corpus/collect.py                       # from /work/.mirror/OWNER+NAME/repo
  tools/corpus/collect.py --mirrors DIR         # from DIR/OWNER+NAME/repo
  tools/corpus/collect.py --git liger=~/src/Liger-Kernel --git fla=...
                                                # from clones (or bare git dirs)
  tools/corpus/collect.py --only liger fla      # some projects

A source is a git directory (a bare mirror) or a plain `git clone`; it must
have the pinned commit (`git -C CLONE fetch origin COMMIT` gets it into a
newer clone). Projects without a source are listed and skipped. Exits 1 if a
project that has a source lacks its commit or a file.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "../.."))


def load_manifest(path=os.path.join(HERE, "manifest.json")):
    with open(path) as f:
        return json.load(f)


def git_command(source):
    """The git invocation that reads `source`: a clone's work tree, or a
    git directory (a fetched mirror has no work tree)."""
    if os.path.isdir(os.path.join(source, ".git")):
        return ["git", "-C", source]
    return ["git", "--git-dir", source]


def find_source(project, mirrors, given):
    if project["name"] in given:
        return given[project["name"]]
    owner, name = project["repository"].split("/")
    candidate = os.path.join(mirrors, f"{owner}+{name}", "repo")
    return candidate if os.path.isdir(candidate) else None


def read_file(git, commit, path):
    done = subprocess.run(git + ["show", f"{commit}:{path}"],
                          capture_output=True)
    if done.returncode != 0:
        raise RuntimeError(done.stderr.decode().strip() or f"no {path}")
    return done.stdout


def collect(project, source, out):
    git = git_command(source)
    commit = project["commit"]
    has = subprocess.run(git + ["cat-file", "-e", f"{commit}^{{commit}}"],
                         capture_output=True)
    if has.returncode != 0:
        raise RuntimeError(f"{source} lacks commit {commit} "
                           f"(git fetch origin {commit})")
    dest_root = os.path.join(out, project["name"])
    if os.path.isdir(dest_root):
        shutil.rmtree(dest_root)  # files the manifest no longer names go
    for path in project["files"]:
        data = read_file(git, commit, path)
        dest = os.path.join(dest_root, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "wb") as f:
            f.write(data)
    # What was collected, from where: the cases and the GPU side read it.
    with open(os.path.join(dest_root, "COLLECTED.json"), "w") as f:
        json.dump({"repository": project["repository"], "commit": commit,
                   "files": project["files"]}, f, indent=1)
    return len(project["files"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", default="/work/.mirror",
                        help="folder of fetched mirrors, OWNER+NAME/repo")
    parser.add_argument("--git", action="append", default=[],
                        metavar="PROJECT=PATH",
                        help="a clone or git directory for one project")
    parser.add_argument("--out", default=os.path.join(ROOT, ".corpus"))
    parser.add_argument("--only", nargs="*", help="these projects only")
    args = parser.parse_args()

    given = {}
    for item in args.git:
        name, _, path = item.partition("=")
        given[name] = os.path.expanduser(path)
    manifest = load_manifest()
    failed = 0
    for project in manifest["projects"]:
        if args.only and project["name"] not in args.only:
            continue
        source = find_source(project, args.mirrors, given)
        if source is None:
            print(f"skip {project['name']}: no source "
                  f"(--git {project['name']}=CLONE of {project['repository']})")
            continue
        try:
            count = collect(project, source, args.out)
            print(f"ok   {project['name']}: {count} files at "
                  f"{project['commit'][:12]}")
        except RuntimeError as e:
            failed += 1
            print(f"FAIL {project['name']}: {e}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
