//===- Peepholes.h - rewrites of optimised LLVM IR for NVPTX ----*- C++ -*-===//

#ifndef TILEC_TARGET_PEEPHOLES_H
#define TILEC_TARGET_PEEPHOLES_H

namespace llvm {
class Module;
} // namespace llvm

namespace tilec {

/// Rewrites that LLVM 22's O3 pipeline and NVPTX instruction selection leave
/// undone, applied to the optimised module before codegen (see
/// Peepholes.cpp for each and what it measured).
void runNVPTXPeepholes(llvm::Module &module);

} // namespace tilec

#endif // TILEC_TARGET_PEEPHOLES_H
