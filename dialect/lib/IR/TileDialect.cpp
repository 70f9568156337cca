//===- TileDialect.cpp - the tile dialect ---------------------------------===//

#include "tile/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace tile;

#include "tile/IR/TileDialect.cpp.inc"
#include "tile/IR/TileEnums.cpp.inc"
#include "tile/IR/TileInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "tile/IR/TileTypes.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tile/IR/TileAttrs.cpp.inc"

namespace {

/// Prints blocked, mma and shared layouts as `#blocked`, `#mma1`, ...
/// aliases: they are long and repeat on every tensor type. Slices and dot
/// operands stay inline, so that their parent shows where they are used.
struct TileOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (isa<MmaEncodingAttr>(attr))
      os << "mma";
    else if (isa<WgmmaEncodingAttr>(attr))
      os << "wgmma";
    else if (isa<SwizzledSharedEncodingAttr, NvmmaSharedEncodingAttr>(attr))
      os << "shared";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};

} // namespace

void TileDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tile/IR/TileTypes.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tile/IR/TileAttrs.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "tile/IR/TileOps.cpp.inc"
      >();
  addInterfaces<TileOpAsmInterface>();
}

//===----------------------------------------------------------------------===//
// Type helpers
//===----------------------------------------------------------------------===//

namespace tile {

Type getSameShape(Type like, Type elementType) {
  if (auto tensor = dyn_cast<RankedTensorType>(like))
    return RankedTensorType::get(tensor.getShape(), elementType,
                                 tensor.getEncoding());
  return elementType;
}

Type getPointeeLike(Type ptrLike) {
  auto ptr = dyn_cast<PtrType>(getElementTypeOrSelf(ptrLike));
  if (!ptr)
    return {};
  return getSameShape(ptrLike, ptr.getPointeeType());
}

Type getI1Like(Type type) {
  return getSameShape(type, IntegerType::get(type.getContext(), 1));
}

Attribute getEncoding(Type type) {
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.getEncoding();
  return {};
}

bool isPtrLike(Type type) {
  return isa<PtrType>(getElementTypeOrSelf(type));
}

bool isZeroBits(Value value) {
  if (auto splat = value.getDefiningOp<SplatOp>())
    value = splat.getSrc();
  Attribute attr;
  if (!matchPattern(value, m_Constant(&attr)))
    return false;
  if (auto dense = dyn_cast<SplatElementsAttr>(attr))
    attr = dense.getSplatValue<Attribute>();
  if (auto real = dyn_cast<FloatAttr>(attr))
    return real.getValue().isPosZero();
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return integer.getValue().isZero();
  return false;
}

} // namespace tile
