//===- MLIRGen.cpp - kernels, parameters and statements -------------------===//
//
// Emits `func.func @kernel(args) attributes {tile.constexprs = {...}}` with
// the body in the tile, arith, math and scf dialects; every op carries the
// FileLineColLoc of the AST node it comes from. Loops and branches are in
// ControlFlow.cpp.
//
// `assert` statements generate nothing: in Triton they are device checks
// only in debug mode, which tilec does not have.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"
#include "Builtins.h"
#include "Heuristics.h"

#include "tilec/Support/Stack.h"

#include "mlir/IR/Verifier.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

OwningOpRef<ModuleOp> tilec::mlirGen(MLIRContext &context,
                                     llvm::SourceMgr &sourceMgr,
                                     const ast::Module &module,
                                     const FrontendOptions &options) {
  context.loadDialect<tile::TileDialect, arith::ArithDialect,
                      math::MathDialect, scf::SCFDialect,
                      func::FuncDialect>();
  // On a stack its nesting limits fit in (Support/Stack.h).
  OwningOpRef<ModuleOp> result;
  runOnStack(kFrontendStackBytes, [&] {
    result =
        tilec::detail::Generator(context, sourceMgr, module, options).run();
  });
  return result;
}

namespace tilec {
namespace detail {

Generator::Generator(MLIRContext &context, llvm::SourceMgr &sourceMgr,
                     const ast::Module &module, const FrontendOptions &options)
    : context(context), sourceMgr(sourceMgr), astModule(module),
      scope(&module), options(options), builder(&context, &opCounter),
      filename(StringAttr::get(&context, module.getFilename())) {}

mlir::Location Generator::loc(const Location &where) {
  // Functions of imported files have their locations in those files.
  StringAttr file = filename;
  if (where.loc.isValid() && sourceMgr.getNumBuffers() > 1) {
    unsigned id = sourceMgr.FindBufferContainingLoc(where.loc);
    if (id != 0 && id != sourceMgr.getMainFileID()) {
      StringAttr &name = bufferNames[id];
      if (!name)
        name = StringAttr::get(
            &context, sourceMgr.getMemoryBuffer(id)->getBufferIdentifier());
      file = name;
    }
  }
  return FileLineColLoc::get(file, where.line, where.col);
}

InFlightDiagnostic Generator::emitError(const Location &where) {
  return mlir::emitError(loc(where));
}

//===----------------------------------------------------------------------===//
// Kernels and parameters
//===----------------------------------------------------------------------===//

/// The kernel's name becomes the PTX entry's name, which PTX spells as
/// [a-zA-Z][a-zA-Z0-9_$]* or [_$%][a-zA-Z0-9_$]+. Python names may hold
/// non-ASCII letters, which the NVPTX printer aborts on, and `_` alone, which
/// ptxas rejects; `$` and `%` cannot occur in Python names.
static bool isPTXIdentifier(llvm::StringRef name) {
  if (name.empty() || name == "_")
    return false;
  return llvm::all_of(name, [](char c) {
    return llvm::isAlnum(c) || c == '_';
  });
}

OwningOpRef<ModuleOp> Generator::run() {
  const auto &kernels = astModule.getKernels();
  Location fileStart;
  fileStart.line = 1;
  fileStart.col = 1;
  auto names = [&] {
    std::string list;
    for (const auto &k : kernels)
      list += (list.empty() ? "" : ", ") + k->getName().str();
    return list;
  };
  const ast::Function *kernel = nullptr;
  if (!options.kernelName.empty()) {
    kernel = astModule.lookup(options.kernelName);
    // Defined in a branch of a top-level `if` or `try` tilec cannot decide.
    if (const std::string *why =
            astModule.lookupConditional(options.kernelName);
        !kernel && why) {
      emitError(fileStart) << "kernel '" << options.kernelName
                           << "' is bound " << *why;
      return nullptr;
    }
    if (!kernel) {
      InFlightDiagnostic diag = emitError(fileStart)
                                << "no @triton.jit kernel named '"
                                << options.kernelName << "'";
      if (!kernels.empty())
        diag << " (kernels: " << names() << ")";
      return nullptr;
    }
  } else if (kernels.empty()) {
    emitError(fileStart) << "no @triton.jit kernel in this file";
    return nullptr;
  } else if (kernels.size() > 1) {
    emitError(kernels[1]->loc())
        << "several @triton.jit kernels in this file (" << names()
        << "); choose one with --kernel";
    return nullptr;
  } else {
    kernel = kernels.front().get();
  }

  if (!isPTXIdentifier(kernel->getName())) {
    emitError(kernel->loc())
        << "kernel name '" << kernel->getName()
        << "' is not a valid PTX identifier (PTX takes [a-zA-Z][a-zA-Z0-9_$]* "
           "or _[a-zA-Z0-9_$]+: ASCII only, and not '_' alone)";
    return nullptr;
  }

  debug = options.debug || kernel->getDebug();
  OwningOpRef<ModuleOp> module = ModuleOp::create(loc(kernel->loc()));
  builder.setInsertionPointToEnd(module->getBody());
  if (failed(genFunction(*kernel)))
    return nullptr;
  if (failed(mlir::verify(*module)))
    return nullptr;
  return module;
}

/// The MLIR type a signature scalar kind names.
static Type scalarType(Builder &b, ScalarKind kind) {
  switch (kind) {
  case ScalarKind::I1:
    return b.getI1Type();
  case ScalarKind::I8:
  case ScalarKind::U8:
    return b.getI8Type();
  case ScalarKind::I16:
  case ScalarKind::U16:
    return b.getI16Type();
  case ScalarKind::I32:
  case ScalarKind::U32:
    return b.getI32Type();
  case ScalarKind::I64:
  case ScalarKind::U64:
    return b.getI64Type();
  case ScalarKind::F16:
    return b.getF16Type();
  case ScalarKind::BF16:
    return b.getBF16Type();
  case ScalarKind::F32:
    return b.getF32Type();
  case ScalarKind::F64:
    return b.getF64Type();
  case ScalarKind::F8E4NV:
    return b.getType<Float8E4M3FNType>();
  case ScalarKind::F8E5:
    return b.getType<Float8E5M2Type>();
  }
  llvm_unreachable("unknown scalar kind");
}

/// Whether `kind` is one of the unsigned integers (u8 to u64).
static bool isUnsignedKind(ScalarKind kind) {
  return kind == ScalarKind::U8 || kind == ScalarKind::U16 ||
         kind == ScalarKind::U32 || kind == ScalarKind::U64;
}

/// The attribute recording a constexpr's value in `tile.constexprs`: a unit
/// attribute for None (the manifest's null), and for values it cannot show.
static Attribute constexprAttr(Builder &b, const GenValue &value) {
  switch (value.kind) {
  case GenValue::Kind::Constant:
    switch (value.constant.kind) {
    case ConstantValue::Kind::Int: {
      // i32 or i64 as it fits, else as wide as the Python int.
      const APInt &v = value.constant.getBigInt();
      unsigned width = v.getSignificantBits() <= 32   ? 32
                       : v.getSignificantBits() <= 64 ? 64
                                                      : v.getBitWidth();
      return b.getIntegerAttr(b.getIntegerType(width), v.sextOrTrunc(width));
    }
    case ConstantValue::Kind::Float:
      return b.getF64FloatAttr(value.constant.floatValue);
    case ConstantValue::Kind::Bool:
      return b.getBoolAttr(value.constant.boolValue);
    }
    break;
  case GenValue::Kind::DType:
    return TypeAttr::get(value.type);
  case GenValue::Kind::String:
    return b.getStringAttr(value.name);
  default:
    break;
  }
  return b.getUnitAttr();
}

LogicalResult
Generator::applyHeuristics(const ast::Function &function,
                           ArrayRef<const ast::Heuristic *> pending,
                           MutableArrayRef<ParamBinding> bindings) {
  const std::vector<ast::Param> &params = function.getParams();
  auto indexOf = [&](llvm::StringRef name) -> int {
    for (auto [i, p] : llvm::enumerate(params))
      if (p.name == name)
        return int(i);
    return -1;
  };
  llvm::StringSet<> unset;
  for (const ast::Heuristic *heuristic : pending)
    unset.insert(heuristic->name);
  for (const ast::Heuristic *heuristic : pending) {
    auto report = [&](llvm::StringRef name, const Location &at,
                      const llvm::Twine &why) {
      emitError(at) << "heuristic '" << heuristic->name << "' reads '"
                    << name << "', " << why;
    };
    // The parameter `args['name']` reads, or -1 after reporting why it
    // cannot be read.
    auto readable = [&](llvm::StringRef name, const Location &at) -> int {
      int index = indexOf(name);
      if (index < 0)
        report(name, at,
               "which is not a parameter of '" + function.getName() + "'");
      else if (unset.contains(name))
        report(name, at, "a heuristic that comes after it");
      else
        return index;
      return -1;
    };
    auto lookup = [&](llvm::StringRef name,
                      const Location &at) -> std::optional<ConstantValue> {
      int index = readable(name, at);
      if (index < 0)
        return std::nullopt;
      auto fail = [&](const llvm::Twine &why) {
        report(name, at, why);
        return std::nullopt;
      };
      const ParamBinding &binding = bindings[index];
      if (binding.kind == ParamBinding::Kind::Constant &&
          binding.symbolic.kind == SymbolicConstant::Kind::NoneValue)
        return fail("which is None: heuristics compute with numbers (test "
                    "it with 'is None')");
      if (binding.kind == ParamBinding::Kind::Constant &&
          binding.symbolic.kind != SymbolicConstant::Kind::Number)
        return fail("a string or dtype: heuristics compute with numbers");
      if (binding.kind == ParamBinding::Kind::Constant)
        return binding.value;
      if (binding.kind == ParamBinding::Kind::Default) {
        const ast::Expr *value = params[index].defaultValue.get();
        if (auto *i = dyn_cast<ast::IntExpr>(value))
          return ConstantValue::getInt(i->getValue());
        if (auto *b = dyn_cast<ast::BoolExpr>(value))
          return ConstantValue::getBool(b->getValue());
        if (auto *f = dyn_cast<ast::FloatExpr>(value))
          return ConstantValue::getFloat(f->getValue());
        return fail("whose default is not a literal");
      }
      return fail("a runtime argument: its value is not known when "
                  "compiling; bind '" +
                  heuristic->name + "' with -D " + heuristic->name +
                  "=VALUE");
    };
    // Only a parameter bound to None is None: a runtime argument is a
    // tensor or a number, as Triton's JIT makes a None argument a
    // constexpr.
    auto isNone = [&](llvm::StringRef name,
                      const Location &at) -> std::optional<bool> {
      int index = readable(name, at);
      if (index < 0)
        return std::nullopt;
      const ParamBinding &binding = bindings[index];
      if (binding.kind == ParamBinding::Kind::Default)
        return isa<ast::NoneExpr>(params[index].defaultValue.get());
      return binding.kind == ParamBinding::Kind::Constant &&
             binding.symbolic.kind == SymbolicConstant::Kind::NoneValue;
    };
    auto error = [&](const Location &at, const llvm::Twine &message) {
      emitError(at) << message;
    };
    std::optional<ConstantValue> value = evaluateHeuristic(
        *heuristic->body, heuristic->argName, lookup, isNone, error);
    if (!value)
      return failure();
    ParamBinding &binding = bindings[indexOf(heuristic->name)];
    binding.kind = ParamBinding::Kind::Constant;
    binding.value = *value;
    unset.erase(heuristic->name);
  }
  return success();
}

GenValue Generator::bindTensorDescriptor(func::FuncOp func,
                                         unsigned &argIndex,
                                         unsigned &mapIndex,
                                         llvm::StringRef name,
                                         const SignatureEntry &entry,
                                         const Location &at) {
  // The runtime checks Triton's rules at launch through the manifest: the
  // base 16-byte aligned, every stride but the last a multiple of 16 bytes,
  // the last stride 1.
  size_t rank = entry.blockShape.size();
  Type element = scalarType(builder, entry.type);
  int32_t elementBytes =
      std::max<int32_t>(1, element.getIntOrFloatBitWidth() / 8);
  auto arg = [&](const llvm::Twine &leaf) {
    unsigned i = argIndex++;
    func.setArgAttr(i, "tile.name",
                    builder.getStringAttr((name + "." + leaf).str()));
    return i;
  };
  unsigned baseIndex = arg("base");
  func.setArgAttr(baseIndex, "tile.divisibility", builder.getI32IntegerAttr(16));
  if (isUnsignedKind(entry.type))
    func.setArgAttr(baseIndex, "tile.unsigned", builder.getUnitAttr());
  Value base = func.getArgument(baseIndex);
  SmallVector<Value> shape, strides;
  for (size_t d = 0; d < rank; ++d)
    shape.push_back(func.getArgument(arg("shape" + llvm::Twine(d))));
  for (size_t d = 0; d < rank; ++d) {
    unsigned i = arg("stride" + llvm::Twine(d));
    if (d + 1 < rank) {
      if (16 / elementBytes > 1)
        func.setArgAttr(i, "tile.divisibility",
                        builder.getI32IntegerAttr(16 / elementBytes));
      strides.push_back(func.getArgument(i));
      continue;
    }
    func.setArgAttr(i, "tile.equal_to", builder.getI32IntegerAttr(1));
    strides.push_back(arith::ConstantOp::create(
        builder, loc(at), builder.getI64IntegerAttr(1)));
  }
  // Its tensor map comes after every other parameter, so that the launch's
  // arguments stay those of the signature; it names the arguments the
  // runtime encodes it from (base, shapes, strides but the last, which is
  // 1).
  unsigned map = mapIndex++;
  func.setArgAttr(map, "tile.name", builder.getStringAttr(name));
  SmallVector<int32_t> leaves;
  for (unsigned i = baseIndex; i + 1 < argIndex; ++i)
    leaves.push_back(static_cast<int32_t>(i));
  func.setArgAttr(map, "tile.tensor_map_of",
                  builder.getDenseI32ArrayAttr(leaves));
  return makeTensorDescriptor(*this, base, shape, strides, entry.blockShape,
                              /*nanPadding=*/false, at,
                              func.getArgument(map));
}

LogicalResult Generator::genFunction(const ast::Function &function) {
  const std::vector<ast::Param> &params = function.getParams();
  SmallVector<ParamInfo> infos;
  for (const ast::Param &p : params)
    infos.push_back({p.name, p.isConstexpr(), p.defaultValue != nullptr});
  // @triton.heuristics binds the constexprs it names that neither -D nor a
  // signature with every parameter binds: first with a placeholder, so that
  // the signature's entries go to the other parameters, then with the
  // lambda's value over the bound constexprs.
  auto defines = options.defines;
  SmallVector<const ast::Heuristic *> pending;
  bool allPositional =
      !params.empty() && parseSignature(options.signature).size() == params.size();
  for (const ast::Heuristic &heuristic : function.getHeuristics()) {
    bool explicitlyBound = llvm::any_of(
        options.defines, [&](const auto &d) { return d.first == heuristic.name; });
    if (explicitlyBound || allPositional)
      continue;
    defines.emplace_back(heuristic.name, "0");
    pending.push_back(&heuristic);
  }
  SmallVector<ParamBinding, 8> bindings;
  BindingError bindError;
  if (!bindSignature(function.getName(), infos, options.signature, defines,
                     bindings, bindError)) {
    const Location &at = bindError.paramIndex < 0
                             ? function.loc()
                             : params[bindError.paramIndex].loc;
    emitError(at) << bindError.message;
    return failure();
  }
  if (failed(applyHeuristics(function, pending, bindings)))
    return failure();

  SmallVector<Type> argTypes;
  unsigned numTensorMaps = 0;
  for (const ParamBinding &binding : bindings) {
    if (binding.kind != ParamBinding::Kind::Argument)
      continue;
    Type type = scalarType(builder, binding.entry.type);
    if (binding.entry.kind == SignatureEntry::Kind::TensorDesc) {
      // A descriptor is passed as its base, shape (i32) and strides (i64).
      size_t rank = binding.entry.blockShape.size();
      argTypes.push_back(tile::PtrType::get(type));
      argTypes.append(rank, builder.getI32Type());
      argTypes.append(rank, builder.getI64Type());
      ++numTensorMaps;
      continue;
    }
    if (binding.entry.kind == SignatureEntry::Kind::Pointer)
      type = tile::PtrType::get(type);
    argTypes.push_back(type);
  }
  unsigned mapIndex = argTypes.size();
  argTypes.append(numTensorMaps, tile::TensorMapType::get(&context));
  auto func = func::FuncOp::create(builder, loc(function.loc()),
                                   function.getName(),
                                   builder.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToEnd(entry);

  SmallVector<NamedAttribute> constexprs;
  unsigned argIndex = 0;
  for (auto [param, binding] : llvm::zip(params, bindings)) {
    GenValue value;
    switch (binding.kind) {
    case ParamBinding::Kind::Argument: {
      if (binding.entry.kind == SignatureEntry::Kind::TensorDesc) {
        value = bindTensorDescriptor(func, argIndex, mapIndex, param.name,
                                     binding.entry, param.loc);
        break;
      }
      unsigned i = argIndex++;
      func.setArgAttr(i, "tile.name", builder.getStringAttr(param.name));
      if (binding.entry.divisibility)
        func.setArgAttr(i, "tile.divisibility",
                        builder.getI32IntegerAttr(binding.entry.divisibility));
      // Integers are signless in the IR; generated C++ launchers still
      // type a u32 as uint32_t (and *u32 as uint32_t *).
      if (isUnsignedKind(binding.entry.type))
        func.setArgAttr(i, "tile.unsigned", builder.getUnitAttr());
      value = GenValue::runtime(entry->getArgument(i));
      // "i32:1": the argument stays (the launch passes it, the runtime
      // checks it is 1) but the kernel computes with the constant, as
      // Triton does for arguments equal to 1.
      if (binding.entry.equalToOne) {
        func.setArgAttr(i, "tile.equal_to", builder.getI32IntegerAttr(1));
        value = GenValue::constantOf(ConstantValue::getInt(1));
      }
      break;
    }
    case ParamBinding::Kind::Constant:
      if (binding.symbolic.kind == SymbolicConstant::Kind::NoneValue)
        value = GenValue::none();
      else if (binding.symbolic.kind == SymbolicConstant::Kind::String)
        value = GenValue::string(binding.symbolic.text);
      else if (binding.symbolic.kind == SymbolicConstant::Kind::DType)
        value = GenValue::dtype(scalarType(builder, binding.dtype),
                                isUnsignedKind(binding.dtype));
      else
        value = GenValue::constantOf(binding.value);
      break;
    case ParamBinding::Kind::Default: {
      FailureOr<GenValue> v = genExpr(*param.defaultValue);
      if (failed(v))
        return failure();
      if (v->isRuntime())
        return emitError(param.defaultValue->loc())
               << "the default of constexpr parameter '" << param.name
               << "' must be a compile-time value";
      value = *v;
      break;
    }
    }
    if (binding.kind != ParamBinding::Kind::Argument)
      constexprs.push_back(builder.getNamedAttr(
          param.name, constexprAttr(builder, value)));
    vars[param.name] = Binding{value, param.loc};
  }
  func->setAttr("tile.constexprs", builder.getDictionaryAttr(constexprs));

  // `return` may end any path outside loops (Returns.cpp).
  if (failed(genFunctionBody(function.getBody())))
    return failure();
  func::ReturnOp::create(builder, loc(function.loc()));
  return success();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

LogicalResult Generator::genBlock(const ast::Block &block) {
  for (const ast::StmtPtr &stmt : block)
    if (failed(genStmt(*stmt)))
      return failure();
  return success();
}

LogicalResult Generator::genStmt(const ast::Stmt &stmt) {
  NestingLevel level(*this, nesting.statements, kMaxStatementNesting,
                     stmt.loc(), "statements");
  if (!level)
    return failure();
  using Kind = ast::Stmt::Kind;
  switch (stmt.getKind()) {
  case Kind::Assign:
    return genAssign(cast<ast::AssignStmt>(stmt));
  case Kind::AugAssign:
    return genAugAssign(cast<ast::AugAssignStmt>(stmt));
  case Kind::Expr: {
    const ast::Expr &expr = cast<ast::ExprStmt>(stmt).getExpr();
    if (isa<ast::StringExpr>(expr))
      return success(); // A docstring.
    return genExpr(expr);
  }
  case Kind::For:
    return genFor(cast<ast::ForStmt>(stmt));
  case Kind::If:
    return genIf(cast<ast::IfStmt>(stmt));
  case Kind::While:
    return genWhile(cast<ast::WhileStmt>(stmt));
  case Kind::Pass:
    return success();
  case Kind::Assert:
    return genAssert(cast<ast::AssertStmt>(stmt));
  case Kind::Break:
    return emitError(stmt.loc()) << "unsupported construct: break";
  case Kind::Continue:
    return emitError(stmt.loc()) << "unsupported construct: continue";
  case Kind::Return:
    // Returns outside loops are taken by genSequence (Returns.cpp).
    return emitError(stmt.loc())
           << "'return' inside a loop is not supported (nor in Triton)";
  case Kind::Unsupported:
    return emitError(stmt.loc()) << "unsupported construct: "
                                 << cast<ast::UnsupportedStmt>(stmt).getWhat();
  }
  llvm_unreachable("unknown statement kind");
}

LogicalResult Generator::genAssign(const ast::AssignStmt &stmt) {
  if (!stmt.getValue())
    return success(); // `x: int` declares nothing we need.
  FailureOr<GenValue> value = genExpr(*stmt.getValue());
  if (failed(value))
    return failure();
  const ast::Expr *a = stmt.getAnnotation();
  bool isConstexpr =
      a && ((isa<ast::AttributeExpr>(a) &&
             cast<ast::AttributeExpr>(a)->getAttr() == "constexpr") ||
            (isa<ast::NameExpr>(a) &&
             cast<ast::NameExpr>(a)->getName() == "constexpr"));
  if (isConstexpr && value->isRuntime())
    return emitError(stmt.getValue()->loc())
           << "a tl.constexpr variable needs a compile-time value";
  // `x: tl.constexpr = 3` keeps a Python value; any other assignment makes
  // a tensor of a Python number, as Triton's visit_Assign does.
  if (!isConstexpr) {
    value = assignedValue(*value, stmt.getValue()->loc(), "an assignment");
    if (failed(value))
      return failure();
  }
  for (const ast::ExprPtr &target : stmt.getTargets())
    if (failed(assign(*target, *value, stmt.loc())))
      return failure();
  return success();
}

FailureOr<GenValue> Generator::assignedValue(const GenValue &value,
                                             const Location &at,
                                             llvm::StringRef what) {
  switch (value.kind) {
  case GenValue::Kind::Constant: {
    FailureOr<Value> tensor = toTensor(Arg{value, at});
    if (failed(tensor))
      return failure();
    return GenValue::runtime(*tensor);
  }
  case GenValue::Kind::Tuple: {
    GenValue tuple = value;
    for (GenValue &element : tuple.elements) {
      FailureOr<GenValue> e = assignedValue(element, at, what);
      if (failed(e))
        return failure();
      element = *e;
    }
    return tuple;
  }
  case GenValue::Kind::String:
  case GenValue::Kind::Namespace:
  case GenValue::Kind::Function: {
    InFlightDiagnostic diag = emitError(at)
                              << what << " makes a tensor, as in Triton, and "
                              << describe(value) << " cannot be one";
    if (what == "an assignment")
      diag << "; annotate the name `: tl.constexpr` to keep a compile-time "
              "value";
    return diag;
  }
  default:
    return value; // None, dtypes and runtime values stay as they are.
  }
}

LogicalResult Generator::assign(const ast::Expr &target, const GenValue &value,
                                const Location &at) {
  if (auto *name = dyn_cast<ast::NameExpr>(&target)) {
    vars[name->getName()] = Binding{value, at};
    goneVars.erase(name->getName());
    return success();
  }
  if (auto *seq = dyn_cast<ast::SequenceExpr>(&target)) {
    const ast::ExprList &targets = seq->getElements();
    if (value.kind != GenValue::Kind::Tuple ||
        value.elements.size() != targets.size())
      return emitError(target.loc())
             << "cannot unpack " << describe(value) << " into "
             << targets.size() << " targets";
    for (auto [t, v] : llvm::zip(targets, value.elements))
      if (failed(assign(*t, v, at)))
        return failure();
    return success();
  }
  return emitError(target.loc())
         << "only names can be assigned to; blocks are immutable";
}

LogicalResult Generator::genAugAssign(const ast::AugAssignStmt &stmt) {
  auto *name = dyn_cast<ast::NameExpr>(&stmt.getTarget());
  if (!name)
    return emitError(stmt.getTarget().loc())
           << "only names can be assigned to; blocks are immutable";
  FailureOr<GenValue> current = lookup(*name);
  if (failed(current))
    return failure();
  FailureOr<GenValue> rhs = genExpr(stmt.getValue());
  if (failed(rhs))
    return failure();
  FailureOr<GenValue> result =
      genBinary(stmt.getOp(), Arg{*current, name->loc()},
                Arg{*rhs, stmt.getValue().loc()}, stmt.loc());
  if (failed(result))
    return failure();
  // `x += 1` is `x = x + 1`, an assignment (Triton's visit_AugAssign).
  result = assignedValue(*result, stmt.loc(), "an assignment");
  if (failed(result))
    return failure();
  return assign(*name, *result, stmt.loc());
}

} // namespace detail
} // namespace tilec
