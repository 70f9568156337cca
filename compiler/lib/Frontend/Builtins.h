//===- Builtins.h - helpers shared by the tl functions ----------*- C++ -*-===//
//
// Private to the frontend: Builtins.cpp binds call arguments and
// dispatches; BuiltinOps.cpp generates what the functions do.
//
//===----------------------------------------------------------------------===//

#ifndef TILEC_LIB_FRONTEND_BUILTINS_H
#define TILEC_LIB_FRONTEND_BUILTINS_H

#include "Generator.h"

#include <optional>

namespace tilec {
namespace detail {

/// Arguments bound to a builtin's parameters; absent optional ones are
/// empty.
struct BoundArgs {
  llvm::SmallVector<std::optional<Arg>, 8> slots;
  llvm::SmallVector<Arg> extra; ///< variadic positional arguments
  Location callLoc;

  bool has(unsigned i) const { return slots[i] && !slots[i]->value.isNone(); }
  const Arg &operator[](unsigned i) const { return *slots[i]; }
};

/// A compile-time integer argument, or an error naming `what`.
mlir::FailureOr<int64_t> constantInt(Generator &gen, const Arg &arg,
                                     llvm::StringRef what);
/// Optional bool argument `index` of `fn` (false when absent), or an error
/// "<fn>(): <name> must be a compile-time bool".
mlir::FailureOr<bool> optionalBool(Generator &gen, const BoundArgs &args,
                                   unsigned index, llvm::StringRef fn,
                                   llvm::StringRef name);
/// A block shape: a constant int or a tuple/list of them, each a power of
/// two.
mlir::FailureOr<llvm::SmallVector<int64_t>> blockShape(Generator &gen,
                                                       const Arg &arg);
/// What a dtype argument is for. Each use names the dtypes that can serve
/// it; dtypeArg refuses the others at the argument, as Triton refuses them
/// (a pointer dtype where a number is made crashed the lowering).
enum class DTypeUse {
  /// x.to(), tl.cast(), tl.dot()'s out_dtype (which checks its own): any.
  Any,
  /// The elements of a new block or of inline assembly's results (tl.zeros,
  /// tl.full, tl.zeros_like, tl.inline_asm_elementwise): numbers.
  Number,
  /// What a sum or a scan computes in (tl.sum, tl.cumsum): numbers with
  /// arithmetic, so not fp8.
  Arithmetic,
  /// tl.pointer_type()'s element: anything but a pointer.
  Pointee,
};

/// Argument `param` of the function `fn` (as users write it, "tl.zeros"),
/// a dtype such as tl.float32 that can serve `use`, or a located error
/// naming both.
mlir::FailureOr<mlir::Type> dtypeArg(Generator &gen, const Arg &arg,
                                     llvm::StringRef fn, llvm::StringRef param,
                                     DTypeUse use);
/// A runtime block (or scalar) argument; constants are materialised.
mlir::FailureOr<mlir::Value> valueArg(Generator &gen, const Arg &arg);
/// Whether `type` holds integers narrower than 32 bits (bools too), which
/// Triton's tl.sum, tl.cumsum, tl.max and tl.min widen to 32 bits.
bool isNarrowInt(mlir::Type type);
/// A pointer or block of pointers, or an error.
mlir::FailureOr<mlir::Value> pointerArg(Generator &gen, const Arg &arg);
/// Broadcasts pointer and mask to their common shape.
mlir::LogicalResult broadcastMask(Generator &gen, mlir::Value &ptr,
                                  mlir::Value &mask, const Arg &maskArg,
                                  const Location &at);
/// Promotes and broadcasts `args` to one element type and shape.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
unifyOperands(Generator &gen, llvm::ArrayRef<Arg> args, const Location &at);
/// unifyOperands for values that are only selected or moved (tl.where,
/// tl.join): fp8 is allowed (Generator::selectionType).
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
unifySelected(Generator &gen, llvm::ArrayRef<Arg> args, const Location &at);

/// tl.dot_scaled(...) as Hopper decomposes it (DotScaled.cpp).
mlir::FailureOr<GenValue> buildDotScaled(Generator &gen, const BoundArgs &args,
                                         const Location &at);
/// tl.sum/max/min(input, axis, ...) along `axis`, or every axis for None.
mlir::FailureOr<GenValue> buildReduce(Generator &gen, tile::ReduceKind kind,
                                      const BoundArgs &args,
                                      const Location &at);
/// tl.maximum/tl.minimum (and min/max on two values).
mlir::FailureOr<GenValue> buildMinMax(Generator &gen, bool isMax,
                                      const Arg &x, const Arg &y,
                                      const Location &at);
/// float(x), int(x), bool(x).
mlir::FailureOr<GenValue> buildPythonConversion(Generator &gen,
                                                llvm::StringRef name,
                                                const BoundArgs &args,
                                                const Location &at);
/// tl.dot(input, other, acc, ...): acc + input @ other in fp32.
mlir::FailureOr<GenValue> buildDot(Generator &gen, const BoundArgs &args,
                                   const Location &at);
/// tl.load(pointer, mask, other, ...).
mlir::FailureOr<GenValue> buildLoad(Generator &gen, const BoundArgs &args,
                                    const Location &at);
/// tl.store(pointer, value, mask, ...).
mlir::FailureOr<GenValue> buildStore(Generator &gen, const BoundArgs &args,
                                     const Location &at);

/// tl.atomic_add/max/min/and/or/xor/xchg(pointer, val, mask, sem, scope).
mlir::FailureOr<GenValue> buildAtomicRMW(Generator &gen, llvm::StringRef name,
                                         const BoundArgs &args,
                                         const Location &at);
/// tl.atomic_cas(pointer, cmp, val, sem, scope).
mlir::FailureOr<GenValue> buildAtomicCAS(Generator &gen, const BoundArgs &args,
                                         const Location &at);

/// tl.randint/randint4x/rand/rand4x/randn/randn4x(seed, offset, n_rounds).
mlir::FailureOr<GenValue> buildRandom(Generator &gen, llvm::StringRef name,
                                      const BoundArgs &args,
                                      const Location &at);
/// tl.umulhi(x, y): the high half of the unsigned 64-bit product.
/// tl.philox(seed, c0, c1, c2, c3, n_rounds): four uint32 words.
mlir::FailureOr<GenValue> buildPhilox(Generator &gen, const BoundArgs &args,
                                      const Location &at);
/// tl.uint_to_uniform_float(x): floats in [0, 1) from 32/64-bit words.
mlir::FailureOr<GenValue> buildUintToUniformFloat(Generator &gen,
                                                  const BoundArgs &args,
                                                  const Location &at);
/// tl.pair_uniform_to_normal(u1, u2): Box-Muller, a pair of normals.
mlir::FailureOr<GenValue> buildPairUniformToNormal(Generator &gen,
                                                   const BoundArgs &args,
                                                   const Location &at);
/// tl.swizzle2d(i, j, size_i, size_j, size_g) (Library.cpp).
mlir::FailureOr<GenValue> buildSwizzle2d(Generator &gen, const BoundArgs &args,
                                         const Location &at);
/// tl.ravel(x, can_reorder).
mlir::FailureOr<GenValue> buildRavel(Generator &gen, const BoundArgs &args,
                                     const Location &at);
/// tl.softmax(x, dim, keep_dims, ieee_rounding).
mlir::FailureOr<GenValue> buildSoftmax(Generator &gen, const BoundArgs &args,
                                       const Location &at);
/// tl.broadcast(input, other): both at their common shape.
mlir::FailureOr<GenValue> buildBroadcastPair(Generator &gen,
                                             const BoundArgs &args,
                                             const Location &at);
/// isinstance(obj, classinfo): a compile-time bool from obj's kind
/// (tl.tensor_descriptor, tl.tensor, tl.constexpr, tl.dtype, int, ...).
mlir::FailureOr<GenValue> buildIsInstance(Generator &gen,
                                          const BoundArgs &args,
                                          const Location &at);
/// tl.pointer_type(element_ty): the dtype of pointers to it.
mlir::FailureOr<GenValue> buildPointerType(Generator &gen,
                                           const BoundArgs &args,
                                           const Location &at);
/// x.to(dtype) where x or dtype is a pointer: pointers to other pointers,
/// to and from int64 addresses, to bool (non-null).
mlir::FailureOr<GenValue> buildPointerCast(Generator &gen, mlir::Value x,
                                           mlir::Type dtype,
                                           const Location &xLoc,
                                           const Location &at);
/// tl.assume(cond): llvm.assume for a scalar; a block's is dropped.
mlir::FailureOr<GenValue> buildAssume(Generator &gen, const BoundArgs &args,
                                      const Location &at);
mlir::FailureOr<GenValue> buildUmulhi(Generator &gen, const BoundArgs &args,
                                      const Location &at);

/// Records hint `attrName` (tile.multiple_of, tile.max_contiguous,
/// tile.max_constancy) with one value per dimension on `x`'s defining op, or
/// on the kernel argument `x` is; the axis analysis reads it from there.
void setHint(Generator &gen, mlir::Value x, llvm::StringRef attrName,
             llvm::ArrayRef<int32_t> values);

/// tl.make_tensor_descriptor(base, shape, strides, block_shape,
/// padding_option).
mlir::FailureOr<GenValue> buildMakeTensorDescriptor(Generator &gen,
                                                    const BoundArgs &args,
                                                    const Location &at);
/// A tensor descriptor for the kernel argument group `base, shape...,
/// strides...` (a `tensordesc<...>` signature entry); the last stride is 1.
/// `tensorMap`, when given, is the `!tile.tensormap` parameter the runtime
/// encodes for it: its 2-d loads name their blocks in it for TMA.
GenValue makeTensorDescriptor(Generator &gen, mlir::Value base,
                              llvm::ArrayRef<mlir::Value> shape,
                              llvm::ArrayRef<mlir::Value> strides,
                              llvm::ArrayRef<int64_t> blockShape,
                              bool nanPadding, const Location &at,
                              mlir::Value tensorMap = {});
/// desc.load(offsets) / tl.load_tensor_descriptor(desc, offsets).
mlir::FailureOr<GenValue> buildDescriptorLoad(Generator &gen,
                                              const GenValue &desc,
                                              const Arg &offsets,
                                              const Location &at);
/// desc.store(offsets, value) / tl.store_tensor_descriptor(desc, offsets,
/// value), and desc.atomic_<op>(offsets, value) for `atomic` "tl.atomic_<op>".
mlir::FailureOr<GenValue> buildDescriptorStore(Generator &gen,
                                               const GenValue &desc,
                                               const Arg &offsets,
                                               const Arg &value,
                                               llvm::StringRef atomic,
                                               const Location &at);

/// The integers of a compile-time tuple (or one integer), or an error
/// naming `what`.
mlir::FailureOr<llvm::SmallVector<int64_t>>
constantInts(Generator &gen, const Arg &arg, llvm::StringRef what);
/// The `rank` elements of a tuple argument (or the one value), each a
/// runtime integer scalar cast to `type`, or an error naming `fn` and `what`.
mlir::FailureOr<llvm::SmallVector<GenValue>>
integerScalars(Generator &gen, const Arg &arg, llvm::StringRef fn,
               llvm::StringRef what, mlir::Type type, size_t rank,
               const Location &at);

/// The `base` argument of `fn` (tl.make_block_ptr,
/// tl.make_tensor_descriptor) as a single pointer, or an error.
mlir::FailureOr<mlir::Value> singlePointerBase(Generator &gen, const Arg &base,
                                               llvm::StringRef fn);
/// A `block_shape` argument of `fn`: compile-time powers of two, or an
/// error.
mlir::FailureOr<llvm::SmallVector<int64_t>>
blockShapeArg(Generator &gen, const Arg &arg, llvm::StringRef fn);

/// tl.make_block_ptr(base, shape, strides, offsets, block_shape, order).
mlir::FailureOr<GenValue> buildMakeBlockPtr(Generator &gen,
                                            const BoundArgs &args,
                                            const Location &at);
/// tl.advance(base, offsets).
mlir::FailureOr<GenValue> buildAdvance(Generator &gen, const BoundArgs &args,
                                       const Location &at);
/// The pointers (and mask, for `boundaryCheck`) of an access through a
/// block pointer.
struct BlockAccess {
  mlir::Value ptrs, mask;
};
mlir::FailureOr<BlockAccess> blockAccess(Generator &gen, const GenValue &ptr,
                                         const Arg *boundaryCheck,
                                         llvm::StringRef fn,
                                         const Location &at);
/// The same with the checked dimensions given (one flag per dimension).
mlir::FailureOr<BlockAccess> blockAccess(Generator &gen, const GenValue &ptr,
                                         llvm::ArrayRef<bool> checked,
                                         const Location &at);

/// tl.inline_asm_elementwise(asm, constraints, args, dtype, is_pure, pack).
mlir::FailureOr<GenValue> buildInlineAsm(Generator &gen, const BoundArgs &args,
                                         const Location &at);
/// Whether libdevice.`name` is one tilec calls.
bool isLibdeviceFunction(llvm::StringRef name);
/// Whether tl.`name` is a member of Triton's language that tilec knows
/// (a function it supports or names as not supported yet, a dtype, a
/// submodule); a member tilec does not know may still exist in Triton.
bool isTritonLanguageMember(llvm::StringRef name);
/// libdevice.`name`(args...): a call of libdevice's `__nv_*` function.
mlir::FailureOr<GenValue> buildLibdeviceCall(Generator &gen,
                                             llvm::StringRef name,
                                             llvm::ArrayRef<Arg> args,
                                             const Location &at);

/// tl.trans(x, *dims) and tl.permute(x, *dims) (dims a tuple or one
/// integer each; tl.trans of a 2-d block defaults to (1, 0)).
mlir::FailureOr<GenValue> buildTrans(Generator &gen, llvm::StringRef name,
                                     const BoundArgs &args, const Location &at);
/// The block whose dimension i is dimension dims[i] of `x`.
mlir::FailureOr<GenValue> buildPermute(Generator &gen, mlir::Value x,
                                       llvm::ArrayRef<int64_t> dims,
                                       llvm::StringRef fn, const Location &at);

/// tl.cumsum(input, axis=0, reverse=False, dtype=None), tl.cumprod.
mlir::FailureOr<GenValue> buildScan(Generator &gen, llvm::StringRef name,
                                    const BoundArgs &args, const Location &at);
/// tl.argmax / tl.argmin(input, axis, tie_break_left=True, keep_dims=False).
mlir::FailureOr<GenValue> buildArgReduce(Generator &gen, llvm::StringRef name,
                                         const BoundArgs &args,
                                         const Location &at);
/// The index of the maximum (minimum) of `x` along `axis` (i32).
mlir::FailureOr<GenValue> buildArgMinMax(Generator &gen, bool isMax,
                                         mlir::Value x, unsigned axis,
                                         bool keepDims, const Location &at);

/// tl.reduce(input, axis, combine_fn, keep_dims=False): input a block or a
/// tuple of blocks, combine_fn a @triton.jit function (Combine.cpp).
mlir::FailureOr<GenValue> buildUserReduce(Generator &gen, const BoundArgs &args,
                                          const Location &at);
/// tl.associative_scan(input, axis, combine_fn, reverse=False).
mlir::FailureOr<GenValue> buildUserScan(Generator &gen, const BoundArgs &args,
                                        const Location &at);
/// tl.map_elementwise(scalar_fn, *args, pack=1): scalar_fn inlined into a
/// tile.map_elementwise region on one element of each (broadcast) input.
mlir::FailureOr<GenValue> buildMapElementwise(Generator &gen,
                                              const BoundArgs &args,
                                              const Location &at);
/// tl.xor_sum(input, axis=None, keep_dims=False) on integers.
mlir::FailureOr<GenValue> buildBitwiseReduce(Generator &gen,
                                             llvm::StringRef fn,
                                             const BoundArgs &args,
                                             const Location &at);

/// tl.reshape / tl.view(input, *shape).
mlir::FailureOr<GenValue> buildReshape(Generator &gen, llvm::StringRef name,
                                       const BoundArgs &args,
                                       const Location &at);
/// tl.join(a, b), tl.interleave(a, b), tl.split(a).
mlir::FailureOr<GenValue> buildJoinSplit(Generator &gen, llvm::StringRef name,
                                         const BoundArgs &args,
                                         const Location &at);

/// tl.gather(src, index, axis).
mlir::FailureOr<GenValue> buildGather(Generator &gen, const BoundArgs &args,
                                      const Location &at);
/// tl.flip(x, dim=None): reversed along `dim` (the last for None).
mlir::FailureOr<GenValue> buildFlip(Generator &gen, const BoundArgs &args,
                                    const Location &at);
/// tl.cat(input, other, can_reorder=False) of two 1-d blocks.
mlir::FailureOr<GenValue> buildCat(Generator &gen, const BoundArgs &args,
                                   const Location &at);
/// tl.sort(x, dim=None, descending=False) along the last dimension.
mlir::FailureOr<GenValue> buildSort(Generator &gen, const BoundArgs &args,
                                    const Location &at);
/// tl.topk(x, k, dim=None): the k largest along the last dimension,
/// largest first.
mlir::FailureOr<GenValue> buildTopk(Generator &gen, const BoundArgs &args,
                                    const Location &at);

/// tl.histogram(input, num_bins, mask=None) of a 1-d integer block.
mlir::FailureOr<GenValue> buildHistogram(Generator &gen, const BoundArgs &args,
                                         const Location &at);

/// tl.static_print(*values, sep=' ', end='\n'): the values as Python's
/// print() writes them, to stderr, at compile time (StaticPrint.cpp).
mlir::FailureOr<GenValue> buildStaticPrint(Generator &gen,
                                           const BoundArgs &args,
                                           const Location &at);

/// tl.device_assert(cond, msg, mask) and `assert cond, msg`: a tile.assert
/// under --debug, nothing otherwise.
mlir::FailureOr<GenValue> buildDeviceAssert(Generator &gen, const Arg &cond,
                                            const Arg *msg, const Arg *mask,
                                            const Location &at);

} // namespace detail
} // namespace tilec

#endif // TILEC_LIB_FRONTEND_BUILTINS_H
