//===- TileTypes.cpp - tile dialect types ---------------------------------===//

#include "tile/IR/Dialect.h"

using namespace mlir;
using namespace tile;

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type pointeeType) {
  if (isa<FloatType, IntegerType>(pointeeType))
    return success();
  return emitError() << "pointee must be an integer or float type, got "
                     << pointeeType;
}
