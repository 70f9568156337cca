//===- TileTypes.cpp - tile dialect types ---------------------------------===//

#include "tile/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tile;

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type pointeeType) {
  if (isa<FloatType, IntegerType>(pointeeType))
    return success();
  return emitError() << "pointee must be an integer or float type, got "
                     << pointeeType;
}

//===----------------------------------------------------------------------===//
// MemDescType
//===----------------------------------------------------------------------===//

Type MemDescType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  Attribute encoding;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType) || parser.parseComma() ||
      parser.parseAttribute(encoding) || parser.parseGreater())
    return {};
  return parser.getChecked<MemDescType>(parser.getContext(),
                                        ArrayRef<int64_t>(shape),
                                        elementType, encoding);
}

void MemDescType::print(AsmPrinter &printer) const {
  printer << "<";
  for (int64_t dim : getShape())
    printer << dim << "x";
  printer << getElementType() << ", " << getEncoding() << ">";
}

LogicalResult MemDescType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  ArrayRef<int64_t> shape, Type elementType,
                                  Attribute encoding) {
  if (shape.empty())
    return emitError() << "memdesc needs at least one dimension";
  if (!isa<FloatType, IntegerType>(elementType))
    return emitError() << "memdesc elements must be integers or floats, got "
                       << elementType;
  auto shared = dyn_cast<SharedLayoutInterface>(encoding);
  if (!shared)
    return emitError() << "memdesc encoding must be a shared layout, got "
                       << encoding;
  if (shared.getLayoutRank() > shape.size())
    return emitError() << "shared layout of rank " << shared.getLayoutRank()
                       << " on a memdesc of rank " << shape.size();
  // The layout's dimensions are linear, so powers of two; the leading ones
  // count buffers (such as pipeline stages) and may be any number.
  for (auto [index, dim] : llvm::enumerate(shape)) {
    bool leading = index + shared.getLayoutRank() < shape.size();
    if (dim <= 0 || (!leading && !llvm::isPowerOf2_64(dim)))
      return emitError() << "memdesc dimensions must be positive, and powers "
                            "of two where the layout describes them, got "
                         << dim;
  }
  return success();
}

MemDescType MemDescType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                                   Type elementType) const {
  return MemDescType::get(getContext(), shape ? *shape : getShape(),
                          elementType, getEncoding());
}

int64_t MemDescType::getSizeInBytes() const {
  int64_t elements = 1;
  for (int64_t dim : getShape())
    elements *= dim;
  return elements * std::max<int64_t>(1, getElementTypeBitWidth() / 8);
}
