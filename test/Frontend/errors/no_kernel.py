# A file without any @triton.jit function.
# RUN: not tilec %s 2>&1 | FileCheck %s

import torch


def gelu(x):
    return torch.nn.functional.gelu(x)

# CHECK: {{.*}}no_kernel.py:1:1: error: no @triton.jit kernel in this file
# CHECK-NEXT: {{^}}# A file without any @triton.jit function.
# CHECK-NEXT: {{^ *\^$}}
