//===- Atomics.cpp - tl.atomic_* ------------------------------------------===//
//
// Triton's atomics: the pointer (or block of pointers) decides the shape;
// the value and mask are broadcast to it and the value is converted to the
// pointee type. `sem` defaults to "acq_rel" and `scope` to "gpu", as in
// Triton.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

using namespace mlir;

namespace tilec {
namespace detail {

namespace {

/// The ordering and scope of an atomic, from its `sem=` and `scope=`.
struct AtomicOrder {
  tile::MemSemantic sem = tile::MemSemantic::AcqRel;
  tile::MemScope scope = tile::MemScope::GPU;
};

} // namespace

static FailureOr<AtomicOrder> atomicOrderArgs(Generator &gen,
                                              llvm::StringRef fn,
                                              const BoundArgs &args,
                                              unsigned semIndex,
                                              unsigned scopeIndex) {
  AtomicOrder order;
  if (args.has(semIndex)) {
    const Arg &a = args[semIndex];
    std::optional<tile::MemSemantic> sem;
    if (a.value.kind == GenValue::Kind::String)
      sem = tile::symbolizeMemSemantic(a.value.name);
    if (!sem)
      return gen.emitError(a.loc)
             << fn << "(): sem must be \"acquire\", \"release\", \"acq_rel\" "
             << "or \"relaxed\", got " << describe(a.value);
    order.sem = *sem;
  }
  if (args.has(scopeIndex)) {
    const Arg &a = args[scopeIndex];
    std::optional<tile::MemScope> scope;
    if (a.value.kind == GenValue::Kind::String)
      scope = tile::symbolizeMemScope(a.value.name);
    if (!scope)
      return gen.emitError(a.loc)
             << fn << "(): scope must be \"gpu\", \"cta\" or \"sys\", got "
             << describe(a.value);
    order.scope = *scope;
  }
  return order;
}

/// `arg` converted to the pointee type of `ptr` and broadcast to its shape.
static FailureOr<Value> operandFor(Generator &gen, llvm::StringRef fn,
                                   Value ptr, const Arg &arg,
                                   llvm::StringRef what, const Location &at) {
  Type pointee =
      cast<tile::PtrType>(getElementType(ptr.getType())).getPointeeType();
  if (arg.value.isRuntime() && isPointer(getElementType(arg.value.value.getType())))
    return gen.emitError(arg.loc)
           << fn << "(): " << what << " must be a number or a block of "
           << "numbers, got " << describe(arg.value);
  if (arg.value.isRuntime() && isBlock(arg.value.value.getType()) &&
      !isBlock(ptr.getType()))
    return gen.emitError(arg.loc)
           << fn << "(): " << what << " is a block but the pointer is a "
           << "single pointer";
  // Converted to the pointee's type (a float to a *u64 with fptoui).
  FailureOr<Value> v = gen.castTo(arg, pointee, at, gen.isUnsignedInt(ptr));
  if (failed(v))
    return failure();
  return gen.broadcastTo(*v, getShape(ptr.getType()), arg.loc);
}

/// Whether atomics apply to `element` at all (what tile's verifiers check
/// in detail): a located error here beats an op verifier's.
static LogicalResult checkAtomicElement(Generator &gen, llvm::StringRef fn,
                                        Type element, bool floatsAllowed,
                                        bool halvesAllowed,
                                        const Location &at) {
  unsigned bits = element.isIntOrFloat() ? element.getIntOrFloatBitWidth() : 0;
  bool isHalf = element.isF16() || element.isBF16();
  bool ok = (element.isInteger() && (bits == 32 || bits == 64)) ||
            ((element.isF32() || element.isF64()) && floatsAllowed) ||
            (isHalf && halvesAllowed);
  if (ok)
    return success();
  return gen.emitError(at) << fn << "() does not support "
                           << describe(element) << " elements";
}

FailureOr<GenValue> buildAtomicRMW(Generator &gen, llvm::StringRef name,
                                   const BoundArgs &args, const Location &at) {
  std::string fn = name.str();
  llvm::StringRef op = name.drop_front(strlen("tl.atomic_"));
  tile::AtomicKind kind = llvm::StringSwitch<tile::AtomicKind>(op)
                              .Case("add", tile::AtomicKind::Add)
                              .Case("max", tile::AtomicKind::Max)
                              .Case("min", tile::AtomicKind::Min)
                              .Case("and", tile::AtomicKind::And)
                              .Case("or", tile::AtomicKind::Or)
                              .Case("xor", tile::AtomicKind::Xor)
                              .Default(tile::AtomicKind::Xchg);
  FailureOr<Value> ptrOr = pointerArg(gen, args[0]);
  if (failed(ptrOr))
    return failure();
  Value ptr = *ptrOr, mask;
  if (args.has(2)) {
    FailureOr<Value> m = valueArg(gen, args[2]);
    if (failed(m) || failed(broadcastMask(gen, ptr, *m, args[2], at)))
      return failure();
    mask = *m;
  }
  Type pointee =
      cast<tile::PtrType>(getElementType(ptr.getType())).getPointeeType();
  // Unsigned integers order as unsigned (atom.max.u32).
  if (isInt(pointee) && gen.isUnsignedInt(ptr)) {
    if (kind == tile::AtomicKind::Max)
      kind = tile::AtomicKind::UMax;
    else if (kind == tile::AtomicKind::Min)
      kind = tile::AtomicKind::UMin;
  }
  bool bitwise = kind == tile::AtomicKind::And ||
                 kind == tile::AtomicKind::Or || kind == tile::AtomicKind::Xor;
  if (failed(checkAtomicElement(gen, fn, pointee, /*floatsAllowed=*/!bitwise,
                                /*halvesAllowed=*/kind == tile::AtomicKind::Add,
                                args[0].loc)))
    return failure();
  FailureOr<Value> value = operandFor(gen, fn, ptr, args[1], "val", at);
  if (failed(value))
    return failure();
  FailureOr<AtomicOrder> order = atomicOrderArgs(gen, fn, args, 3, 4);
  if (failed(order))
    return failure();
  return GenValue::runtime(tile::AtomicRMWOp::create(
      gen.builder, gen.loc(at), value->getType(), kind, ptr, *value, mask,
      order->sem, order->scope));
}

FailureOr<GenValue> buildAtomicCAS(Generator &gen, const BoundArgs &args,
                                   const Location &at) {
  FailureOr<Value> ptrOr = pointerArg(gen, args[0]);
  if (failed(ptrOr))
    return failure();
  Value ptr = *ptrOr;
  Type pointee =
      cast<tile::PtrType>(getElementType(ptr.getType())).getPointeeType();
  unsigned bits = pointee.isIntOrFloat() ? pointee.getIntOrFloatBitWidth() : 0;
  if (bits != 16 && bits != 32 && bits != 64)
    return gen.emitError(args[0].loc)
           << "tl.atomic_cas() does not support " << describe(pointee)
           << " elements (it takes 16-, 32- and 64-bit ones)";
  FailureOr<Value> cmp = operandFor(gen, "tl.atomic_cas", ptr, args[1], "cmp", at);
  if (failed(cmp))
    return failure();
  FailureOr<Value> value =
      operandFor(gen, "tl.atomic_cas", ptr, args[2], "val", at);
  if (failed(value))
    return failure();
  FailureOr<AtomicOrder> order =
      atomicOrderArgs(gen, "tl.atomic_cas", args, 3, 4);
  if (failed(order))
    return failure();
  return GenValue::runtime(tile::AtomicCASOp::create(
      gen.builder, gen.loc(at), value->getType(), ptr, *cmp, *value,
      order->sem, order->scope));
}

} // namespace detail
} // namespace tilec
