//===- frontend_signature_test.cpp - signatures and parameter binding -----===//

#include "tilec/Frontend/Signature.h"

#include <catch2/catch.hpp>

using namespace tilec;

namespace {
using Defines = std::vector<std::pair<std::string, std::string>>;

/// Binds a kernel (x_ptr, y_ptr, n, BLOCK: constexpr[, MODE: constexpr = 1]).
struct Bind {
  bool ok;
  llvm::SmallVector<ParamBinding, 8> bindings;
  BindingError error;
};

Bind bind(llvm::StringRef signature, const Defines &defines = {},
          bool withDefault = false) {
  std::vector<ParamInfo> params = {{"x_ptr", false, false},
                                   {"y_ptr", false, false},
                                   {"n", false, false},
                                   {"BLOCK", true, false}};
  if (withDefault)
    params.push_back({"MODE", true, true});
  Bind result;
  result.ok = bindSignature("k", params, signature, defines, result.bindings,
                            result.error);
  return result;
}
} // namespace

TEST_CASE("signature entries", "[signature]") {
  auto entries = parseSignature(" *fp32:16, *bf16 ,i64, 1024, -3, 0.5, True,"
                                "*u8, i32:8");
  REQUIRE(entries.size() == 9);
  CHECK(entries[0].kind == SignatureEntry::Kind::Pointer);
  CHECK(entries[0].type == ScalarKind::F32);
  CHECK(entries[0].divisibility == 16);
  CHECK(entries[1].kind == SignatureEntry::Kind::Pointer);
  CHECK(entries[1].type == ScalarKind::BF16);
  CHECK(entries[1].divisibility == 0);
  CHECK(entries[2].kind == SignatureEntry::Kind::Scalar);
  CHECK(entries[2].type == ScalarKind::I64);
  CHECK(entries[3].kind == SignatureEntry::Kind::Constant);
  CHECK(entries[3].constant.getInt64() == 1024);
  CHECK(entries[4].constant.getInt64() == -3);
  CHECK(entries[5].constant.kind == ConstantValue::Kind::Float);
  CHECK(entries[5].constant.floatValue == 0.5);
  CHECK(entries[6].constant.kind == ConstantValue::Kind::Bool);
  CHECK(entries[7].type == ScalarKind::U8);
  CHECK(entries[8].kind == SignatureEntry::Kind::Scalar);
  CHECK(entries[8].divisibility == 8);
  CHECK_FALSE(entries[8].equalToOne);
  CHECK(parseSignature("").empty());
  CHECK(parseSignature("   ").empty());
}

TEST_CASE("':1' on an integer promises the value 1", "[signature]") {
  auto entries = parseSignature("i32:1,i64:1,*fp16:1,fp32:1,i32:16");
  REQUIRE(entries.size() == 5);
  CHECK(entries[0].equalToOne);
  CHECK(entries[1].equalToOne);
  CHECK_FALSE(entries[2].equalToOne); // a pointer: 1-byte alignment
  CHECK_FALSE(entries[3].equalToOne); // not an integer
  CHECK_FALSE(entries[4].equalToOne);
}

TEST_CASE("tensor descriptors keep their commas", "[signature]") {
  auto entries = parseSignature(
      "tensordesc<fp16[64, 128]>,i32,tensordesc<bf16[16,32,64]>,"
      "tensordesc<fp32[48,64]>,tensordesc<fp16>,16");
  REQUIRE(entries.size() == 6);
  CHECK(entries[0].kind == SignatureEntry::Kind::TensorDesc);
  CHECK(entries[0].type == ScalarKind::F16);
  CHECK(entries[0].blockShape == std::vector<int64_t>{64, 128});
  CHECK(entries[1].kind == SignatureEntry::Kind::Scalar);
  CHECK(entries[2].kind == SignatureEntry::Kind::TensorDesc);
  CHECK(entries[2].type == ScalarKind::BF16);
  CHECK(entries[2].blockShape == std::vector<int64_t>{16, 32, 64});
  CHECK(entries[3].kind == SignatureEntry::Kind::Invalid);
  CHECK(entries[3].error.find("block sizes must be powers of two, got '48'") !=
        std::string::npos);
  CHECK(entries[4].kind == SignatureEntry::Kind::Invalid);
  CHECK(entries[5].kind == SignatureEntry::Kind::Constant);
}

TEST_CASE("bad signature entries keep their reason", "[signature]") {
  auto entries = parseSignature("*fp33,*fp32:x,,f32,*fp32:0,1024abc");
  REQUIRE(entries.size() == 6);
  for (const SignatureEntry &e : entries)
    CHECK(e.kind == SignatureEntry::Kind::Invalid);
  CHECK(entries[0].error.find("unknown type 'fp33'") == 0);
  CHECK(entries[1].error.find("invalid divisibility 'x'") == 0);
  CHECK(entries[2].error == "empty signature entry");
  CHECK(entries[3].error.find("unknown type 'f32'") == 0);
  CHECK(entries[4].error.find("invalid divisibility '0'") == 0);
}

TEST_CASE("constants", "[signature]") {
  ConstantValue c;
  CHECK(parseConstant("0x10", c));
  CHECK(c.getInt64() == 16);
  CHECK(parseConstant("1e-5", c));
  CHECK(c.kind == ConstantValue::Kind::Float);
  CHECK(parseConstant("False", c));
  CHECK(c.kind == ConstantValue::Kind::Bool);
  CHECK_FALSE(parseConstant("abc", c));
  CHECK_FALSE(parseConstant("12x", c));
  CHECK_FALSE(parseConstant("", c));
  // Python's ints: past 64 bits too, up to tilec's 4096.
  CHECK(parseConstant("-99999999999999999999", c));
  CHECK(c.isInt());
  CHECK_FALSE(c.fitsInt64());
  CHECK(c.getBigInt().isNegative());
  std::string huge = "1" + std::string(1240, '0');
  CHECK_FALSE(parseConstant(huge, c));
  std::vector<SignatureEntry> entries = parseSignature(huge);
  REQUIRE(entries.size() == 1);
  CHECK(entries[0].kind == SignatureEntry::Kind::Invalid);
  CHECK(entries[0].error.find("is too large: Python ints in tilec have at "
                              "most 4096 bits") != std::string::npos);
}

TEST_CASE("strings and dtypes", "[signature]") {
  SymbolicConstant value;
  ScalarKind dtype = ScalarKind::I32;
  REQUIRE(parseSymbolicConstant("'leaky_relu'", false, value, dtype));
  CHECK(value.kind == SymbolicConstant::Kind::String);
  CHECK(value.text == "leaky_relu");
  REQUIRE(parseSymbolicConstant("\"a b\"", false, value, dtype));
  CHECK(value.text == "a b");
  REQUIRE(parseSymbolicConstant("tl.bfloat16", false, value, dtype));
  CHECK(value.kind == SymbolicConstant::Kind::DType);
  CHECK(dtype == ScalarKind::BF16);
  REQUIRE(parseSymbolicConstant("tl.uint8", false, value, dtype));
  CHECK(dtype == ScalarKind::U8);
  CHECK_FALSE(parseSymbolicConstant("tl.float17", true, value, dtype));
  // Bare words are strings only where asked for (-D), not in signatures,
  // where they would hide a misspelt type.
  CHECK_FALSE(parseSymbolicConstant("relu", false, value, dtype));
  REQUIRE(parseSymbolicConstant("relu", true, value, dtype));
  CHECK(value.text == "relu");
  CHECK_FALSE(parseSymbolicConstant("a b", true, value, dtype));
  CHECK_FALSE(parseSymbolicConstant("'open", false, value, dtype));

  std::vector<SignatureEntry> entries =
      parseSignature("*fp16:16, 'relu', tl.float32, fp32");
  REQUIRE(entries.size() == 4);
  CHECK(entries[1].kind == SignatureEntry::Kind::Symbolic);
  CHECK(entries[1].symbolic.text == "relu");
  CHECK(entries[2].kind == SignatureEntry::Kind::Symbolic);
  CHECK(entries[2].type == ScalarKind::F32);
  CHECK(entries[3].kind == SignatureEntry::Kind::Scalar);
}

TEST_CASE("None binds any parameter as a constexpr None", "[signature]") {
  SymbolicConstant value;
  ScalarKind dtype = ScalarKind::I32;
  REQUIRE(parseSymbolicConstant("None", false, value, dtype));
  CHECK(value.kind == SymbolicConstant::Kind::NoneValue);
  // Quoted, it is the string.
  REQUIRE(parseSymbolicConstant("'None'", false, value, dtype));
  CHECK(value.kind == SymbolicConstant::Kind::String);

  std::vector<SignatureEntry> entries = parseSignature("*fp32, None, i32");
  REQUIRE(entries.size() == 3);
  CHECK(entries[1].kind == SignatureEntry::Kind::Symbolic);
  CHECK(entries[1].symbolic.kind == SymbolicConstant::Kind::NoneValue);

  // A pointer, a scalar and a constexpr parameter, positionally.
  Bind all = bind("*fp32,None,None,None");
  REQUIRE(all.ok);
  CHECK(all.bindings[0].kind == ParamBinding::Kind::Argument);
  for (unsigned i = 1; i < 4; ++i) {
    CHECK(all.bindings[i].kind == ParamBinding::Kind::Constant);
    CHECK(all.bindings[i].symbolic.kind == SymbolicConstant::Kind::NoneValue);
  }

  // With -D, also for a runtime parameter; other values still need a
  // constexpr.
  Bind defined = bind("*fp32,*fp32,8", {{"n", "None"}});
  REQUIRE(defined.ok);
  CHECK(defined.bindings[2].kind == ParamBinding::Kind::Constant);
  CHECK(defined.bindings[2].symbolic.kind ==
        SymbolicConstant::Kind::NoneValue);
  CHECK(defined.bindings[3].value.getInt64() == 8);
  Bind number = bind("*fp32,*fp32,8", {{"n", "3"}});
  CHECK_FALSE(number.ok);
  CHECK(number.error.message.find("only None binds a runtime parameter") !=
        std::string::npos);
}

TEST_CASE("binding: positional over every parameter", "[signature]") {
  Bind b = bind("*fp32:16,*fp16,i32,128");
  REQUIRE(b.ok);
  CHECK(b.bindings[0].kind == ParamBinding::Kind::Argument);
  CHECK(b.bindings[0].entry.divisibility == 16);
  CHECK(b.bindings[1].entry.type == ScalarKind::F16);
  CHECK(b.bindings[3].kind == ParamBinding::Kind::Constant);
  CHECK(b.bindings[3].value.getInt64() == 128);
}

TEST_CASE("binding: -D covers constexprs the signature leaves out",
          "[signature]") {
  Bind b = bind("*fp32,*fp32,i32", {{"BLOCK", "256"}});
  REQUIRE(b.ok);
  CHECK(b.bindings[3].kind == ParamBinding::Kind::Constant);
  CHECK(b.bindings[3].value.getInt64() == 256);

  Bind withDefault = bind("*fp32,*fp32,i32", {{"BLOCK", "256"}}, true);
  REQUIRE(withDefault.ok);
  CHECK(withDefault.bindings[4].kind == ParamBinding::Kind::Default);

  Bind defineDefault =
      bind("*fp32,*fp32,i32,64", {{"MODE", "2"}}, /*withDefault=*/true);
  REQUIRE(defineDefault.ok);
  CHECK(defineDefault.bindings[3].value.getInt64() == 64);
  CHECK(defineDefault.bindings[4].value.getInt64() == 2);
}

TEST_CASE("binding errors", "[signature]") {
  Bind arity = bind("*fp32,i32");
  CHECK_FALSE(arity.ok);
  CHECK(arity.error.paramIndex == -1);
  CHECK(arity.error.message ==
        "signature has 2 entries but kernel 'k' has 4 parameters");

  Bind tooMany = bind("*fp32,*fp32,i32,1,2");
  CHECK_FALSE(tooMany.ok);
  CHECK(tooMany.error.paramIndex == -1);

  Bind unknownType = bind("*fp32,*fp99,i32,1");
  CHECK_FALSE(unknownType.ok);
  CHECK(unknownType.error.paramIndex == 1);

  Bind numberForArg = bind("*fp32,*fp32,7,1");
  CHECK_FALSE(numberForArg.ok);
  CHECK(numberForArg.error.paramIndex == 2);
  CHECK(numberForArg.error.message.find("is not tl.constexpr") !=
        std::string::npos);

  Bind typeForConstexpr = bind("*fp32,*fp32,i32,i32");
  CHECK_FALSE(typeForConstexpr.ok);
  CHECK(typeForConstexpr.error.paramIndex == 3);

  Bind unbound = bind("*fp32,*fp32,i32");
  CHECK_FALSE(unbound.ok);
  CHECK(unbound.error.paramIndex == 3);
  CHECK(unbound.error.message.find("is not bound") != std::string::npos);

  Bind unknownDefine = bind("*fp32,*fp32,i32", {{"BLOK", "1"}});
  CHECK_FALSE(unknownDefine.ok);
  CHECK(unknownDefine.error.message ==
        "-D BLOK names no parameter of kernel 'k'");

  Bind defineArg = bind("*fp32,*fp32,1", {{"n", "1"}});
  CHECK_FALSE(defineArg.ok);
  CHECK(defineArg.error.paramIndex == 2);

  Bind twice = bind("*fp32,*fp32,i32,1", {{"BLOCK", "1"}});
  CHECK_FALSE(twice.ok);
  CHECK(twice.error.message.find("bound both") != std::string::npos);

  // A bare word is a string constexpr; text that is neither is an error.
  Bind word = bind("*fp32,*fp32,i32", {{"BLOCK", "big"}});
  CHECK(word.ok);
  Bind badValue = bind("*fp32,*fp32,i32", {{"BLOCK", "a b"}});
  CHECK_FALSE(badValue.ok);
  CHECK(badValue.error.message.find("a string or a dtype") != std::string::npos);
  Bind badDType = bind("*fp32,*fp32,i32", {{"BLOCK", "tl.float17"}});
  CHECK_FALSE(badDType.ok);

  Bind repeated = bind("*fp32,*fp32,i32", {{"BLOCK", "1"}, {"BLOCK", "2"}});
  CHECK_FALSE(repeated.ok);
}
