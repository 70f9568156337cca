//===- frontend_fuzz_test.cpp - no crash on broken or random input --------===//
//
// Truncations and byte mutations of the lecture's kernels, and random token
// soup, go through the parser and (when they parse) MLIRGen. Each must end
// in a module or an error, never a crash. Seeds are fixed.
//
//===----------------------------------------------------------------------===//

#include "tilec/Frontend/Frontend.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>

using namespace tilec;

namespace {
const char *kGelu = R"(import triton
import triton.language as tl

@triton.jit
def triton_gelu_kernel(x_ptr, y_ptr, num_elements, BLOCK_SIZE: tl.constexpr):
    pid = tl.program_id(axis=0)      # 当前块 ID
    start = pid * BLOCK_SIZE         # 该块的起始位置
    offsets = start + tl.arange(0, BLOCK_SIZE)
    mask = offsets < num_elements    # 处理边界

    x = tl.load(x_ptr + offsets, mask=mask)
    # 计算 GeLU 公式
    a = 0.79788456 * (x + 0.044715 * x * x * x)
    exp = tl.exp(2 * a)
    tanh = (exp - 1) / (exp + 1)
    y = 0.5 * x * (1 + tanh)

    tl.store(y_ptr + offsets, y, mask=mask)
)";

const char *kRowSum = R"(import triton
import triton.language as tl

@triton.jit
def row_sum_kernel(x_ptr, out_ptr, N, BLOCK_SIZE: tl.constexpr):
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK_SIZE], dtype=tl.float32)

    for start in range(0, N, BLOCK_SIZE):    # 遍历所有块片
        cols = start + tl.arange(0, BLOCK_SIZE)
        mask = cols < N
        x = tl.load(x_ptr + row * N + cols, mask=mask, other=0.0)
        acc += x
        if start > N:
            acc = tl.where(mask, acc * 2, acc)

    result = tl.sum(acc, axis=0)    # 最终归约
    tl.store(out_ptr + row, result)
)";

const char *kMatmul = R"(import triton
import triton.language as tl

@triton.jit
def matmul_relu_kernel(a_ptr, b_ptr, c_ptr, M, N, K,
                       stride_am, stride_ak, stride_bk, stride_bn,
                       stride_cm, stride_cn,
                       BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                       BLOCK_K: tl.constexpr):
    pid_m = tl.program_id(0)
    pid_n = tl.program_id(1)
    indices_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    indices_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    indices_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + indices_m[:, None] * stride_am + indices_k[None, :] * stride_ak
    acc = tl.zeros([BLOCK_M, BLOCK_N], dtype=tl.float32)
    for k in range(0, K, BLOCK_K):
        a = tl.load(a_ptrs, mask=(indices_m[:, None] < M) & (indices_k[None, :] + k < K), other=0.0)
        acc += tl.sum(a, axis=1)[:, None]
        a_ptrs += BLOCK_K * stride_ak
    acc = tl.maximum(acc, 0.0)
    c_ptrs = c_ptr + indices_m[:, None] * stride_cm + indices_n[None, :] * stride_cn
    tl.store(c_ptrs, acc, mask=(indices_m[:, None] < M) & (indices_n[None, :] < N))
)";

// Decorators, helpers, top-level config lists, while loops and string
// constexprs: the newer paths of the parser and of MLIRGen.
const char *kTuned = R"(import triton
import triton.language as tl

CONFIGS = [triton.Config({'BLOCK': 64}, num_warps=4),
           triton.Config({'BLOCK': 128}, num_stages=2)]


def more_configs():
    return [triton.Config({"BLOCK": 256})]


@triton.jit
def act(x, KIND: tl.constexpr, SLOPE: tl.constexpr = 0.01):
    if KIND == "leaky":
        x = tl.where(x >= 0, x, SLOPE * x)
    return x, x * 2


@triton.autotune(configs=CONFIGS, key=['n'], reset_to_zero=['y_ptr'])
@triton.heuristics(values={'EVEN': lambda args: args['BLOCK'] % 64 == 0})
@triton.jit
def k(x_ptr, y_ptr, n, KIND: tl.constexpr, BLOCK: tl.constexpr,
      EVEN: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    y, z = act(x, KIND, SLOPE=0.2)
    t = 0
    while t < n:
        y = y + z
        t += 7
    tl.store(y_ptr + offs, y.to(y_ptr.dtype.element_ty), mask=offs < n)
)";

struct Case {
  const char *source;
  const char *signature;
  const char *kernel = "";
};
const Case kCases[] = {
    {kGelu, "*fp32:16,*fp32:16,i32,1024"},
    {kRowSum, "*fp32,*fp32,i32,256"},
    {kMatmul, "*fp16,*fp16,*fp32,i32,i32,i32,i32,i32,i32,i32,i32,i32,32,32,16"},
    {kTuned, "*fp32,*fp16,i32,'leaky',64", "k"},
};

/// Parses and, if that works, generates `source` (its kernel `kernel`, or
/// its only one); errors are swallowed. Returns whether a module came out.
bool compile(const std::string &source, const std::string &signature,
             const char *kernel = "") {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(source, "fuzz.py"), llvm::SMLoc());
  sourceMgr.setDiagHandler([](const llvm::SMDiagnostic &, void *) {});
  std::unique_ptr<ast::Module> module = parseModule(sourceMgr);
  if (!module)
    return false;
  std::string dump;
  llvm::raw_string_ostream os(dump);
  dumpAST(*module, "", os);
  mlir::MLIRContext context;
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  FrontendOptions options;
  options.signature = signature;
  options.kernelName = kernel;
  return static_cast<bool>(mlirGen(context, sourceMgr, *module, options));
}
} // namespace

TEST_CASE("the fuzz inputs compile when intact", "[fuzz]") {
  for (const Case &c : kCases)
    CHECK(compile(c.source, c.signature, c.kernel));
}

TEST_CASE("truncated kernels never crash", "[fuzz]") {
  for (const Case &c : kCases) {
    std::string source = c.source;
    // Every prefix up to the first few hundred bytes, then a stride.
    for (size_t n = 0; n < source.size(); n += n < 400 ? 1 : 7)
      compile(source.substr(0, n), c.signature, c.kernel);
  }
  SUCCEED("no crash");
}

TEST_CASE("mutated kernels never crash", "[fuzz]") {
  std::mt19937 rng(1234);
  const std::string alphabet = " \n\t()[]:,.=+-*/%<>&|^~#'\"\\0123456789"
                               "abcxyzNone_tlfor if else";
  for (const Case &c : kCases) {
    for (int iter = 0; iter < 300; ++iter) {
      std::string source = c.source;
      int edits = 1 + rng() % 4;
      for (int e = 0; e < edits; ++e) {
        size_t pos = rng() % source.size();
        char ch = alphabet[rng() % alphabet.size()];
        switch (rng() % 3) {
        case 0:
          source[pos] = ch;
          break;
        case 1:
          source.insert(source.begin() + pos, ch);
          break;
        default:
          source.erase(pos, 1 + rng() % 8);
          break;
        }
      }
      compile(source, c.signature, c.kernel);
    }
  }
  SUCCEED("no crash");
}

TEST_CASE("random token soup never crashes", "[fuzz]") {
  static const char *tokens[] = {
      "x",     "y",    "tl",    ".",      "load",  "store", "arange", "(",
      ")",     "[",    "]",     ",",      ":",     "None",  "=",      "+=",
      "+",     "-",    "*",     "**",     "/",     "//",    "%",      "<",
      "==",    "and",  "or",    "not",    "if",    "else",  "for",    "in",
      "range", "0",    "16",    "1.5",    "1e-5",  "'s'",   "\n",     "\n    ",
      "\n        ",     "return", "while", "lambda", "@",    "~",      "&",
      "|",     "x_ptr", "n",    "BLOCK", "tl.sum", "axis=0", "mask=", "pass"};
  std::mt19937 rng(42);
  const std::string header = "import triton\n@triton.jit\n"
                             "def k(x_ptr, n, BLOCK: tl.constexpr):\n    ";
  for (int iter = 0; iter < 2000; ++iter) {
    std::string source = header;
    int length = 1 + rng() % 40;
    for (int i = 0; i < length; ++i) {
      source += tokens[rng() % (sizeof(tokens) / sizeof(tokens[0]))];
      source += ' ';
    }
    source += "\n";
    compile(source, "*fp32,i32,16");
  }
  SUCCEED("no crash");
}

TEST_CASE("pathological nesting is an error, not a stack overflow", "[fuzz]") {
  auto kernel = [](const std::string &expr) {
    return "@triton.jit\ndef k(x_ptr):\n    x = " + expr + "\n";
  };
  auto repeat = [](const std::string &s, int n) {
    std::string out;
    for (int i = 0; i < n; ++i)
      out += s;
    return out;
  };
  // Reasonable depth still compiles.
  CHECK(compile(kernel(repeat("(", 50) + "1" + repeat(")", 50)), "*fp32"));
  CHECK(compile(kernel(repeat("1 + ", 300) + "1"), "*fp32"));
  CHECK(compile(kernel(repeat("-", 100) + "1"), "*fp32"));
  // Far too deep: located errors.
  CHECK_FALSE(compile(kernel(repeat("(", 5000) + "1" + repeat(")", 5000)),
                      "*fp32"));
  CHECK_FALSE(compile(kernel(repeat("-", 100000) + "1"), "*fp32"));
  CHECK_FALSE(compile(kernel(repeat("1 + ", 100000) + "1"), "*fp32"));
  CHECK_FALSE(compile(kernel(repeat("x_ptr < ", 100000) + "1"), "*fp32"));
  CHECK_FALSE(compile(kernel("x_ptr" + repeat(".a", 100000)), "*fp32"));
  CHECK_FALSE(compile(kernel(repeat("not ", 100000) + "1"), "*fp32"));
  CHECK_FALSE(compile(kernel(repeat("1 and ", 100000) + "1"), "*fp32"));
  CHECK_FALSE(compile(kernel(repeat("2 ** ", 100000) + "1"), "*fp32"));
  std::string deepBlocks = "@triton.jit\ndef k(x_ptr):\n";
  for (int i = 1; i < 150; ++i)
    deepBlocks += repeat("    ", i) + "if x_ptr:\n";
  deepBlocks += repeat("    ", 150) + "pass\n";
  CHECK_FALSE(compile(deepBlocks, "*fp32"));
}
