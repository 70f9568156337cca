//===- Builtins.cpp - tl.* functions, Python builtins, methods on blocks --===//
//
// Each function has a parameter list; calls bind positional and keyword
// arguments to it as Python would, so that wrong counts and unknown keywords
// are reported with the function's name and the argument's location.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

#include "tilec/Frontend/PyValue.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <optional>

using namespace mlir;

namespace tilec {
namespace detail {

namespace {
/// A builtin's parameters: names in order, how many are required, and
/// whether extra positional arguments are accepted (min/max).
struct Signature {
  llvm::SmallVector<llvm::StringRef, 8> params;
  unsigned required;
  bool variadic = false;
  /// The last `keywordOnly` params follow `*args` in Python: keyword only.
  unsigned keywordOnly = 0;
};

} // namespace

/// Functions that exist in Triton but not here yet: a call gets a clear
/// "not supported yet" instead of "unknown function".
static bool isKnownUnsupported(llvm::StringRef name) {
  static const char *names[] = {
      "dot", "tanh", "bitonic_merge", "slice", "condition",
      "float8e4b15", "float8e4b8", "float8e5b16",
      "log1p", "erf_inv", "pow", "ones", "full_like", "clamp_max",
      // Classes: names for isinstance() (Library.cpp).
      "tensor", "tensor_descriptor", "dtype", "tuple", "block_type"};
  for (const char *n : names)
    if (name == n)
      return true;
  return false;
}

/// The parameters of every supported function, by qualified name.
static std::optional<Signature> lookupSignature(llvm::StringRef name) {
  using S = Signature;
  static const llvm::StringRef unaryMath[] = {
      "tl.exp",   "tl.exp2",  "tl.log",     "tl.log2",  "tl.sqrt",
      "tl.rsqrt", "tl.abs",   "tl.sin",     "tl.cos",   "tl.floor",
      "tl.ceil",  "tl.erf",   "tl.sigmoid"};
  for (llvm::StringRef n : unaryMath)
    if (name == n)
      return S{{"x"}, 1};
  return llvm::StringSwitch<std::optional<Signature>>(name)
      .Case("tl.program_id", S{{"axis"}, 1})
      .Case("tl.num_programs", S{{"axis"}, 1})
      .Case("tl.arange", S{{"start", "end"}, 2})
      .Case("tl.zeros", S{{"shape", "dtype"}, 2})
      .Case("tl.zeros_like", S{{"input", "dtype"}, 1})
      .Case("tl.full", S{{"shape", "value", "dtype"}, 3})
      .Case("tl.load", S{{"pointer", "mask", "other", "boundary_check",
                          "padding_option", "cache_modifier",
                          "eviction_policy", "volatile"},
                         1})
      .Case("tl.store", S{{"pointer", "value", "mask", "boundary_check",
                           "cache_modifier", "eviction_policy"},
                          2})
      .Case("tl.dot", S{{"input", "other", "acc", "input_precision",
                         "allow_tf32", "max_num_imprecise_acc", "out_dtype"},
                        2})
      .Case("tl.sum", S{{"input", "axis", "keep_dims", "dtype"}, 1})
      .Case("tl.max", S{{"input", "axis", "return_indices",
                         "return_indices_tie_break_left", "keep_dims"},
                        1})
      .Case("tl.min", S{{"input", "axis", "return_indices",
                         "return_indices_tie_break_left", "keep_dims"},
                        1})
      .Case("tl.maximum", S{{"x", "y", "propagate_nan"}, 2})
      .Case("tl.minimum", S{{"x", "y", "propagate_nan"}, 2})
      .Case("tl.clamp", S{{"x", "min", "max", "propagate_nan"}, 3})
      .Case("tl.where", S{{"condition", "x", "y"}, 3})
      .Case("tl.dot_scaled",
            S{{"lhs", "lhs_scale", "lhs_format", "rhs", "rhs_scale",
               "rhs_format", "acc", "fast_math", "lhs_k_pack", "rhs_k_pack",
               "out_dtype"},
              6})
      .Case("tl.fma", S{{"x", "y", "z"}, 3})
      .Case("tl.cdiv", S{{"x", "div"}, 2})
      .Case("tl.cast", S{{"input", "dtype", "fp_downcast_rounding", "bitcast"},
                         2})
      .Case("method.to", S{{"input", "dtype", "fp_downcast_rounding",
                            "bitcast"},
                           2})
      .Case("tl.multiple_of", S{{"input", "values"}, 2})
      .Case("tl.max_contiguous", S{{"input", "values"}, 2})
      .Case("tl.max_constancy", S{{"input", "values"}, 2})
      .Case("tl.static_assert", S{{"cond", "msg"}, 1})
      .Case("tl.static_print", S{{"sep", "end", "flush"}, 0,
                                 /*variadic=*/true, /*keywordOnly=*/3})
      .Case("tl.device_print", S{{"prefix", "hex"}, 1, /*variadic=*/true,
                                 /*keywordOnly=*/1})
      .Case("tl.device_assert", S{{"cond", "msg", "mask"}, 1})
      .Case("tl.inline_asm_elementwise",
            S{{"asm", "constraints", "args", "dtype", "is_pure", "pack"}, 6})
      .Cases({"tl.atomic_add", "tl.atomic_max", "tl.atomic_min",
              "tl.atomic_and", "tl.atomic_or", "tl.atomic_xor",
              "tl.atomic_xchg"},
             S{{"pointer", "val", "mask", "sem", "scope"}, 2})
      .Case("tl.atomic_cas", S{{"pointer", "cmp", "val", "sem", "scope"}, 3})
      .Case("tl.debug_barrier", S{{}, 0})
      .Cases({"tl.randint", "tl.randint4x", "tl.rand", "tl.rand4x", "tl.randn",
              "tl.randn4x"},
             S{{"seed", "offset", "n_rounds"}, 2})
      .Case("tl.umulhi", S{{"x", "y"}, 2})
      .Case("tl.fdiv", S{{"x", "y", "ieee_rounding"}, 2})
      .Case("tl.div_rn", S{{"x", "y"}, 2})
      .Case("tl.sqrt_rn", S{{"x"}, 1})
      .Case("tl.make_block_ptr", S{{"base", "shape", "strides", "offsets",
                                    "block_shape", "order"},
                                   6})
      .Case("tl.advance", S{{"base", "offsets"}, 2})
      .Case("tl.make_tensor_descriptor",
            S{{"base", "shape", "strides", "block_shape", "padding_option"},
              4})
      .Case("tl.load_tensor_descriptor", S{{"desc", "offsets"}, 2})
      .Case("tl.store_tensor_descriptor", S{{"desc", "offsets", "value"}, 3})
      .Case("desc.load", S{{"self", "offsets"}, 2})
      .Cases({"desc.store", "desc.atomic_add", "desc.atomic_max",
              "desc.atomic_min", "desc.atomic_and", "desc.atomic_or",
              "desc.atomic_xor"},
             S{{"self", "offsets", "value"}, 3})
      .Case("tl.expand_dims", S{{"input", "axis"}, 2})
      .Cases({"tl.trans", "tl.permute"}, S{{"input"}, 1, /*variadic=*/true})
      .Cases({"tl.reshape", "tl.view"},
             S{{"input", "can_reorder"}, 1, /*variadic=*/true,
               /*keywordOnly=*/1})
      .Cases({"tl.join", "tl.interleave"}, S{{"a", "b"}, 2})
      .Case("tl.split", S{{"a"}, 1})
      .Case("tl.flip", S{{"x", "dim"}, 1})
      .Case("tl.cat", S{{"input", "other", "can_reorder"}, 2})
      .Case("tl.gather", S{{"src", "index", "axis"}, 3})
      .Case("tl.sort", S{{"x", "dim", "descending"}, 1})
      .Case("tl.topk", S{{"x", "k", "dim"}, 2})
      .Case("tl.histogram", S{{"input", "num_bins", "mask"}, 2})
      .Case("tl.cumsum", S{{"input", "axis", "reverse", "dtype"}, 1})
      .Case("tl.cumprod", S{{"input", "axis", "reverse"}, 1})
      .Case("tl.reduce", S{{"input", "axis", "combine_fn", "keep_dims"}, 3})
      .Case("tl.associative_scan",
            S{{"input", "axis", "combine_fn", "reverse"}, 3})
      .Case("tl.xor_sum", S{{"input", "axis", "keep_dims"}, 1})
      .Case("tl.reduce_or", S{{"input", "axis", "keep_dims"}, 2})
      .Cases({"tl.add", "tl.sub", "tl.mul"},
             S{{"x", "y", "sanitize_overflow"}, 2})
      .Case("tl.map_elementwise", S{{"scalar_fn", "pack"}, 1,
                                    /*variadic=*/true, /*keywordOnly=*/1})
      .Cases({"tl.argmax", "tl.argmin"},
             S{{"input", "axis", "tie_break_left", "keep_dims"}, 1})
      .Case("tl.broadcast_to", S{{"input", "shape"}, 2})
      .Case("tl.broadcast", S{{"input", "other"}, 2})
      .Case("tl.pointer_type", S{{"element_ty", "address_space", "const"}, 1})
      .Case("tl.swizzle2d", S{{"i", "j", "size_i", "size_j", "size_g"}, 5})
      .Case("tl.ravel", S{{"x", "can_reorder"}, 1})
      .Case("tl.softmax", S{{"x", "dim", "keep_dims", "ieee_rounding"}, 1})
      .Case("tl.assume", S{{"cond"}, 1})
      .Case("tl.philox", S{{"seed", "c0", "c1", "c2", "c3", "n_rounds"}, 5})
      .Case("tl.uint_to_uniform_float", S{{"x"}, 1})
      .Case("tl.pair_uniform_to_normal", S{{"u1", "u2"}, 2})
      .Case("tl.constexpr", S{{"value"}, 1})
      .Case("triton.next_power_of_2", S{{"n"}, 1})
      .Case("float", S{{"x"}, 0})
      .Case("int", S{{"x"}, 0})
      .Case("bool", S{{"x"}, 0})
      .Case("abs", S{{"x"}, 1})
      .Case("len", S{{"obj"}, 1})
      .Case("isinstance", S{{"obj", "classinfo"}, 2})
      .Cases({"tl.extra.cuda.gdc_wait", "tl.extra.cuda.gdc_launch_dependents",
              "tl.extra.cuda.globaltimer", "tl.extra.cuda.smid"},
             S{{}, 0})
      .Case("min", S{{"a"}, 1, /*variadic=*/true})
      .Case("max", S{{"a"}, 1, /*variadic=*/true})
      .Default(std::nullopt);
}

/// The name users wrote: "tl.load", "x.to", "float".
static std::string displayName(llvm::StringRef name) {
  if (name.consume_front("method."))
    return ("x." + name).str();
  return name.str();
}

static FailureOr<BoundArgs>
bindArgs(Generator &gen, llvm::StringRef name, const Signature &sig,
         ArrayRef<Arg> args, ArrayRef<Arg> kwargValues,
         ArrayRef<std::string> kwargNames, const Location &at) {
  BoundArgs bound;
  bound.callLoc = at;
  bound.slots.resize(sig.params.size());
  std::string fn = displayName(name) + "()";
  size_t positional = sig.params.size() - sig.keywordOnly;
  for (auto [i, arg] : llvm::enumerate(args)) {
    if (i < positional) {
      bound.slots[i] = arg;
      continue;
    }
    if (sig.variadic) {
      bound.extra.push_back(arg);
      continue;
    }
    return gen.emitError(arg.loc)
           << fn << " takes at most " << sig.params.size()
           << " argument" << (sig.params.size() == 1 ? "" : "s") << " but "
           << args.size() << " were given";
  }
  for (auto [value, kwName] : llvm::zip(kwargValues, kwargNames)) {
    auto it = llvm::find(sig.params, kwName);
    if (it == sig.params.end())
      return gen.emitError(value.loc) << fn
                                      << " got an unexpected keyword argument '"
                                      << kwName << "'";
    unsigned index = it - sig.params.begin();
    if (bound.slots[index])
      return gen.emitError(value.loc) << fn
                                      << " got multiple values for argument '"
                                      << kwName << "'";
    bound.slots[index] = value;
  }
  for (unsigned i = 0; i < sig.required; ++i)
    if (!bound.slots[i])
      return gen.emitError(at) << fn << " missing required argument '"
                               << sig.params[i] << "'";
  return bound;
}

//===----------------------------------------------------------------------===//
// Namespaces and members
//===----------------------------------------------------------------------===//

/// tl.float32 and friends. Unsigned types are signless in MLIR.
static Type lookupDType(Builder &b, llvm::StringRef name) {
  return llvm::StringSwitch<Type>(name)
      .Case("float16", b.getF16Type())
      .Case("bfloat16", b.getBF16Type())
      .Case("float32", b.getF32Type())
      .Case("float64", b.getF64Type())
      .Cases({"int1", "bool"}, b.getI1Type())
      .Cases({"int8", "uint8"}, b.getI8Type())
      .Cases({"int16", "uint16"}, b.getI16Type())
      .Cases({"int32", "uint32"}, b.getI32Type())
      .Cases({"int64", "uint64"}, b.getI64Type())
      .Case("float8e5", b.getType<Float8E5M2Type>())
      .Case("float8e4nv", b.getType<Float8E4M3FNType>())
      .Default(Type());
}

bool isTritonLanguageMember(llvm::StringRef name) {
  static const llvm::StringLiteral others[] = {
      "range",    "static_range", "constexpr", "math",     "extra",
      "int1",     "int8",         "int16",     "int32",    "int64",
      "uint8",    "uint16",       "uint32",    "uint64",   "float16",
      "bfloat16", "float32",      "float64",   "float8e5", "float8e4nv"};
  return lookupSignature(("tl." + name).str()) || isKnownUnsupported(name) ||
         llvm::is_contained(others, name);
}

FailureOr<GenValue> Generator::namespaceMember(llvm::StringRef ns,
                                               llvm::StringRef name,
                                               const Location &at) {
  if (isModuleNamespace(ns))
    return moduleMember(ns, name, at);
  // tl.extra.cuda.libdevice (and tl.extra.libdevice).
  if (ns == "tl" && name == "extra")
    return GenValue::namespaceOf("tl.extra");
  if (ns == "tl.extra" && name == "cuda")
    return GenValue::namespaceOf("tl.extra.cuda");
  if ((ns == "tl.extra" || ns == "tl.extra.cuda") && name == "libdevice")
    return GenValue::namespaceOf("libdevice");
  // Programmatic dependent launch (sm_90): griddepcontrol.
  if (ns == "tl.extra.cuda" &&
      (name == "gdc_wait" || name == "gdc_launch_dependents" ||
       name == "globaltimer" || name == "smid"))
    return GenValue::function(("tl.extra.cuda." + name).str());
  if (ns == "tl.extra" || ns == "tl.extra.cuda")
    return emitError(at) << "unknown module '" << ns << "." << name
                         << "' (tilec knows tl.extra.cuda.libdevice, "
                            "gdc_wait, gdc_launch_dependents, globaltimer "
                            "and smid)";
  if (ns == "libdevice") {
    if (isLibdeviceFunction(name))
      return GenValue::function(("libdevice." + name).str());
    return emitError(at) << "libdevice." << name << " is not supported yet";
  }
  if (ns == "triton") {
    if (name == "language")
      return GenValue::namespaceOf("tl");
    if (name == "cdiv")
      return GenValue::function("tl.cdiv");
    if (name == "next_power_of_2")
      return GenValue::function("triton.next_power_of_2");
    return emitError(at) << "unknown function 'triton." << name << "'";
  }
  if (name == "math")
    return GenValue::namespaceOf("tl");
  if (Type type = lookupDType(builder, name))
    return GenValue::dtype(type, name.starts_with("uint"));
  std::string qualified = ("tl." + name).str();
  // Dtypes Triton has for other GPUs: an error here, not at the use.
  if (name.starts_with("float8e") && isKnownUnsupported(name))
    return emitError(at) << qualified << " is not supported yet (tilec has "
                                        "the fp8 types float8e4nv and "
                                        "float8e5)";
  if (lookupSignature(qualified) || isKnownUnsupported(name) ||
      name == "range" || name == "static_range")
    return GenValue::function(qualified);
  return emitError(at) << "unknown function 'tl." << name << "'";
}

FailureOr<GenValue> Generator::valueMember(const GenValue &self,
                                           llvm::StringRef name,
                                           const Location &at) {
  // Attributes of dtypes: `ptr.dtype.element_ty` is the pointee, as in
  // `y.to(y_ptr.dtype.element_ty)`.
  if (self.kind == GenValue::Kind::DType) {
    if (name == "element_ty") {
      if (auto ptr = dyn_cast<tile::PtrType>(self.type))
        return GenValue::dtype(ptr.getPointeeType(), self.unsignedInt);
      // A block type (`x.type`): its element type.
      if (auto tensor = dyn_cast<RankedTensorType>(self.type))
        return GenValue::dtype(tensor.getElementType(), self.unsignedInt);
      return emitError(at) << describe(self)
                           << " is not a pointer type: it has no element_ty";
    }
    if (name == "primitive_bitwidth" && self.type.isIntOrFloat())
      return GenValue::integer(self.type.getIntOrFloatBitWidth());
  }
  if (self.isTensorDesc()) {
    size_t rank = self.descRank();
    auto leaves = [&](size_t first) {
      return GenValue::tuple(std::vector<GenValue>(
          self.elements.begin() + first, self.elements.begin() + first + rank));
    };
    Type pointee =
        cast<tile::PtrType>(self.elements[0].value.getType()).getPointeeType();
    if (name == "block_shape") {
      std::vector<GenValue> dims;
      for (int64_t d : self.descBlockShape())
        dims.push_back(GenValue::integer(d));
      return GenValue::tuple(std::move(dims));
    }
    if (name == "dtype")
      return GenValue::dtype(pointee, isUnsignedInt(self.elements[0].value));
    if (name == "block_type")
      return GenValue::dtype(
          RankedTensorType::get(self.descBlockShape(), pointee),
          isUnsignedInt(self.elements[0].value));
    if (name == "shape")
      return leaves(1);
    if (name == "strides")
      return leaves(1 + rank);
    if (name == "load" || name == "store" || name.starts_with("atomic_"))
      if (lookupSignature(("desc." + name).str()))
        return GenValue::method(("desc." + name).str(), self);
    if (name == "gather" || name == "scatter")
      return emitError(at) << "desc." << name << "() is not supported yet";
    return emitError(at) << describe(self) << " has no attribute '" << name
                         << "'";
  }
  if (!self.isRuntime())
    return emitError(at) << describe(self) << " has no attribute '" << name
                         << "'";
  Type type = self.value.getType();
  // For a pointer, unsignedInt says that of its pointee (element_ty).
  bool isUnsigned = isUnsignedInt(self.value);
  if (name == "dtype")
    return GenValue::dtype(getElementType(type), isUnsigned);
  // Triton's `x.type`: the dtype of a scalar, a block type for a block
  // (whose element_ty is the dtype).
  if (name == "type")
    return GenValue::dtype(type, isUnsigned);
  if (name == "shape") {
    std::vector<GenValue> dims;
    for (int64_t d : getShape(type))
      dims.push_back(GenValue::integer(d));
    return GenValue::tuple(std::move(dims));
  }
  if (name == "to")
    return GenValue::method("method.to", self);
  // `x.T`: the 2-d transpose.
  if (name == "T") {
    if (getShape(type).size() != 2)
      return emitError(at) << "x.T needs a 2-d block, got " << describe(type);
    return buildPermute(*this, self.value, {1, 0}, "x.T", at);
  }
  // Most tl functions on blocks are also methods: x.sum(axis=0), x.exp().
  static const char *methods[] = {
      "sum",   "max",  "min",     "exp",   "exp2",        "log",
      "cumsum", "cumprod", "argmax", "argmin", "split", "join",
      "log2",  "sqrt", "rsqrt",   "abs",   "sin",         "cos",
      "floor", "ceil", "sigmoid", "erf",   "expand_dims", "broadcast_to",
      "cdiv",  "cast", "reshape", "view",   "trans",       "permute",
      "flip",  "sort", "gather", "histogram", "reduce", "associative_scan",
      "xor_sum", "reduce_or", "softmax", "ravel"};
  for (const char *m : methods)
    if (name == m)
      return GenValue::method(("tl." + name).str(), self);
  return emitError(at) << "a value of type " << describe(type)
                       << " has no attribute '" << name << "'";
}

void setHint(Generator &gen, Value x, llvm::StringRef attrName,
             ArrayRef<int32_t> values) {
  auto attr = gen.builder.getDenseI32ArrayAttr(values);
  // The axis analysis reads the hint from the defining op, or from the
  // kernel's argument attributes for a kernel argument. Other block
  // arguments (loop-carried values) have nowhere to keep it.
  if (Operation *def = x.getDefiningOp()) {
    def->setAttr(attrName, attr);
    return;
  }
  auto arg = dyn_cast<BlockArgument>(x);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return;
  if (auto func = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp()))
    func.setArgAttr(arg.getArgNumber(), attrName, attr);
}

//===----------------------------------------------------------------------===//
// Dispatch
//===----------------------------------------------------------------------===//

/// A math function (`name`, as the user wrote it) on an fp32 or fp64 block
/// or scalar, as Triton's math.py checks them (_check_dtype): fp16, bf16
/// and integers are an error there ("Expected dtype ['fp32', 'fp64']"),
/// here too. A compile-time number computes in fp32. `negate`: of -x
/// (tl.sigmoid's exp).
template <typename OpTy>
static FailureOr<GenValue> unaryMath(Generator &gen, llvm::StringRef name,
                                     const Arg &arg, const Location &at,
                                     bool negate = false) {
  FailureOr<Value> x = valueArg(gen, arg);
  if (failed(x))
    return failure();
  Type elementType = getElementType(x->getType());
  if (isPointer(elementType))
    return gen.emitError(arg.loc) << "math functions do not apply to pointers";
  if (arg.value.isConstant()) {
    if (!isFloat(elementType))
      x = gen.convertElementType(*x, gen.builder.getF32Type(), at);
    if (failed(x))
      return failure();
  } else if (!elementType.isF32() && !elementType.isF64()) {
    return gen.emitError(arg.loc)
           << displayName(name) << "() takes fp32 or fp64, got "
           << describe(x->getType())
           << " (as in Triton); convert it first, e.g. x.to(tl.float32)";
  }
  mlir::Location l = gen.loc(at);
  if (negate)
    *x = arith::NegFOp::create(gen.builder, l, *x);
  return GenValue::runtime(OpTy::create(gen.builder, l, *x));
}

FailureOr<GenValue> Generator::callFunction(const GenValue &callee,
                                            ArrayRef<Arg> argsIn,
                                            ArrayRef<Arg> kwargValues,
                                            ArrayRef<std::string> kwargNames,
                                            const Location &at) {
  if (isJitFunction(callee))
    return callJitFunction(callee, argsIn, kwargValues, kwargNames, at);
  llvm::StringRef name = callee.name;
  SmallVector<Arg> args;
  if (!callee.elements.empty())
    args.push_back(Arg{callee.elements.front(), at}); // the bound `self`
  args.append(argsIn.begin(), argsIn.end());

  if (name == "range" || name == "tl.range" || name == "tl.static_range")
    return emitError(at) << displayName(name)
                         << "() can only be the iterable of a for loop";
  if (name == "print")
    return emitError(at) << "print() is not supported in kernels";
  if (name.starts_with("libdevice.")) {
    if (!kwargNames.empty())
      return emitError(at) << displayName(name)
                           << "() takes positional arguments only";
    return buildLibdeviceCall(*this, name.drop_front(strlen("libdevice.")),
                              args, at);
  }
  std::optional<Signature> sig = lookupSignature(name);
  if (!sig)
    return emitError(at) << displayName(name) << " is not supported yet";
  FailureOr<BoundArgs> boundOr =
      bindArgs(*this, name, *sig, args, kwargValues, kwargNames, at);
  if (failed(boundOr))
    return failure();
  const BoundArgs &a = *boundOr;
  mlir::Location l = loc(at);

  if (name == "tl.program_id" || name == "tl.num_programs") {
    FailureOr<int64_t> axis = constantInt(*this, a[0], "the axis");
    if (failed(axis))
      return failure();
    if (*axis < 0 || *axis > 2)
      return emitError(a[0].loc) << "the axis must be 0, 1 or 2, got " << *axis;
    if (name == "tl.program_id")
      return GenValue::runtime(tile::ProgramIdOp::create(
          builder, l, static_cast<uint32_t>(*axis)));
    return GenValue::runtime(tile::NumProgramsOp::create(
        builder, l, static_cast<uint32_t>(*axis)));
  }
  if (name == "tl.arange") {
    for (const Arg &bound : {a[0], a[1]}) {
      if (!bound.value.isConstant())
        return emitError(bound.loc)
               << "arange's arguments must be of type tl.constexpr, got "
               << describe(bound.value);
      // Triton takes neither 1024.0 nor True as a block size.
      if (bound.value.constant.kind != ConstantValue::Kind::Int)
        return emitError(bound.loc) << "arange bounds must be integers, got "
                                    << describe(bound.value);
    }
    std::optional<int64_t> startOr = a[0].value.getInt64(),
                           endOr = a[1].value.getInt64();
    if (!startOr || !endOr || *startOr < 0 || *endOr <= *startOr ||
        *endOr > INT32_MAX)
      return emitError(at) << "arange needs 0 <= start < end <= 2**31 - 1, "
                              "got ["
                           << py::str(a[0].value.constant) << ", "
                           << py::str(a[1].value.constant) << ")";
    int64_t start = *startOr, end = *endOr;
    if (!llvm::isPowerOf2_64(end - start))
      return emitError(at) << "arange's range must be a power of two, got "
                           << end - start;
    return GenValue::runtime(tile::MakeRangeOp::create(
        builder, l, RankedTensorType::get({end - start}, builder.getI32Type()),
        static_cast<uint32_t>(start), static_cast<uint32_t>(end)));
  }
  if (name == "tl.zeros" || name == "tl.full") {
    FailureOr<SmallVector<int64_t>> shape = blockShape(*this, a[0]);
    if (failed(shape))
      return failure();
    FailureOr<Type> dtype = dtypeArg(*this, a[name == "tl.zeros" ? 1 : 2],
                                     name, "dtype", DTypeUse::Number);
    if (failed(dtype))
      return failure();
    Arg value = name == "tl.zeros" ? Arg{GenValue::integer(0), at} : a[1];
    bool isUnsigned = this->isUnsigned(a[name == "tl.zeros" ? 1 : 2].value);
    // An empty shape is a scalar, as in Triton.
    if (shape->empty()) {
      if (value.value.isRuntime() && isBlock(value.value.value.getType()))
        return emitError(value.loc) << "tl.full needs a scalar value";
      FailureOr<Value> scalar = castTo(value, *dtype, at, isUnsigned);
      if (failed(scalar))
        return failure();
      return GenValue::runtime(markSignedness(*scalar, isUnsigned, at));
    }
    auto type = RankedTensorType::get(*shape, *dtype);
    if (value.value.isConstant()) {
      TypedAttr attr = constantAttr(value.value.constant, *dtype);
      Value block = arith::ConstantOp::create(
          builder, l, DenseElementsAttr::get(type, attr));
      if (isUnsigned)
        unsignedValues.insert(block);
      return GenValue::runtime(block);
    }
    FailureOr<Value> scalar = castTo(value, *dtype, at, isUnsigned);
    if (failed(scalar))
      return failure();
    if (isBlock(scalar->getType()))
      return emitError(value.loc) << "tl.full needs a scalar value";
    return GenValue::runtime(markSignedness(
        tile::SplatOp::create(builder, l, type, *scalar), isUnsigned, at));
  }
  if (name == "tl.zeros_like") {
    FailureOr<Value> x = valueArg(*this, a[0]);
    if (failed(x))
      return failure();
    Type elementType = getElementType(x->getType());
    bool isUnsigned = isUnsignedInt(*x);
    if (a.has(1)) {
      FailureOr<Type> dtype =
          dtypeArg(*this, a[1], name, "dtype", DTypeUse::Number);
      if (failed(dtype))
        return failure();
      elementType = *dtype;
      isUnsigned = this->isUnsigned(a[1].value);
    }
    Value zero = constantScalar(ConstantValue::getInt(0), elementType, at);
    FailureOr<Value> zeros = broadcastTo(zero, getShape(x->getType()), at);
    if (failed(zeros))
      return failure();
    // Zeros of x's dtype (or `dtype`), unsigned ones included.
    return GenValue::runtime(withSignedness(*zeros, isUnsigned));
  }
  if (name == "tl.dot")
    return buildDot(*this, a, at);
  if (name == "tl.load")
    return buildLoad(*this, a, at);
  if (name == "tl.store")
    return buildStore(*this, a, at);
  if (name == "tl.atomic_cas")
    return buildAtomicCAS(*this, a, at);
  if (name.starts_with("tl.atomic_"))
    return buildAtomicRMW(*this, name, a, at);
  if (name == "tl.make_block_ptr")
    return buildMakeBlockPtr(*this, a, at);
  if (name == "tl.advance")
    return buildAdvance(*this, a, at);
  if (name == "tl.make_tensor_descriptor")
    return buildMakeTensorDescriptor(*this, a, at);
  if (name.starts_with("desc.") || name == "tl.load_tensor_descriptor" ||
      name == "tl.store_tensor_descriptor") {
    if (!a[0].value.isTensorDesc())
      return emitError(a[0].loc) << displayName(name)
                                 << "(): expected a tensor descriptor, got "
                                 << describe(a[0].value);
    if (name == "desc.load" || name == "tl.load_tensor_descriptor")
      return buildDescriptorLoad(*this, a[0].value, a[1], at);
    llvm::StringRef atomic;
    if (name.starts_with("desc.atomic_"))
      atomic = name.drop_front(strlen("desc.")); // "atomic_add"
    return buildDescriptorStore(
        *this, a[0].value, a[1], a[2],
        atomic.empty() ? "" : ("tl." + atomic).str(), at);
  }
  if (name.starts_with("tl.rand"))
    return buildRandom(*this, name, a, at);
  if (name == "tl.umulhi")
    return buildUmulhi(*this, a, at);
  if (name == "tl.div_rn" || name == "tl.sqrt_rn" ||
      (name == "tl.fdiv" && a.has(2))) {
    bool ieee = true;
    if (name == "tl.fdiv") {
      FailureOr<bool> t = truthiness(a[2].value, a[2].loc);
      if (failed(t))
        return emitError(a[2].loc) << "ieee_rounding must be a compile-time bool";
      ieee = *t;
    }
    if (ieee) {
      SmallVector<Arg> operands{a[0]};
      if (name != "tl.sqrt_rn")
        operands.push_back(a[1]);
      return buildLibdeviceCall(*this,
                                name == "tl.sqrt_rn" ? "sqrt_rn" : "div_rn",
                                operands, at);
    }
  }
  if (name == "tl.fdiv")
    return genBinary(ast::BinaryOp::Div, a[0], a[1], at);
  if (name == "tl.debug_barrier") {
    tile::BarrierOp::create(builder, l);
    return GenValue::none();
  }
  if (name == "tl.sum")
    return buildReduce(*this, tile::ReduceKind::Sum, a, at);
  if (name == "tl.max")
    return buildReduce(*this, tile::ReduceKind::Max, a, at);
  if (name == "tl.min")
    return buildReduce(*this, tile::ReduceKind::Min, a, at);
  if (name == "tl.maximum" || name == "tl.minimum")
    return buildMinMax(*this, name == "tl.maximum", a[0], a[1], at);
  if (name == "tl.clamp") {
    FailureOr<GenValue> low = buildMinMax(*this, true, a[0], a[1], at);
    if (failed(low))
      return failure();
    return buildMinMax(*this, false, Arg{*low, at}, a[2], at);
  }
  if (name == "min" || name == "max") {
    SmallVector<Arg> operands{a[0]};
    operands.append(a.extra.begin(), a.extra.end());
    if (operands.size() == 1 && operands[0].value.kind == GenValue::Kind::Tuple) {
      Arg tuple = operands[0];
      operands.clear();
      for (const GenValue &e : tuple.value.elements)
        operands.push_back(Arg{e, tuple.loc});
      if (operands.empty())
        return emitError(tuple.loc) << name << "() of an empty sequence";
    }
    Arg result = operands[0];
    for (const Arg &next : llvm::drop_begin(operands)) {
      FailureOr<GenValue> r = buildMinMax(*this, name == "max", result, next, at);
      if (failed(r))
        return failure();
      result = Arg{*r, at};
    }
    return result.value;
  }
  if (name == "tl.dot_scaled")
    return buildDotScaled(*this, a, at);
  if (name == "tl.where") {
    if (a[0].value.isConstant() ||
        a[0].value.kind == GenValue::Kind::None) {
      FailureOr<bool> t = truthiness(a[0].value, a[0].loc);
      return *t ? a[1].value : a[2].value;
    }
    FailureOr<Value> cond = toBool(a[0], at);
    if (failed(cond))
      return failure();
    Arg operands[3] = {Arg{GenValue::runtime(*cond), a[0].loc}, a[1], a[2]};
    FailureOr<Promoted> promoted = promoteOperands(
        {operands[1], operands[2]}, false, /*selection=*/true, at);
    if (failed(promoted))
      return failure();
    FailureOr<SmallVector<Value>> xy =
        unifySelected(*this, {operands[1], operands[2]}, at);
    if (failed(xy))
      return failure();
    FailureOr<SmallVector<int64_t>> shape = broadcastShapes(
        getShape(cond->getType()), getShape((*xy)[0].getType()), at);
    if (failed(shape))
      return failure();
    FailureOr<Value> c = broadcastTo(*cond, *shape, at);
    FailureOr<Value> x = broadcastTo((*xy)[0], *shape, at);
    FailureOr<Value> y = broadcastTo((*xy)[1], *shape, at);
    if (failed(c) || failed(x) || failed(y))
      return failure();
    Value selected = arith::SelectOp::create(builder, l, *c, *x, *y);
    if (isInt(getElementType(selected.getType())))
      selected = markSignedness(selected, promoted->isUnsigned, at);
    return GenValue::runtime(selected);
  }
  if (name == "tl.exp")
    return unaryMath<math::ExpOp>(*this, name, a[0], at);
  if (name == "tl.exp2")
    return unaryMath<math::Exp2Op>(*this, name, a[0], at);
  if (name == "tl.log")
    return unaryMath<math::LogOp>(*this, name, a[0], at);
  if (name == "tl.log2")
    return unaryMath<math::Log2Op>(*this, name, a[0], at);
  if (name == "tl.sqrt")
    return unaryMath<math::SqrtOp>(*this, name, a[0], at);
  if (name == "tl.rsqrt")
    return unaryMath<math::RsqrtOp>(*this, name, a[0], at);
  if (name == "tl.sin")
    return unaryMath<math::SinOp>(*this, name, a[0], at);
  if (name == "tl.cos")
    return unaryMath<math::CosOp>(*this, name, a[0], at);
  if (name == "tl.floor")
    return unaryMath<math::FloorOp>(*this, name, a[0], at);
  if (name == "tl.ceil")
    return unaryMath<math::CeilOp>(*this, name, a[0], at);
  if (name == "tl.erf")
    return unaryMath<math::ErfOp>(*this, name, a[0], at);
  if (name == "tl.abs" || name == "abs") {
    if (a[0].value.isConstant())
      return GenValue::constantOf(*py::abs(a[0].value.constant));
    // Unsigned values are their own absolute value (Triton returns them
    // as they are); math.absi would read the top bit as a sign.
    if (a[0].value.isRuntime() && isUnsigned(a[0].value))
      return a[0].value;
    FailureOr<Value> x = valueArg(*this, a[0]);
    if (failed(x))
      return failure();
    Type elementType = getElementType(x->getType());
    if (isInt(elementType))
      return GenValue::runtime(math::AbsIOp::create(builder, l, *x));
    if (isPointer(elementType))
      return emitError(a[0].loc) << "math functions do not apply to pointers";
    // Any float, as Triton's abs (no dtype check there).
    return GenValue::runtime(math::AbsFOp::create(builder, l, *x));
  }
  if (name == "tl.sigmoid") {
    // 1 / (1 + exp(-x)), as Triton's standard.py writes it: its exp takes
    // fp32 or fp64 runtime values only, compile-time numbers in fp32.
    FailureOr<GenValue> e = unaryMath<math::ExpOp>(
        *this, name, a[0], at, /*negate=*/true);
    if (failed(e))
      return failure();
    Arg one{GenValue::constantOf(ConstantValue::getFloat(1)), at};
    FailureOr<GenValue> denominator = genBinary(
        ast::BinaryOp::Add, one, Arg{*e, at}, at);
    if (failed(denominator))
      return failure();
    return genBinary(ast::BinaryOp::Div, one, Arg{*denominator, at}, at);
  }
  if (name == "tl.fma") {
    FailureOr<SmallVector<Value>> v = unifyOperands(*this, {a[0], a[1], a[2]}, at);
    if (failed(v))
      return failure();
    if (!isFloat(getElementType((*v)[0].getType())))
      return emitError(at) << "tl.fma needs floating-point operands";
    return GenValue::runtime(
        math::FmaOp::create(builder, l, (*v)[0], (*v)[1], (*v)[2]));
  }
  if (name == "tl.cdiv") {
    // (x + div - 1) // div, folded when both are constants.
    FailureOr<GenValue> sum = genBinary(ast::BinaryOp::Add, a[0], a[1], at);
    if (failed(sum))
      return failure();
    FailureOr<GenValue> minusOne = genBinary(
        ast::BinaryOp::Sub, Arg{*sum, at}, Arg{GenValue::integer(1), at}, at);
    if (failed(minusOne))
      return failure();
    return genBinary(ast::BinaryOp::FloorDiv, Arg{*minusOne, at}, a[1], at);
  }
  if (name == "tl.cast" || name == "method.to") {
    FailureOr<Type> dtype =
        dtypeArg(*this, a[1], displayName(name), "dtype", DTypeUse::Any);
    if (failed(dtype))
      return failure();
    bool bitcast = false;
    if (a.has(3)) {
      FailureOr<bool> t = truthiness(a[3].value, a[3].loc);
      if (failed(t))
        return emitError(a[3].loc) << "bitcast must be a compile-time bool";
      bitcast = *t;
    }
    FailureOr<Value> x = valueArg(*this, a[0]);
    if (failed(x))
      return failure();
    Type src = getElementType(x->getType());
    if (isPointer(src) || isPointer(*dtype)) {
      FailureOr<GenValue> cast = buildPointerCast(*this, *x, *dtype, a[0].loc,
                                                  at);
      if (failed(cast))
        return failure();
      // The new pointers' pointee is the dtype's, signed or not (a pointer
      // cannot take markSignedness's arith.bitcast).
      (this->isUnsigned(a[1].value) ? unsignedValues : signedValues)
          .insert(cast->value);
      return *cast;
    }
    if (bitcast &&
        src.getIntOrFloatBitWidth() != dtype->getIntOrFloatBitWidth())
      return emitError(at) << "bitcast needs types of the same width, got "
                           << describe(src) << " and " << describe(*dtype);
    bool isUnsigned = this->isUnsigned(a[1].value);
    FailureOr<Value> cast = convertAndMark(*x, *dtype, isUnsigned, at, bitcast);
    if (failed(cast))
      return failure();
    return GenValue::runtime(*cast);
  }
  if (name == "tl.multiple_of" || name == "tl.max_contiguous" ||
      name == "tl.max_constancy") {
    // Hints for later analyses: kept as an attribute on the defining op.
    FailureOr<Value> x = valueArg(*this, a[0]);
    if (failed(x))
      return failure();
    SmallVector<int32_t> values;
    std::vector<GenValue> list =
        a[1].value.kind == GenValue::Kind::Tuple ? a[1].value.elements
                                                 : std::vector<GenValue>{
                                                       a[1].value};
    for (const GenValue &v : list) {
      if (!v.isIntConstant())
        return emitError(a[1].loc) << displayName(name)
                                   << "() needs compile-time integers";
      std::optional<int64_t> hint = v.getInt64();
      if (!hint || *hint < 1 || *hint > INT32_MAX)
        return emitError(a[1].loc)
               << displayName(name) << "() needs positive 32-bit integers, got "
               << py::str(v.constant);
      values.push_back(static_cast<int32_t>(*hint));
    }
    // One value per dimension (one for a scalar), as Triton checks.
    size_t rank = std::max<size_t>(1, getShape(x->getType()).size());
    if (values.size() != rank)
      return emitError(a[1].loc)
             << displayName(name) << "() needs " << rank << " value"
             << (rank == 1 ? "" : "s") << " for " << describe(x->getType())
             << ", got " << values.size();
    std::string attrName = ("tile." + name.drop_front(3)).str();
    // A loop-carried block of pointers has no op to hold the hint: it goes
    // on a copy (the pointers plus 0), which replaces the value in every
    // variable holding it. Triton's hints change the value in place, and
    // its grouped GEMM tutorial calls tl.multiple_of(a_ptrs, ...) inside
    // its K loop without using the result.
    auto arg = dyn_cast<BlockArgument>(*x);
    if (arg && !isa<FunctionOpInterface>(arg.getOwner()->getParentOp()) &&
        isPointer(getElementType(x->getType()))) {
      Type offsetType =
          getShapedLike(getShape(x->getType()), builder.getI32Type());
      Value zero = arith::ConstantOp::create(builder, l,
                                             builder.getI32IntegerAttr(0));
      if (auto tensor = dyn_cast<RankedTensorType>(offsetType))
        zero = tile::SplatOp::create(builder, l, tensor, zero);
      Value copy = tile::AddPtrOp::create(builder, l, x->getType(), *x, zero);
      setHint(*this, copy, attrName, values);
      for (auto &entry : vars)
        if (entry.second.value.isRuntime() && entry.second.value.value == *x)
          entry.second.value = GenValue::runtime(copy);
      return GenValue::runtime(copy);
    }
    setHint(*this, *x, attrName, values);
    return GenValue::runtime(*x);
  }
  if (name == "tl.static_assert") {
    FailureOr<bool> t = truthiness(a[0].value, a[0].loc);
    if (failed(t))
      return emitError(a[0].loc)
             << "tl.static_assert needs a compile-time condition";
    if (!*t) {
      InFlightDiagnostic diag = emitError(at) << "static assertion failed";
      if (a.has(1) && a[1].value.kind == GenValue::Kind::String)
        diag << ": " << a[1].value.name;
      return failure();
    }
    return GenValue::none();
  }
  if (name == "tl.device_print") {
    if (a[0].value.kind != GenValue::Kind::String)
      return emitError(a[0].loc)
             << "tl.device_print(): the prefix must be a string, got "
             << describe(a[0].value);
    FailureOr<bool> hex = optionalBool(*this, a, 1, name, "hex");
    if (failed(hex))
      return failure();
    // Values to print: runtime ones (constants materialised), blocks of
    // one shape.
    SmallVector<Value> values;
    SmallVector<Location> valueAt;
    for (const Arg &arg : a.extra) {
      FailureOr<Value> v = valueArg(*this, arg);
      if (failed(v))
        return failure();
      if (isPointer(getElementType(v->getType())))
        return emitError(arg.loc)
               << "tl.device_print() of pointers is not supported yet";
      // fp8 prints its value (in fp32, which holds it exactly), or with
      // hex=True its byte.
      if (isFp8(getElementType(v->getType()))) {
        Type shown = *hex ? Type(builder.getI8Type()) : builder.getF32Type();
        v = convertElementType(*v, shown, arg.loc, /*bitcast=*/*hex);
        if (failed(v))
          return failure();
        if (*hex)
          v = markSignedness(*v, /*isUnsigned=*/true, arg.loc);
      }
      values.push_back(*v);
      valueAt.push_back(arg.loc);
    }
    if (failed(broadcastTogether(values, valueAt, at)))
      return failure();
    // Unsigned integers print as such (%u), as in Triton.
    SmallVector<bool> unsignedArgs;
    for (Value v : values)
      unsignedArgs.push_back(isUnsignedInt(v));
    tile::PrintOp::create(
        builder, l, builder.getStringAttr(a[0].value.name),
        *hex ? builder.getUnitAttr() : UnitAttr(), values,
        llvm::is_contained(unsignedArgs, true)
            ? builder.getDenseBoolArrayAttr(unsignedArgs)
            : DenseBoolArrayAttr());
    return GenValue::none();
  }
  if (name == "tl.inline_asm_elementwise")
    return buildInlineAsm(*this, a, at);
  if (name == "tl.static_print")
    return buildStaticPrint(*this, a, at);
  if (name == "tl.device_assert")
    return buildDeviceAssert(*this, a[0], a.has(1) ? &a[1] : nullptr,
                             a.has(2) ? &a[2] : nullptr, at);
  if (name == "tl.flip")
    return buildFlip(*this, a, at);
  if (name == "tl.cat")
    return buildCat(*this, a, at);
  if (name == "tl.gather")
    return buildGather(*this, a, at);
  if (name == "tl.sort")
    return buildSort(*this, a, at);
  if (name == "tl.topk")
    return buildTopk(*this, a, at);
  if (name == "tl.histogram")
    return buildHistogram(*this, a, at);
  if (name == "tl.trans" || name == "tl.permute")
    return buildTrans(*this, name, a, at);
  if (name == "tl.reshape" || name == "tl.view")
    return buildReshape(*this, name, a, at);
  if (name == "tl.join" || name == "tl.interleave" || name == "tl.split")
    return buildJoinSplit(*this, name, a, at);
  if (name == "tl.cumsum" || name == "tl.cumprod")
    return buildScan(*this, name, a, at);
  if (name == "tl.argmax" || name == "tl.argmin")
    return buildArgReduce(*this, name, a, at);
  if (name == "tl.reduce")
    return buildUserReduce(*this, a, at);
  if (name == "tl.associative_scan")
    return buildUserScan(*this, a, at);
  if (name == "tl.xor_sum" || name == "tl.reduce_or")
    return buildBitwiseReduce(*this, name, a, at);
  if (name == "tl.add" || name == "tl.sub" || name == "tl.mul") {
    // Triton's sanitize_overflow checks only with its debug mode's
    // overflow sanitizer, which tilec does not have.
    if (a.has(2) && failed(optionalBool(*this, a, 2, name,
                                        "sanitize_overflow")))
      return failure();
    ast::BinaryOp op = name == "tl.add"   ? ast::BinaryOp::Add
                       : name == "tl.sub" ? ast::BinaryOp::Sub
                                          : ast::BinaryOp::Mul;
    return genBinary(op, a[0], a[1], at);
  }
  if (name == "tl.map_elementwise")
    return buildMapElementwise(*this, a, at);
  if (name == "tl.expand_dims") {
    FailureOr<Value> x = valueArg(*this, a[0]);
    FailureOr<int64_t> axis = constantInt(*this, a[1], "the axis");
    if (failed(x) || failed(axis))
      return failure();
    SmallVector<int64_t> shape(getShape(x->getType()));
    int64_t rank = shape.size();
    int64_t ax = *axis < 0 ? *axis + rank + 1 : *axis;
    if (ax < 0 || ax > rank)
      return emitError(a[1].loc) << "axis " << *axis
                                 << " is out of range for a block of rank "
                                 << rank;
    if (!isBlock(x->getType()))
      return emitError(a[0].loc) << "tl.expand_dims needs a block";
    shape.insert(shape.begin() + ax, 1);
    return GenValue::runtime(tile::ExpandDimsOp::create(
        builder, l, RankedTensorType::get(shape, getElementType(x->getType())),
        *x, static_cast<uint32_t>(ax)));
  }
  if (name == "isinstance")
    return buildIsInstance(*this, a, at);
  // The GPU's nanosecond timer (int64, as Triton types it) and the SM the
  // program runs on (int32): reads with effects, so two of them stay two.
  if (name == "tl.extra.cuda.globaltimer")
    return GenValue::runtime(
        NVVM::GlobalTimerOp::create(builder, l, builder.getI64Type()));
  if (name == "tl.extra.cuda.smid")
    return GenValue::runtime(
        NVVM::SmIdOp::create(builder, l, builder.getI32Type()));
  if (name == "tl.extra.cuda.gdc_wait" ||
      name == "tl.extra.cuda.gdc_launch_dependents") {
    // Wait for the grid this one depends on to finish (or to let it go on),
    // when launched with programmatic stream serialization; otherwise
    // nothing to wait for. tile-to-llvm checks the target has them.
    NVVM::GridDepActionKind kind = name.ends_with("gdc_wait")
                                       ? NVVM::GridDepActionKind::wait
                                       : NVVM::GridDepActionKind::launch_dependents;
    NVVM::GriddepcontrolOp::create(
        builder, l, NVVM::GridDepActionKindAttr::get(builder.getContext(), kind));
    return GenValue::none();
  }
  if (name == "tl.broadcast")
    return buildBroadcastPair(*this, a, at);
  if (name == "tl.pointer_type")
    return buildPointerType(*this, a, at);
  if (name == "tl.swizzle2d")
    return buildSwizzle2d(*this, a, at);
  if (name == "tl.ravel")
    return buildRavel(*this, a, at);
  if (name == "tl.softmax")
    return buildSoftmax(*this, a, at);
  if (name == "tl.assume")
    return buildAssume(*this, a, at);
  if (name == "tl.philox")
    return buildPhilox(*this, a, at);
  if (name == "tl.uint_to_uniform_float")
    return buildUintToUniformFloat(*this, a, at);
  if (name == "tl.pair_uniform_to_normal")
    return buildPairUniformToNormal(*this, a, at);
  if (name == "tl.broadcast_to") {
    FailureOr<Value> x = valueArg(*this, a[0]);
    FailureOr<SmallVector<int64_t>> shape = blockShape(*this, a[1]);
    if (failed(x) || failed(shape))
      return failure();
    FailureOr<Value> b = broadcastTo(*x, *shape, at);
    if (failed(b))
      return failure();
    return GenValue::runtime(*b);
  }
  if (name == "tl.constexpr")
    return a[0].value;
  if (name == "triton.next_power_of_2") {
    if (!a[0].value.isIntConstant())
      return emitError(a[0].loc)
             << "the argument must be a compile-time integer, got "
             << describe(a[0].value);
    py::Result r = py::nextPowerOf2(a[0].value.constant);
    if (!r)
      return emitError(at) << r.getError();
    return GenValue::constantOf(*r);
  }
  if (name == "float" || name == "int" || name == "bool")
    return buildPythonConversion(*this, name, a, at);
  if (name == "len") {
    const GenValue &v = a[0].value;
    if (v.kind == GenValue::Kind::Tuple)
      return GenValue::integer(v.elements.size());
    if (v.isRuntime() && isBlock(v.value.getType()))
      return GenValue::integer(getShape(v.value.getType())[0]);
    return emitError(a[0].loc) << "len() of " << describe(v);
  }
  llvm_unreachable("every supported function is handled above");
}

} // namespace detail
} // namespace tilec
