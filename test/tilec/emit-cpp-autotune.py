# tilec --autotune --emit cpp: one typed launcher embeds every config of the
# kernel's @triton.autotune (each one's PTX, cubin and manifest) and tunes
# per key at run time (tilec::rt::EmbeddedAutotuned). The launcher takes a
# grid function of the config's manifest; tuning that zeroes or restores
# buffers makes it take their byte sizes too. A config that does not fit
# the target is left out and listed, as in the index of --autotune.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %s --kernel scale --signature '*fp16:16,*fp32:16,i32' --autotune --emit cpp -o %t/scale.h 2>&1 | FileCheck %s --check-prefix=WARN
# RUN: FileCheck %s --check-prefix=HEADER < %t/scale.h
# RUN: FileCheck %s --check-prefix=SOURCE < %t/scale.cpp
# RUN: tilec %s --kernel plain_tuned --signature '*fp32:16,i32' --autotune --emit cpp --launcher-name tuned -o %t/tuned.h
# RUN: FileCheck %s --check-prefix=PLAIN < %t/tuned.h
# RUN: not tilec %s --kernel scale --signature '*fp16:16,*fp32:16,i32' --autotune --emit cpp -o %t/scale.cpp 2>&1 | FileCheck %s --check-prefix=NAME
# RUN: not tilec %s --kernel scale --signature '*fp16:16,*fp32:16,i32' --signature '*fp16,*fp32,i32' --autotune --emit cpp -o %t/s.h 2>&1 | FileCheck %s --check-prefix=SIGS

# WARN: warning: config 2 skipped: needs {{[0-9]+}} bytes of shared memory

# HEADER: // Target sm_90a, 2 configs of its @triton.autotune.
# HEADER: // Autotuned as its @triton.autotune says: the first launch of each key
# HEADER-NEXT: // (n) times every config and launches the fastest
# HEADER: //   0: BLOCK=32 num_warps=4 num_stages=3
# HEADER-NEXT: //   1: BLOCK=64 num_warps=8 num_stages=2
# HEADER-NEXT: //   2: not compiled (needs {{[0-9]+}} bytes of shared memory
# HEADER: size_t scale(
# HEADER-NEXT: tilec::rt::LaunchStream stream, const tilec::rt::AutotunedKernel::GridFn &grid,
# HEADER-NEXT: tilec::rt::PointerArg<tilec::rt::half> x_ptr_,
# HEADER-NEXT: tilec::rt::PointerArg<float> out_ptr_,
# HEADER-NEXT: tilec::rt::ScalarArg<int32_t> n_,
# HEADER-NEXT: const tilec::rt::BufferSizes &bufferBytes = {});
# HEADER: size_t scale(
# HEADER-NEXT: const tilec::rt::AutotunedKernel::GridFn &grid,
# HEADER: tilec::rt::EmbeddedAutotuned &scale_autotuned();

# SOURCE: constexpr char kPtxC0_[] =
# SOURCE: constexpr tilec::rt::EmbeddedKernelInfo kInfoC0_ = {
# SOURCE: constexpr tilec::rt::EmbeddedConstexpr kSetC0_[] = {
# SOURCE-NEXT: {"BLOCK", "32"},
# SOURCE: constexpr char kPtxC1_[] =
# SOURCE-NOT: kPtxC2_
# SOURCE: constexpr tilec::rt::EmbeddedAutotuneConfig kConfigs[] = {
# SOURCE-NEXT: {&kInfoC0_, 0, 4, 3, kSetC0_, 1},
# SOURCE-NEXT: {&kInfoC1_, 1, 8, 2, kSetC1_, 1},
# SOURCE-NEXT: };
# SOURCE-NEXT: constexpr tilec::rt::EmbeddedAutotuneSkip kSkipped[] = {
# SOURCE-NEXT: {2, "needs {{[0-9]+}} bytes of shared memory
# SOURCE: constexpr const char *kKey[] = {"n"};
# SOURCE-NEXT: constexpr const char *kResetToZero[] = {"out_ptr"};
# SOURCE-NEXT: constexpr tilec::rt::EmbeddedAutotuneInfo kAutotune = {
# SOURCE-NEXT: "scale",
# SOURCE-NEXT: kKey, 1,
# SOURCE-NEXT: kResetToZero, 1,
# SOURCE-NEXT: nullptr, 0,
# SOURCE-NEXT: kConfigs, 2,
# SOURCE-NEXT: kSkipped, 1,
# SOURCE-NEXT: "scale.cpp",
# SOURCE: return scale_autotuned().launch(stream, grid, {x_ptr_.arg(), out_ptr_.arg(), n_.arg()}, bufferBytes);

# No key, nothing zeroed: no buffer sizes.
# PLAIN: (no key: one tuning) times every config
# PLAIN: size_t tuned(
# PLAIN-NEXT: tilec::rt::LaunchStream stream, const tilec::rt::AutotunedKernel::GridFn &grid,
# PLAIN-NEXT: tilec::rt::PointerArg<float> x_ptr_,
# PLAIN-NEXT: tilec::rt::ScalarArg<int32_t> n_);
# PLAIN: tilec::rt::EmbeddedAutotuned &tuned_autotuned();

# NAME: error: --emit cpp writes a header and a source file: give -o NAME.h
# SIGS: error: several --signature exclude --autotune and --config

import triton
import triton.language as tl


@triton.autotune(configs=[triton.Config({"BLOCK": 32}, num_warps=4),
                          triton.Config({"BLOCK": 64}, num_warps=8,
                                        num_stages=2),
                          triton.Config({"BLOCK": 256}, num_warps=4)],
                 key=["n"], reset_to_zero=["out_ptr"])
@triton.jit
def scale(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # n products of a BLOCK x BLOCK tile: at 256 its shared-memory buffers
    # do not fit.
    r = tl.arange(0, BLOCK)
    x_ptrs = x_ptr + r[:, None] * BLOCK + r[None, :]
    acc = tl.zeros([BLOCK, BLOCK], dtype=tl.float32)
    for k in range(0, n):
        x = tl.load(x_ptrs)
        acc += tl.dot(x, x)
        x_ptrs += BLOCK * BLOCK
    tl.store(out_ptr + r[:, None] * BLOCK + r[None, :], acc)


@triton.autotune(configs=[triton.Config({"BLOCK": 128}, num_warps=4),
                          triton.Config({"BLOCK": 512}, num_warps=4)],
                 key=[])
@triton.jit
def plain_tuned(x_ptr, n, BLOCK: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(x_ptr + offsets, 0.0, mask=offsets < n)
