"""Imports the corpus' collected kernel files for Triton's side of a run.

A shipped kernel file is a module of its project's package: it imports its
siblings (`from .utils import ...`, `from fla.ops.utils import ...`), host
libraries, and parts of the project that were not collected. To run its
kernels under Triton unchanged, the collected files are imported under their
package names from `.corpus/<project>/<root>` through an import hook that
executes each module one top-level statement at a time and drops the
statements that fail (an import of `transformers` or of an uncollected
module, and whatever host code needs it). That is the least stripping that
lets the file load; the @triton.jit functions keep their globals, the
module itself, as in the project. `skipped(module)` lists what was dropped.

Two decorators are removed from @triton.jit functions before they run:
@triton.autotune, because every case binds the constexprs its configs would
set (Triton refuses a launch that sets them too), and decorators that are
neither `jit` nor `heuristics` (FlagGems' @libentry(), which wraps the
JITFunction for its own cache and needs its runtime). @triton.heuristics
stays: it computes constexprs from the arguments as in the project.
"""

import ast
import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys

KEEP_DECORATORS = ("jit", "heuristics")

# Host libraries a collected file imports only for a helper that another
# library has too, standing in where they are not installed: unsloth's
# files take `Version` from unsloth_zoo for their Triton version checks,
# which decide what `triton_tanh` and `triton_cast` are.
STAND_INS = {"unsloth_zoo.utils": {"Version": ("packaging.version", "Version")}}


def decorator_name(decorator):
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return ast.unparse(target).split(".")[-1]


def is_jit(node):
    return isinstance(node, ast.FunctionDef) and any(
        decorator_name(d) == "jit" for d in node.decorator_list)


def strip_jit_decorators(node):
    if is_jit(node):
        node.decorator_list = [d for d in node.decorator_list
                               if decorator_name(d) in KEEP_DECORATORS]
        for d in node.decorator_list:
            if isinstance(d, ast.Call):  # a profiler hook is host code
                d.keywords = [k for k in d.keywords
                              if k.arg != "launch_metadata"]
    return node


class TolerantLoader(importlib.abc.Loader):
    def __init__(self, path):
        self.path = path

    def create_module(self, spec):
        return None

    def exec_module(self, module):
        with open(self.path) as f:
            tree = ast.parse(f.read(), self.path)
        module.__corpus_skipped__ = []
        for node in tree.body:
            node = strip_jit_decorators(node)
            # Compiled against the file's own name and lines, so that
            # Triton's inspect.getsource finds each jit function's text.
            code = compile(ast.Module(body=[node], type_ignores=[]),
                           self.path, "exec")
            try:
                exec(code, module.__dict__)
            except Exception as e:  # host code that cannot run here
                module.__corpus_skipped__.append(
                    f"line {node.lineno}: {type(e).__name__}: {e}")


class CorpusFinder(importlib.abc.MetaPathFinder):
    """Finds modules under the corpus' package roots before anything
    installed: the pinned files are the ones under test."""

    def __init__(self, roots):
        self.roots = list(roots)

    def find_spec(self, fullname, path=None, target=None):
        parts = fullname.split(".")
        for root in self.roots:
            base = os.path.join(root, *parts)
            if os.path.isfile(base + ".py"):
                return importlib.util.spec_from_file_location(
                    fullname, base + ".py", loader=TolerantLoader(base + ".py"))
            init = os.path.join(base, "__init__.py")
            if os.path.isfile(init):
                return importlib.util.spec_from_file_location(
                    fullname, init, loader=TolerantLoader(init),
                    submodule_search_locations=[base])
            if os.path.isdir(base):
                # A package whose __init__.py was not collected: a
                # namespace package, so that its collected modules import
                # without the project's package-level host code.
                spec = importlib.machinery.ModuleSpec(fullname, None,
                                                      is_package=True)
                spec.submodule_search_locations = [base]
                return spec
        return None


_finder = None


def install_stand_ins():
    for name, names in STAND_INS.items():
        try:
            importlib.import_module(name)
            continue  # the real one is there
        except ImportError:
            pass
        module = type(sys)(name)
        try:
            for attr, (source, value) in names.items():
                setattr(module, attr,
                        getattr(importlib.import_module(source), value))
        except ImportError:
            continue  # no stand-in either: its importers drop what needs it
        parts = name.split(".")
        for i in range(1, len(parts)):
            sys.modules.setdefault(".".join(parts[:i]), type(sys)(".".join(parts[:i])))
        sys.modules[name] = module


def install(roots):
    """Puts the corpus' package roots in front of the import system."""
    global _finder
    if _finder is None:
        _finder = CorpusFinder([])
        sys.meta_path.insert(0, _finder)
        install_stand_ins()
    for root in roots:
        if root not in _finder.roots:
            _finder.roots.append(root)


def module_name(root, path):
    rel = os.path.relpath(path, root)
    return rel[:-len(".py")].replace(os.sep, ".")


def load(root, path):
    """The module of collected file `path` under package root `root`."""
    install([root])
    return importlib.import_module(module_name(root, path))


def skipped(module):
    return getattr(module, "__corpus_skipped__", [])
