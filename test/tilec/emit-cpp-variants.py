# tilec --emit cpp with several --signature: one launcher for the variants
# of a kernel, as Triton's AOT linker joins its specialisations. Each
# variant's PTX, cubin and constants are embedded under their own names;
# each launch takes the first variant whose promises (`:16`, `:1`) the
# arguments keep (tilec::rt::EmbeddedVariants), so the generic signature
# comes last. Variants may differ only in their promises.
#
# RUN: rm -rf %t && mkdir -p %t
# RUN: tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32:16,fp32,256' --signature '*fp32,*fp32,i32:1,fp32,256' --signature '*fp32,*fp32,i32,fp32,256' --emit cpp -o %t/scale.h
# RUN: FileCheck %s --check-prefix=HEADER < %t/scale.h
# RUN: FileCheck %s --check-prefix=SOURCE < %t/scale.cpp
# RUN: %cxx -Wall -Wextra -Werror -fsyntax-only %t/scale.cpp
#
# RUN: not tilec %s --kernel scale --signature '*fp32:16,*fp32:16,i32:16,fp32,256' --signature '*fp32,*fp32,i64,fp32,256' --emit cpp -o %t/bad.h 2>&1 | FileCheck %s --check-prefix=TYPES
# RUN: not tilec %s --kernel scale --signature '*fp32,*fp32,i32,fp32,256' --signature '*fp32,*fp32,i32,fp32,128' --emit cpp -o %t/bad.h 2>&1 | FileCheck %s --check-prefix=CONSTEXPRS
# RUN: not tilec %s --kernel scale --signature '*fp32,*fp32,i32,fp32,256' --signature '*fp32,*fp32,i32,fp32,256' -o %t/bad.ptx 2>&1 | FileCheck %s --check-prefix=EMIT
# RUN: not tilec %s --kernel scale --signature '*fp32,*fp32,i32,fp32,256' --signature '*fp32,*fp32,i32,fp32,256' --emit cpp --config 0 -o %t/bad.h 2>&1 | FileCheck %s --check-prefix=AUTOTUNE

# HEADER: // 3 variants; each launch takes the first whose promises the
# HEADER-NEXT: // arguments keep (the last if none does, whose check then fails):
# HEADER-NEXT: //   0: x_ptr_ is 16-byte aligned, y_ptr_ is 16-byte aligned, n_ is a multiple of 16
# HEADER-NEXT: //   1: n_ is 1
# HEADER-NEXT: //   2: no promises
# HEADER: void scale(
# HEADER-NEXT: tilec::rt::LaunchStream stream, tilec::rt::Grid grid,
# HEADER-NEXT: tilec::rt::PointerArg<float> x_ptr_,
# HEADER-NEXT: tilec::rt::PointerArg<float> y_ptr_,
# HEADER-NEXT: tilec::rt::ScalarArg<int32_t> n_,
# HEADER-NEXT: tilec::rt::ScalarArg<float> factor_);
# HEADER: tilec::rt::EmbeddedVariants &scale_variants();

# SOURCE: // Variant 0.
# SOURCE: constexpr char kPtxV0_[] =
# SOURCE: constexpr tilec::rt::EmbeddedParam kParamsV0_[] = {
# SOURCE: {"n", tilec::rt::ParamKind::Scalar, tilec::rt::ScalarType::I32, 16, false, 0, false},
# SOURCE: constexpr tilec::rt::EmbeddedKernelInfo kInfoV0_ = {
# SOURCE: kPtxV0_, sizeof(kPtxV0_) - 1,
# SOURCE: // Variant 1.
# SOURCE: {"n", tilec::rt::ParamKind::Scalar, tilec::rt::ScalarType::I32, 1, true, 1, false},
# SOURCE: // Variant 2.
# SOURCE: {"n", tilec::rt::ParamKind::Scalar, tilec::rt::ScalarType::I32, 1, false, 0, false},
# SOURCE: constexpr const tilec::rt::EmbeddedKernelInfo *kVariants[] = {
# SOURCE-NEXT: &kInfoV0_,
# SOURCE-NEXT: &kInfoV1_,
# SOURCE-NEXT: &kInfoV2_};
# SOURCE: static tilec::rt::EmbeddedVariants variants(kVariants, 3);
# SOURCE: scale_variants().launch(stream, grid, {x_ptr_.arg(), y_ptr_.arg(), n_.arg(), factor_.arg()});

# TYPES: error: signature 2 of the launcher differs from the first in parameter 'n' (i64 against i32); variants may differ only in ':16' and ':1'
# CONSTEXPRS: error: signature 2 of the launcher differs from the first in its constexprs; variants may differ only in ':16' and ':1'
# EMIT: error: several --signature make one launcher of variants: they need --emit cpp
# AUTOTUNE: error: several --signature exclude --autotune and --config

import triton
import triton.language as tl


@triton.jit
def scale(x_ptr, y_ptr, n, factor, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * factor, mask=mask)
