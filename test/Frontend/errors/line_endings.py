# Lone '\r' and '\r\n' end lines as in Python: errors name the right line
# and show it.
# RUN: python3 -c "import sys; sys.stdout.write('import triton\r\r@triton.jit\rdef k(x_ptr):\r    tl.store(x_ptr, 1 +)\r')" > %t.cr.py
# RUN: not tilec %t.cr.py --kernel k --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=CR
# RUN: python3 -c "import sys; sys.stdout.write('import triton\r\n\r\n@triton.jit\r\ndef k(x_ptr):\r\n    y = 1\r    tl.store(x_ptr, foo)\r\n')" > %t.mixed.py
# RUN: not tilec %t.mixed.py --kernel k --signature '*fp32' 2>&1 | FileCheck %s --check-prefix=MIXED

# CR: {{.*}}.cr.py:5:24: error: expected expression, got ')'
# CR-NEXT: {{^}}    tl.store(x_ptr, 1 +){{$}}
# CR-NEXT: {{^}}                       ^{{$}}

# MIXED: {{.*}}.mixed.py:6:21: error: unknown name 'foo'
# MIXED-NEXT: {{^}}    tl.store(x_ptr, foo){{$}}
