# -*- Python -*-
# lit configuration for the tilec compiler tests.

import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "TILEC"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".py"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "unit", "gpu", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tilec_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()
# RUN lines start with `not`, which lives beside FileCheck.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

tool_dirs = [config.tilec_tools_dir, config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["tile-opt", "tile-layout", "tilec"], tool_dirs)

# Every PTX a test emits is also assembled for the H200's architecture.
ptxas = shutil.which("ptxas") or (
    "/usr/local/cuda/bin/ptxas" if os.path.exists("/usr/local/cuda/bin/ptxas") else None)
if ptxas:
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))

# Generated C++ launchers (tilec --emit cpp) are compiled against the
# runtime's headers with the C++ compiler of this build: %cxx is that
# compiler in C++17 with the runtime's include directory.
config.substitutions.append(
    ("%cxx", "%s -std=c++17 -I%s" % (
        config.cxx_compiler,
        os.path.join(config.tilec_src_root, "runtime", "include"))))
