# A launcher's parameters are named after the kernel's with '_' appended
# ('p' prepended to one that starts with '_'), so that any Python name
# compiles: macros of the headers the launcher includes (NULL, EOF,
# INT32_MAX, assert, errno, linux under GNU modes), C++ keywords and type
# names, reserved names, and the launcher's own names (grid, stream,
# bufferBytes, <kernel>_embedded). Each of these failed to compile before.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %s --kernel names --signature '*fp32,i32,i32,i32,i32,i32,*i32,*i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32,i32' --emit cpp -o %t/names.h
# RUN: FileCheck %s < %t/names.h
# RUN: %cxx -Wall -Wextra -Werror -c %t/names.cpp -o %t/names.o
# RUN: %cxx -std=gnu++17 -Wall -Wextra -Werror -c %t/names.cpp -o %t/names-gnu.o
#
# The same names in an autotuned launcher whose tuning zeroes a buffer (it
# takes bufferBytes), and in a launcher of two signatures:
# RUN: tilec %s --kernel tuned --signature '*fp32,i32,i32,i32,i32' --autotune --emit cpp -o %t/tuned.h
# RUN: %cxx -Wall -Wextra -Werror -c %t/tuned.cpp -o %t/tuned.o
# RUN: tilec %s --kernel tuned --signature '*fp32:16,i32,i32,i32,i32,4' --signature '*fp32,i32,i32,i32,i32,4' --emit cpp -o %t/variants.h
# RUN: %cxx -Wall -Wextra -Werror -c %t/variants.cpp -o %t/variants.o

import triton
import triton.language as tl


@triton.jit
def names(NULL, EOF, INT32_MAX, assert_, errno, stdin, new, int32_t,
          grid, stream, bufferBytes, names_embedded, tilec, std, _x, __y,
          x, x_, linux, unix, SIZE_MAX, offsetof, size_t, int, default,
          CHAR_BIT):
    tl.store(NULL, EOF + INT32_MAX + x + x_)


@triton.autotune(configs=[triton.Config({"B": 4}), triton.Config({"B": 8})],
                 key=["n"], reset_to_zero=["bufferBytes"])
@triton.jit
def tuned(bufferBytes, n, grid, tuned_autotuned, tuned_variants, B: tl.constexpr):
    tl.store(bufferBytes + tl.arange(0, B), n)

# CHECK: tilec::rt::PointerArg<float> NULL_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> EOF_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> INT32_MAX_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> assert__,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> errno_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> stdin_,
# CHECK-NEXT: tilec::rt::PointerArg<int32_t> new_,
# CHECK-NEXT: tilec::rt::PointerArg<int32_t> int32_t_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> grid_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> stream_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> bufferBytes_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> names_embedded_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> tilec_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> std_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> p_x_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> p__y_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> x_,
# CHECK-NEXT: tilec::rt::ScalarArg<int32_t> x__,
