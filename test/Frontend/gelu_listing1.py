# The lecture's first GeLU listing, verbatim, with the launch code after it
# (host code is skipped). The listing leaves the GeLU formula out, so `y` is
# never assigned: its AST dumps, its tile dialect is a located error.
# RUN: tilec %s --emit ast | FileCheck %s --check-prefix=AST
# RUN: not tilec %s --signature '*fp32,*fp32,i32,1024' --emit tile 2>&1 | FileCheck %s --check-prefix=ERR

import triton
import triton.language as tl

@triton.jit
def triton_gelu_kernel(x_ptr, y_ptr, num_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)  # 标识当前块
    start = pid * BLOCK_SIZE
    offsets = start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < num_elements  # 处理边界情况

    x = tl.load(x_ptr + offsets, mask=mask)
    # 计算 GeLU...
    tl.store(y_ptr + offsets, y, mask=mask)

启动方式：

python

num_blocks = triton.cdiv(num_elements, BLOCK_SIZE)
kernel[(num_blocks,)](x, y, num_elements, BLOCK_SIZE=BLOCK_SIZE)

# AST checks: statements with line:column, operators fully parenthesised.
# AST: kernel triton_gelu_kernel @11:1
# AST-NEXT:   param x_ptr @11:24
# AST-NEXT:   param y_ptr @11:31
# AST-NEXT:   param num_elements @11:38
# AST-NEXT:   param BLOCK_SIZE: tl.constexpr @11:52
# AST-NEXT:   body
# AST-NEXT:     assign @12:5 pid = tl.program_id(axis=0)
# AST-NEXT:     assign @13:5 start = (pid * BLOCK_SIZE)
# AST-NEXT:     assign @14:5 offsets = (start + tl.arange(0, BLOCK_SIZE))
# AST-NEXT:     assign @15:5 mask = (offsets < num_elements)
# AST-NEXT:     assign @17:5 x = tl.load((x_ptr + offsets), mask=mask)
# AST-NEXT:     expr @19:5 tl.store((y_ptr + offsets), y, mask=mask)

# ERR: {{.*}}gelu_listing1.py:19:31: error: unknown name 'y'
# ERR-NEXT: {{^}}    tl.store(y_ptr + offsets, y, mask=mask)
# ERR-NEXT: {{^ *\^$}}
