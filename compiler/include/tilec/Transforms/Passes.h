//===- Passes.h - tilec transformation passes -------------------*- C++ -*-===//

#ifndef TILEC_TRANSFORMS_PASSES_H
#define TILEC_TRANSFORMS_PASSES_H

#include "tile/IR/Dialect.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace tilec {

#define GEN_PASS_DECL
#include "tilec/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "tilec/Transforms/Passes.h.inc"

} // namespace tilec

#endif // TILEC_TRANSFORMS_PASSES_H
