//===- DeviceAssert.cpp - tl.device_assert and the assert statement -------===//
//
// As in Triton, device assertions exist only in debug builds (tilec
// --debug, Triton's TRITON_DEBUG=1 or @triton.jit(debug=True)); otherwise
// they generate nothing. `assert cond, msg` in a kernel is
// tl.device_assert(cond, msg). Where a mask is given, its false elements
// pass: the condition checked is cond | ~mask.
//
//===----------------------------------------------------------------------===//

#include "Builtins.h"

using namespace mlir;

namespace tilec {
namespace detail {

FailureOr<GenValue> buildDeviceAssert(Generator &gen, const Arg &cond,
                                      const Arg *msg, const Arg *mask,
                                      const Location &at) {
  std::string message;
  if (msg) {
    if (msg->value.kind != GenValue::Kind::String)
      return gen.emitError(msg->loc)
             << "tl.device_assert(): the message must be a string, got "
             << describe(msg->value);
    message = msg->value.name;
  }
  if (!gen.debug)
    return GenValue::none();
  FailureOr<Value> c = gen.toBool(cond, at);
  if (failed(c))
    return failure();
  if (mask) {
    FailureOr<Value> m = gen.toBool(*mask, at);
    if (failed(m))
      return failure();
    FailureOr<SmallVector<int64_t>> shape = gen.broadcastShapes(
        getShape(c->getType()), getShape(m->getType()), mask->loc);
    if (failed(shape))
      return failure();
    FailureOr<Value> cb = gen.broadcastTo(*c, *shape, at);
    FailureOr<Value> mb = gen.broadcastTo(*m, *shape, at);
    if (failed(cb) || failed(mb))
      return failure();
    mlir::Location l = gen.loc(at);
    Value ones = gen.constantScalar(ConstantValue::getBool(true),
                                    gen.builder.getI1Type(), at);
    FailureOr<Value> allOnes = gen.broadcastTo(ones, *shape, at);
    if (failed(allOnes))
      return failure();
    Value masked = arith::XOrIOp::create(gen.builder, l, *mb, *allOnes);
    *c = arith::OrIOp::create(gen.builder, l, *cb, masked);
  }
  tile::AssertOp::create(gen.builder, gen.loc(at), *c,
                         gen.builder.getStringAttr(message));
  return GenValue::none();
}

} // namespace detail
} // namespace tilec

namespace tilec {
namespace detail {

LogicalResult Generator::genAssert(const ast::AssertStmt &stmt) {
  // Without --debug nothing is generated, so the operands are not even
  // evaluated.
  if (!debug)
    return success();
  FailureOr<GenValue> test = genExpr(stmt.getTest());
  if (failed(test))
    return failure();
  Arg cond{*test, stmt.getTest().loc()};
  std::optional<Arg> msg;
  if (const ast::Expr *message = stmt.getMessage()) {
    FailureOr<GenValue> text = genExpr(*message);
    if (failed(text))
      return failure();
    msg = Arg{*text, message->loc()};
  }
  return buildDeviceAssert(*this, cond, msg ? &*msg : nullptr, nullptr,
                           stmt.loc());
}

} // namespace detail
} // namespace tilec
