#!/usr/bin/env python3
"""Rewrites the files and kernels of tools/corpus/manifest.json from the
cases, reading each project's sources at its pinned commit.

Each project's entry keeps what is written by hand (name, repository,
commit, license, root: the folder its package is imported from); `kernels`
becomes the (file, @triton.jit function) pairs the cases launch, and
`files` those files plus the project's modules they import at the top
level, followed through modules that use Triton (helpers such as `from
.utils import silu`); a host module they import is collected so that its
names resolve, but its own imports are not followed.

  tools/corpus/update_manifest.py [--mirrors DIR] [--git PROJECT=PATH]...
"""

import argparse
import ast
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import collect  # noqa: E402
from cases import all_cases  # noqa: E402


class Tree:
    """A project's files at one commit."""

    def __init__(self, source, commit):
        self.git = collect.git_command(source)
        self.commit = commit
        listing = subprocess.run(
            self.git + ["ls-tree", "-r", "--name-only", commit],
            capture_output=True, text=True, check=True).stdout
        self.paths = set(listing.split("\n"))

    def text(self, path):
        return collect.read_file(self.git, self.commit, path).decode()


def module_files(tree, root, package, node):
    """The files an import statement at module level may name."""
    names = []
    if isinstance(node, ast.Import):
        names = [a.name for a in node.names]
    elif isinstance(node, ast.ImportFrom):
        if node.level:
            base = package.split(".")[:len(package.split(".")) - node.level + 1]
            mod = ".".join(base + ([node.module] if node.module else []))
        else:
            mod = node.module or ""
        names = [mod] + [f"{mod}.{a.name}" for a in node.names]
    found = []
    for name in names:
        stem = os.path.join(root, *name.split("."))
        for path in (stem + ".py", os.path.join(stem, "__init__.py")):
            if os.path.normpath(path) in tree.paths:
                found.append(os.path.normpath(path))
    return found


def top_level_imports(text):
    """Imports outside functions and classes (those run at import time)."""
    result = []
    pending = list(ast.parse(text).body)
    while pending:
        node = pending.pop(0)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            result.append(node)
        elif isinstance(node, (ast.If, ast.Try)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                pending.extend(getattr(node, field, []))
        elif isinstance(node, ast.ExceptHandler):
            pending.extend(node.body)
    return result


def closure(tree, root, start):
    files, todo = [], list(start)
    while todo:
        path = todo.pop(0)
        if path in files:
            continue
        files.append(path)
        if "triton" not in tree.text(path):
            continue  # host code: collected, its own imports not followed
        rel = os.path.relpath(path, root) if root else path
        package = ".".join(os.path.dirname(rel).split(os.sep))
        if os.path.basename(rel) == "__init__.py":
            package = ".".join(os.path.dirname(rel).split(os.sep))
        for node in top_level_imports(tree.text(path)):
            for dep in module_files(tree, root, package, node):
                if dep not in files:
                    todo.append(dep)
    return files


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mirrors", default="/work/.mirror")
    parser.add_argument("--git", action="append", default=[])
    args = parser.parse_args()
    given = dict(item.split("=", 1) for item in args.git)
    manifest = collect.load_manifest()
    by_project = {}
    for c in all_cases():
        for step in c.steps:
            by_project.setdefault(c.project, {}).setdefault(
                (c.path, step.kernel), None)
    for project in manifest["projects"]:
        kernels = list(by_project.get(project["name"], {}))
        source = collect.find_source(project, args.mirrors, given)
        if source is None:
            sys.exit(f"no source for {project['name']}")
        tree = Tree(source, project["commit"])
        start = sorted({path for path, _ in kernels})
        project["files"] = closure(tree, project.get("root", ""), start)
        project["kernels"] = [{"file": f, "name": k} for f, k in kernels]
        print(f"{project['name']}: {len(project['kernels'])} kernels, "
              f"{len(project['files'])} files")
    missing = set(by_project) - {p["name"] for p in manifest["projects"]}
    if missing:
        sys.exit(f"cases for projects not in the manifest: {sorted(missing)}")
    with open(os.path.join(HERE, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
