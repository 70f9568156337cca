# An absolute import of the project's own package (`from mypkg.utils import
# extension as ext`) resolves from the directory that holds the package,
# found by walking up from the importing file to a directory named as the
# package's top level, as Python finds an installed project's modules.
# RUN: rm -rf %t.dir && cp -r %S/Inputs/package_root %t.dir && cp %s %t.dir/src/mypkg/ops/kernel.py
# RUN: tilec %t.dir/src/mypkg/ops/kernel.py --signature '*fp32:16,*fp32:16,128' --emit tile | FileCheck %s
# RUN: cd %t.dir/src/mypkg/ops && tilec kernel.py --signature '*fp32:16,*fp32:16,128' --emit tile | FileCheck %s
# RUN: cd %t.dir/src/mypkg/ops && tilec kernel.py --signature '*fp32:16,*fp32:16,128' --depfile %t.d -o %t.ptx
# RUN: FileCheck %s --check-prefix=DEPS < %t.d

import triton
import triton.language as tl

import mypkg.utils.activations as act
from mypkg.utils import extension as ext


@triton.jit
def k(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = ext.program_offset(BLOCK) + tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, act.shifted_relu(tl.load(x_ptr + offs)))

# CHECK: tile.program_id 0
# CHECK: arith.maxnumf
# CHECK: arith.constant 2.000000e+00 : f32
# DEPS: mypkg/utils/activations.py
# DEPS: mypkg/utils/extension.py
