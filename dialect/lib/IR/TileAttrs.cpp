//===- TileAttrs.cpp - tile layout attributes -----------------------------===//

#include "tile/IR/Dialect.h"

#include "tile/Layout/LayoutKinds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tile;

static unsigned product(ArrayRef<unsigned> values) {
  unsigned result = 1;
  for (unsigned v : values)
    result *= v;
  return result;
}

unsigned BlockedEncodingAttr::getNumWarps() const {
  return product(getWarpsPerCTA());
}

LogicalResult
BlockedEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                            ArrayRef<unsigned> sizePerThread,
                            ArrayRef<unsigned> threadsPerWarp,
                            ArrayRef<unsigned> warpsPerCTA,
                            ArrayRef<unsigned> order) {
  size_t rank = order.size();
  if (rank == 0)
    return emitError() << "blocked layout needs at least one dimension";
  if (sizePerThread.size() != rank || threadsPerWarp.size() != rank ||
      warpsPerCTA.size() != rank)
    return emitError() << "blocked layout parameters must all have rank "
                       << rank;
  if (product(threadsPerWarp) != 32)
    return emitError() << "threadsPerWarp must multiply to 32, got "
                       << product(threadsPerWarp);
  for (ArrayRef<unsigned> values : {sizePerThread, threadsPerWarp, warpsPerCTA})
    for (unsigned v : values)
      if (v == 0 || !llvm::isPowerOf2_32(v))
        return emitError() << "blocked layout sizes must be powers of two";
  SmallVector<unsigned> sorted(order);
  llvm::sort(sorted);
  for (unsigned i = 0; i < rank; ++i)
    if (sorted[i] != i)
      return emitError() << "order must be a permutation of 0.." << rank - 1;
  return success();
}

LogicalResult
SliceEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          unsigned dim, Attribute parent) {
  auto distributed = dyn_cast<DistributedLayoutInterface>(parent);
  if (!distributed || isa<DotOperandEncodingAttr>(parent))
    return emitError() << "slice parent must be a blocked, slice, mma, "
                          "wgmma or linear layout";
  if (dim >= distributed.getLayoutRank())
    return emitError() << "slice dimension " << dim
                       << " is out of range for a parent of rank "
                       << distributed.getLayoutRank();
  return success();
}

/// Emits "<kind> layout of rank R on a tensor of rank S" unless they agree.
static LogicalResult
verifyRank(StringRef kind, unsigned layoutRank, ArrayRef<int64_t> shape,
           function_ref<InFlightDiagnostic()> emitError) {
  if (shape.size() == layoutRank)
    return success();
  return emitError() << kind << " layout of rank " << layoutRank
                     << " on a tensor of rank " << shape.size();
}

LogicalResult BlockedEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank("blocked", getRank(), shape, emitError);
}

LogicalResult SliceEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank("slice", getLayoutRank(), shape, emitError);
}

unsigned BlockedEncodingAttr::getLayoutRank() const { return getRank(); }

LinearLayout BlockedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return blockedToLinearLayout(shape, getSizePerThread(), getThreadsPerWarp(),
                               getWarpsPerCTA(), getOrder());
}

unsigned SliceEncodingAttr::getLayoutRank() const {
  return cast<DistributedLayoutInterface>(getParent()).getLayoutRank() - 1;
}

LinearLayout SliceEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  // The parent sees the sliced dimension with size 1.
  SmallVector<int64_t> parentShape(shape);
  parentShape.insert(parentShape.begin() + getDim(), 1);
  return sliceToLinearLayout(
      cast<DistributedLayoutInterface>(getParent()).toLinearLayout(parentShape),
      getDim());
}

//===----------------------------------------------------------------------===//
// Tensor-core layouts
//===----------------------------------------------------------------------===//

/// Checks that `warps` has rank 2 and powers of two.
static LogicalResult
verifyWarps(function_ref<InFlightDiagnostic()> emitError,
            ArrayRef<unsigned> warps) {
  if (warps.size() != 2)
    return emitError() << "warpsPerCTA must have 2 entries, got "
                       << warps.size();
  for (unsigned w : warps)
    if (w == 0 || !llvm::isPowerOf2_32(w))
      return emitError() << "warpsPerCTA entries must be powers of two";
  return success();
}

LogicalResult
MmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        ArrayRef<unsigned> warpsPerCTA) {
  return verifyWarps(emitError, warpsPerCTA);
}

unsigned MmaEncodingAttr::getNumWarps() const {
  return product(getWarpsPerCTA());
}

unsigned MmaEncodingAttr::getLayoutRank() const { return 2; }

LinearLayout MmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return mmaV2AccumulatorToLinearLayout(shape, getWarpsPerCTA());
}

LogicalResult MmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  return verifyRank("mma", 2, shape, emitError);
}

LogicalResult
WgmmaEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          ArrayRef<unsigned> warpsPerCTA, unsigned instrN,
                          bool transposed) {
  if (failed(verifyWarps(emitError, warpsPerCTA)))
    return failure();
  if (warpsPerCTA[0] % 4 != 0)
    return emitError() << "wgmma needs whole warpgroups along M: "
                          "warpsPerCTA[0] must be a multiple of 4, got "
                       << warpsPerCTA[0];
  if (instrN < 8 || instrN > 256 || !llvm::isPowerOf2_32(instrN))
    return emitError() << "instrN must be a power of two from 8 to 256, got "
                       << instrN;
  if (transposed && warpsPerCTA[1] != 1)
    return emitError() << "a transposed wgmma layout puts all warps along "
                          "N: warpsPerCTA[1] must be 1, got "
                       << warpsPerCTA[1];
  return success();
}

unsigned WgmmaEncodingAttr::getLayoutRank() const { return 2; }

LinearLayout WgmmaEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  if (getTransposed())
    return wgmmaTransposedAccumulatorToLinearLayout(
        shape, getWarpsPerCTA()[0], getInstrN());
  return wgmmaAccumulatorToLinearLayout(shape, getWarpsPerCTA(), getInstrN());
}

LogicalResult WgmmaEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyRank("wgmma", 2, shape, emitError)))
    return failure();
  if (!getTransposed())
    return success();
  // The instruction's columns are M, its rows (whole 64-row tiles of every
  // warpgroup) N.
  int64_t rows = 16 * int64_t(getWarpsPerCTA()[0]);
  if (shape[0] != getInstrN() || shape[1] % rows != 0 ||
      !llvm::isPowerOf2_64(shape[1] / rows))
    return emitError() << "a transposed wgmma layout with instrN = "
                       << getInstrN() << " on " << getWarpsPerCTA()[0]
                       << " warps takes shape [" << getInstrN()
                       << ", 2^k * " << rows << "], got [" << shape[0] << ", "
                       << shape[1] << "]";
  return success();
}

LogicalResult
DotOperandEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               unsigned opIdx, Attribute parent,
                               unsigned kWidth) {
  if (opIdx > 1)
    return emitError() << "opIdx must be 0 (a) or 1 (b), got " << opIdx;
  if (auto wgmma = dyn_cast<WgmmaEncodingAttr>(parent)) {
    // wgmma's register operand: B (tf32) of a transposed product, or A
    // (fp16/bf16) of an untransposed one.
    if (wgmma.getTransposed() ? (opIdx != 1 || kWidth != 1)
                              : (opIdx != 0 || kWidth != 2))
      return emitError() << "a dot operand of a wgmma layout must be operand "
                            "1 (kWidth 1) of a transposed one or operand 0 "
                            "(kWidth 2) of an untransposed one";
    return success();
  }
  if (!isa<MmaEncodingAttr>(parent))
    return emitError() << "dot operand parent must be an mma or a wgmma "
                          "layout";
  if (kWidth != 1 && kWidth != 2)
    return emitError() << "kWidth must be 1 (tf32) or 2 (fp16/bf16), got "
                       << kWidth;
  return success();
}

unsigned DotOperandEncodingAttr::getLayoutRank() const { return 2; }

LinearLayout
DotOperandEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  if (auto wgmma = dyn_cast<WgmmaEncodingAttr>(getParent())) {
    if (!wgmma.getTransposed())
      return wgmmaOperandAToLinearLayout(shape, wgmma.getWarpsPerCTA());
    return wgmmaTransposedOperandToLinearLayout(shape,
                                                wgmma.getWarpsPerCTA()[0]);
  }
  auto mma = cast<MmaEncodingAttr>(getParent());
  return mmaV2OperandToLinearLayout(shape, getOpIdx(), mma.getWarpsPerCTA(),
                                    /*elementBits=*/32 / getKWidth());
}

LogicalResult DotOperandEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (failed(verifyRank("dot operand", 2, shape, emitError)))
    return failure();
  unsigned bits =
      elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
  if (bits * getKWidth() != 32)
    return emitError() << "a dot operand of kWidth " << getKWidth()
                       << " holds " << 32 / getKWidth()
                       << "-bit elements, got " << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// Shared-memory layouts
//===----------------------------------------------------------------------===//

LogicalResult SwizzledSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned vec,
    unsigned perPhase, unsigned maxPhase, ArrayRef<unsigned> order) {
  for (unsigned v : {vec, perPhase, maxPhase})
    if (v == 0 || !llvm::isPowerOf2_32(v))
      return emitError() << "vec, perPhase and maxPhase must be powers of two";
  // Any rank: a vector (attention's row statistics, copied ahead) is
  // plain; dims past the first two hold whole matrices.
  SmallVector<unsigned> sorted(order);
  llvm::sort(sorted);
  if (order.empty() || !llvm::equal(sorted, llvm::seq<unsigned>(0, order.size())))
    return emitError() << "order must be a permutation of the dims";
  return success();
}

unsigned SwizzledSharedEncodingAttr::getLayoutRank() const {
  return getOrder().size();
}

LinearLayout
SwizzledSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return swizzledSharedToLinearLayout(shape, getVec(), getPerPhase(),
                                      getMaxPhase(), getOrder());
}

LogicalResult NvmmaSharedEncodingAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, unsigned swizzle,
    unsigned elementBits, bool transposed) {
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "swizzle must be 0, 32, 64 or 128 bytes, got "
                       << swizzle;
  if (elementBits != 8 && elementBits != 16 && elementBits != 32)
    return emitError() << "elementBits must be 8, 16 or 32, got "
                       << elementBits;
  return success();
}

unsigned NvmmaSharedEncodingAttr::getLayoutRank() const { return 2; }

LinearLayout
NvmmaSharedEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  return nvmmaSharedToLinearLayout(shape, getSwizzle(), getElementBits(),
                                   getTransposed());
}

//===----------------------------------------------------------------------===//
// LinearEncodingAttr
//===----------------------------------------------------------------------===//

/// The bases of one input dim, `rank` coordinates each, from a flat list.
static LinearLayout::Bases unflatten(ArrayRef<int32_t> flat, size_t rank) {
  LinearLayout::Bases bases;
  for (size_t i = 0; rank != 0 && i + rank <= flat.size(); i += rank)
    bases.emplace_back(flat.slice(i, rank).begin(), flat.slice(i, rank).end());
  return bases;
}

/// Builds the layout without asserting: the verifier checks first.
static LinearLayout buildLinear(ArrayRef<int64_t> shape,
                                ArrayRef<int32_t> registers,
                                ArrayRef<int32_t> lanes,
                                ArrayRef<int32_t> warps) {
  SmallVector<std::pair<std::string, int32_t>> outDims;
  for (auto [d, size] : llvm::enumerate(shape))
    outDims.push_back({getDimName(d), int32_t(size)});
  size_t rank = shape.size();
  return LinearLayout({{kRegister.str(), unflatten(registers, rank)},
                       {kLane.str(), unflatten(lanes, rank)},
                       {kWarp.str(), unflatten(warps, rank)}},
                      outDims);
}

LogicalResult
LinearEncodingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           ArrayRef<int64_t> shape, ArrayRef<int32_t> registers,
                           ArrayRef<int32_t> lanes, ArrayRef<int32_t> warps) {
  size_t rank = shape.size();
  if (rank == 0)
    return emitError() << "linear layout needs at least one dimension";
  unsigned totalBits = 0;
  for (int64_t size : shape) {
    if (size <= 0 || size > (int64_t(1) << 30) || !llvm::isPowerOf2_64(size))
      return emitError() << "linear layout shape must be powers of two, got "
                         << size;
    totalBits += llvm::Log2_64(size);
  }
  if (totalBits > 30)
    return emitError() << "linear layout of more than 2^30 elements";
  for (auto [name, flat] : {std::pair<StringRef, ArrayRef<int32_t>>{
                                kRegister, registers},
                            {kLane, lanes},
                            {kWarp, warps}}) {
    if (flat.size() % rank != 0)
      return emitError() << name << " bases must have " << rank
                         << " coordinates each";
    for (size_t i = 0; i < flat.size(); ++i)
      if (flat[i] < 0 || flat[i] >= shape[i % rank])
        return emitError() << name << " basis coordinate " << flat[i]
                           << " is outside dimension " << i % rank
                           << " of size " << shape[i % rank];
  }
  if (lanes.size() / rank != 5)
    return emitError() << "linear layout needs 5 lane bases (32 lanes), got "
                       << lanes.size() / rank;
  // Up to 2^30 registers (a block's elements, with copies) and 32 warps.
  if (registers.size() / rank > 30 || warps.size() / rank > 5)
    return emitError() << "linear layout has too many register or warp bases";
  if (!buildLinear(shape, registers, lanes, warps).isSurjective())
    return emitError() << "linear layout leaves elements of the tensor to no "
                          "thread";
  return success();
}

LinearEncodingAttr LinearEncodingAttr::get(MLIRContext *context,
                                           const LinearLayout &layout) {
  SmallVector<int64_t> shape;
  for (const std::string &name : layout.getOutDimNames())
    shape.push_back(layout.getOutDimSize(name));
  auto flatten = [&](StringRef inDim) {
    SmallVector<int32_t> flat;
    if (!layout.hasInDim(inDim))
      return flat;
    for (const auto &basis : layout.getBases(inDim))
      flat.append(basis.begin(), basis.end());
    return flat;
  };
  SmallVector<int32_t> registers = flatten(kRegister),
                      lanes = flatten(kLane), warps = flatten(kWarp);
  return get(context, ArrayRef<int64_t>(shape), ArrayRef<int32_t>(registers),
             ArrayRef<int32_t>(lanes), ArrayRef<int32_t>(warps));
}

LinearLayout LinearEncodingAttr::getLinearLayout() const {
  return buildLinear(getShape(), getRegisterBases(), getLaneBases(),
                     getWarpBases());
}

unsigned LinearEncodingAttr::getLayoutRank() const { return getShape().size(); }

LinearLayout LinearEncodingAttr::toLinearLayout(ArrayRef<int64_t> shape) const {
  // verifyEncoding keeps tensors of this layout at its shape.
  assert(shape == getShape() && "a linear layout describes one shape");
  return getLinearLayout();
}

LogicalResult LinearEncodingAttr::verifyEncoding(
    ArrayRef<int64_t> shape, Type elementType,
    function_ref<InFlightDiagnostic()> emitError) const {
  if (shape == getShape())
    return success();
  InFlightDiagnostic diag = emitError();
  diag << "linear layout of shape [";
  llvm::interleaveComma(getShape(), diag);
  diag << "] on a tensor of shape [";
  llvm::interleaveComma(shape, diag);
  return diag << "]";
}

/// Prints `[[a, b], [c, d]]`: the flat list in groups of `rank`.
static void printBases(AsmPrinter &printer, ArrayRef<int32_t> flat,
                       size_t rank) {
  printer << "[";
  for (size_t i = 0; i < flat.size(); i += rank) {
    if (i != 0)
      printer << ", ";
    printer << "[";
    llvm::interleaveComma(flat.slice(i, rank), printer);
    printer << "]";
  }
  printer << "]";
}

void LinearEncodingAttr::print(AsmPrinter &printer) const {
  size_t rank = getShape().size();
  printer << "<shape = [";
  llvm::interleaveComma(getShape(), printer);
  printer << "], register = ";
  printBases(printer, getRegisterBases(), rank);
  printer << ", lane = ";
  printBases(printer, getLaneBases(), rank);
  printer << ", warp = ";
  printBases(printer, getWarpBases(), rank);
  printer << ">";
}

/// Parses `[[a, b], [c, d]]` (or `[]`) into a flat list.
static ParseResult parseBases(AsmParser &parser,
                              SmallVectorImpl<int32_t> &flat) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        return parser.parseCommaSeparatedList(
            AsmParser::Delimiter::Square, [&]() -> ParseResult {
              int32_t value;
              if (parser.parseInteger(value))
                return failure();
              flat.push_back(value);
              return success();
            });
      });
}

Attribute LinearEncodingAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> shape;
  SmallVector<int32_t> registers, lanes, warps;
  if (parser.parseLess() || parser.parseKeyword("shape") ||
      parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square,
                                     [&]() -> ParseResult {
                                       int64_t size;
                                       if (parser.parseInteger(size))
                                         return failure();
                                       shape.push_back(size);
                                       return success();
                                     }) ||
      parser.parseComma() || parser.parseKeyword("register") ||
      parser.parseEqual() || parseBases(parser, registers) ||
      parser.parseComma() || parser.parseKeyword("lane") ||
      parser.parseEqual() || parseBases(parser, lanes) ||
      parser.parseComma() || parser.parseKeyword("warp") ||
      parser.parseEqual() || parseBases(parser, warps) || parser.parseGreater())
    return {};
  return parser.getChecked<LinearEncodingAttr>(
      parser.getContext(), ArrayRef<int64_t>(shape),
      ArrayRef<int32_t>(registers), ArrayRef<int32_t>(lanes),
      ArrayRef<int32_t>(warps));
}
