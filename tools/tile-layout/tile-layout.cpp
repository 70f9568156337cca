//===- tile-layout.cpp - print the linear layout of a tile attribute ------===//
//
// tile-layout '<attribute>' --shape 16x8 [--show all|bases|threads|offsets]
//             [--compose-with '<shared attribute>'] [--max-elements N]
//
// Parses one layout attribute of the tile dialect, asks it for its linear
// layout over a tensor (or buffer) of the given shape, and prints the bases
// and a picture of the tensor: for a register layout, the first thread and
// register holding each element; for a shared layout, the element offset at
// which each element is stored. With --compose-with, also the bases of the
// map from (register, lane, warp) to the offset in a buffer of that shared
// layout, as the lowering computes it for local_alloc/local_load. A
// developer's tool for checking a layout by eye against the PTX figures; the
// compiler does not use it.
//
//===----------------------------------------------------------------------===//

#include "tile/IR/Dialect.h"
#include "tile/Layout/LinearLayout.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace llvm;

namespace {
enum class Show { All, Bases, Threads, Offsets };
} // namespace

static cl::OptionCategory category("tile-layout options");

static cl::opt<std::string> attributeText(cl::Positional,
                                          cl::desc("<attribute>"), cl::Required,
                                          cl::cat(category));
static cl::opt<std::string>
    shapeText("shape", cl::desc("tensor or buffer shape, e.g. 16x8"),
              cl::value_desc("AxB..."), cl::Required, cl::cat(category));
static cl::opt<Show> show(
    "show", cl::desc("what to print (default: the bases and the picture)"),
    cl::init(Show::All),
    cl::values(
        clEnumValN(Show::All, "all", "the bases and the picture"),
        clEnumValN(Show::Bases, "bases", "the bases of the linear layout"),
        clEnumValN(Show::Threads, "threads",
                   "register layouts: thread and register of each element"),
        clEnumValN(Show::Offsets, "offsets",
                   "shared layouts: element offset of each element")),
    cl::cat(category));
static cl::opt<std::string> composeWith(
    "compose-with",
    cl::desc("a shared layout: also print where each register of a register "
             "layout is stored in such a buffer (register, lane, warp -> "
             "offset)"),
    cl::value_desc("attribute"), cl::cat(category));
static cl::opt<unsigned>
    maxElements("max-elements",
                cl::desc("largest tensor drawn without --show threads/offsets "
                         "(default 4096)"),
                cl::init(4096), cl::cat(category));

/// Largest shape accepted: enough for any tile, small enough that every
/// coordinate and offset fits the layout's 32-bit values.
static constexpr int64_t kMaxElements = int64_t(1) << 24;

static int fail(const Twine &message) {
  WithColor::error(errs(), "tile-layout") << message << "\n";
  return 1;
}

/// Parses "16x8" (any rank, each dimension a power of two), or explains why
/// not in `error`.
static std::optional<SmallVector<int64_t>> parseShape(StringRef text,
                                                      std::string &error) {
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  SmallVector<int64_t> shape;
  int64_t total = 1;
  for (StringRef part : parts) {
    uint64_t dim;
    if (part.empty() || part.getAsInteger(10, dim)) {
      error = ("invalid shape '" + text +
               "': expected dimensions separated by 'x', such as 16x8")
                  .str();
      return std::nullopt;
    }
    if (dim == 0 || !isPowerOf2_64(dim)) {
      error = ("invalid shape '" + text +
               "': dimensions must be powers of two, got " + Twine(dim))
                  .str();
      return std::nullopt;
    }
    if (dim > uint64_t(kMaxElements) || total * int64_t(dim) > kMaxElements) {
      error = ("invalid shape '" + text + "': more than 2^24 elements").str();
      return std::nullopt;
    }
    total *= int64_t(dim);
    shape.push_back(int64_t(dim));
  }
  return shape;
}

static std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  raw_string_ostream os(text);
  interleave(shape, os, "x");
  return text;
}

/// Checks the parameters that the layout constructors assume but the
/// attribute verifiers cannot see, because they depend on the shape.
/// Returns an error message, or an empty string.
static std::string checkShapeFits(mlir::Attribute attr,
                                  ArrayRef<int64_t> shape) {
  if (auto nvmma = dyn_cast<tile::NvmmaSharedEncodingAttr>(attr)) {
    if (nvmma.getSwizzle() == 0)
      return {};
    int64_t blockCols =
        int64_t(nvmma.getSwizzle()) * 8 / nvmma.getElementBits();
    unsigned colDim = nvmma.getTransposed() ? 0 : 1;
    if (shape[colDim] < blockCols)
      return ("shape " + formatShape(shape) + " is too narrow for a " +
              Twine(nvmma.getSwizzle()) + "-byte swizzle of " +
              Twine(nvmma.getElementBits()) + "-bit elements: dimension " +
              Twine(colDim) + " needs at least " + Twine(blockCols) +
              " elements")
          .str();
  }
  return {};
}

/// One grid of cells, `rows` x `cols`, right-aligned, with row and column
/// indices. `cell(r, c)` gives the text of a cell; `rowLabel(r)` the index
/// printed in front of row r.
template <typename CellFn, typename LabelFn>
static void printGrid(raw_ostream &os, int64_t rows, int64_t cols, CellFn cell,
                      LabelFn rowLabel, StringRef indent) {
  SmallVector<std::string> cells;
  size_t width = 1;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      cells.push_back(cell(r, c));
      width = std::max(width, cells.back().size());
    }
  width = std::max(width, std::to_string(cols - 1).size());
  size_t labelWidth = 1;
  for (int64_t r = 0; r < rows; ++r)
    labelWidth = std::max(labelWidth, std::to_string(rowLabel(r)).size());

  os << indent << std::string(labelWidth, ' ') << " ";
  for (int64_t c = 0; c < cols; ++c)
    os << " " << right_justify(std::to_string(c), width);
  os << "\n";
  for (int64_t r = 0; r < rows; ++r) {
    os << indent << right_justify(std::to_string(rowLabel(r)), labelWidth)
       << ":";
    for (int64_t c = 0; c < cols; ++c)
      os << " " << right_justify(cells[r * cols + c], width);
    os << "\n";
  }
}

/// Prints `text` (one string per element, row-major over `shape`) as grids:
/// a rank-1 tensor in rows of 16 labelled by their first index, a rank-2
/// tensor as dim0 x dim1, higher ranks as one dim-2 grid per index of the
/// leading dims.
static void printPicture(raw_ostream &os, ArrayRef<int64_t> shape,
                         ArrayRef<std::string> text) {
  if (shape.size() == 1) {
    int64_t cols = std::min<int64_t>(shape[0], 16);
    printGrid(
        os, shape[0] / cols, cols,
        [&](int64_t r, int64_t c) { return text[r * cols + c]; },
        [&](int64_t r) { return r * cols; }, "  ");
    return;
  }
  int64_t rows = shape[shape.size() - 2], cols = shape.back();
  int64_t matrices = 1;
  for (int64_t dim : shape.drop_back(2))
    matrices *= dim;
  for (int64_t m = 0; m < matrices; ++m) {
    if (matrices > 1) {
      // The leading coordinates of matrix m, row-major.
      SmallVector<int64_t> lead(shape.size() - 2);
      int64_t rest = m;
      for (int64_t d = int64_t(lead.size()) - 1; d >= 0; --d) {
        lead[d] = rest % shape[d];
        rest /= shape[d];
      }
      os << (m ? "\n" : "") << "  [";
      interleaveComma(lead, os);
      os << ", :, :]\n";
    }
    printGrid(
        os, rows, cols,
        [&](int64_t r, int64_t c) { return text[(m * rows + r) * cols + c]; },
        [](int64_t r) { return r; }, "  ");
  }
}

/// Row-major index of the point `coords` (one value per output dim, in the
/// layout's dim0, dim1, ... order) in `shape`.
static int64_t linearIndex(ArrayRef<std::pair<std::string, int32_t>> coords,
                           ArrayRef<int64_t> shape) {
  int64_t index = 0;
  for (auto [d, coord] : enumerate(coords))
    index = index * shape[d] + coord.second;
  return index;
}

/// The hexadecimal free-variable mask of each input dim.
static void printCopies(raw_ostream &os, const tile::LinearLayout &layout) {
  os << "copies (free-variable masks):";
  for (auto [i, entry] : enumerate(layout.getFreeVariableMasks()))
    os << (i ? ", " : " ") << entry.first << " 0x" << utohexstr(entry.second);
  os << "\n";
}

/// The picture of a register layout: the first (thread, register) holding
/// each element, threads in increasing order, registers within a thread.
static void drawRegisterLayout(raw_ostream &os,
                               const tile::LinearLayout &layout,
                               ArrayRef<int64_t> shape) {
  int64_t total = layout.getTotalOutDimSize();
  SmallVector<std::string> text(total);
  SmallVector<bool> held(total, false);
  int32_t regs = layout.getInDimSize(tile::kRegister);
  int32_t lanes = layout.getInDimSize(tile::kLane);
  int32_t warps = layout.getInDimSize(tile::kWarp);
  for (int32_t warp = 0; warp < warps; ++warp)
    for (int32_t lane = 0; lane < lanes; ++lane)
      for (int32_t reg = 0; reg < regs; ++reg) {
        int64_t index = linearIndex(layout.apply({{tile::kRegister.str(), reg},
                                                  {tile::kLane.str(), lane},
                                                  {tile::kWarp.str(), warp}}),
                                    shape);
        if (held[index])
          continue;
        held[index] = true;
        text[index] = ("t" + Twine(lane + 32 * warp) + ":r" + Twine(reg)).str();
      }
  // A layout that is not surjective leaves elements nobody holds.
  for (auto [index, isHeld] : enumerate(held))
    if (!isHeld)
      text[index] = "-";
  os << "first owner of each element, t<thread>:r<register> "
        "(thread = lane + 32 * warp):\n";
  printPicture(os, shape, text);
}

/// The picture of a shared layout: the element offset of each element.
static void drawSharedLayout(raw_ostream &os, const tile::LinearLayout &layout,
                             ArrayRef<int64_t> shape) {
  int64_t total = layout.getTotalOutDimSize();
  SmallVector<std::string> text(total, "-");
  for (int32_t offset = 0, e = layout.getInDimSize(tile::kOffset); offset < e;
       ++offset) {
    int64_t index =
        linearIndex(layout.apply({{tile::kOffset.str(), offset}}), shape);
    text[index] = std::to_string(offset);
  }
  os << "element offset of each element:\n";
  printPicture(os, shape, text);
}

/// A layout attribute parsed from `text` and checked against `shape`.
struct ParsedLayout {
  mlir::Attribute attr;
  std::string text; ///< as MLIR prints it
  tile::DistributedLayoutInterface distributed;
  tile::SharedLayoutInterface shared;

  tile::LinearLayout toLinearLayout(ArrayRef<int64_t> shape) const {
    return distributed ? distributed.toLinearLayout(shape)
                       : shared.toLinearLayout(shape);
  }
};

/// Parses the layout `text` and checks that it describes tensors of `shape`;
/// on failure returns std::nullopt with the message in `error`.
static std::optional<ParsedLayout> parseLayout(mlir::MLIRContext &context,
                                               StringRef text,
                                               ArrayRef<int64_t> shape,
                                               std::string &error) {
  // Parse and verifier errors come back as diagnostics; keep their text for
  // one error line of our own.
  std::string diagnostics;
  ParsedLayout layout;
  {
    mlir::ScopedDiagnosticHandler handler(&context,
                                          [&](mlir::Diagnostic &diag) {
                                            if (!diagnostics.empty())
                                              diagnostics += "; ";
                                            diagnostics += diag.str();
                                            return mlir::success();
                                          });
    layout.attr = mlir::parseAttribute(text, &context);
  }
  if (!layout.attr) {
    error = ("cannot parse attribute '" + text + "'").str();
    if (!diagnostics.empty())
      error += ": " + diagnostics;
    return std::nullopt;
  }
  raw_string_ostream(layout.text) << layout.attr;
  layout.distributed = dyn_cast<tile::DistributedLayoutInterface>(layout.attr);
  layout.shared = dyn_cast<tile::SharedLayoutInterface>(layout.attr);
  if (!layout.distributed && !layout.shared) {
    error = "'" + layout.text +
            "' is not a tile layout (expected a register layout such as "
            "#tile.blocked or a shared layout such as #tile.swizzled_shared)";
    return std::nullopt;
  }
  unsigned rank = layout.distributed ? layout.distributed.getLayoutRank()
                                     : layout.shared.getLayoutRank();
  if (shape.size() != rank) {
    error =
        ("shape " + formatShape(shape) + " has rank " + Twine(shape.size()) +
         " but '" + layout.text + "' has rank " + Twine(rank))
            .str();
    return std::nullopt;
  }
  error = checkShapeFits(layout.attr, shape);
  if (!error.empty())
    return std::nullopt;
  return layout;
}

int main(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tile-layout: prints the linear layout of a tile layout attribute\n\n"
      "  tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 16x8\n");

  std::string error;
  std::optional<SmallVector<int64_t>> shape = parseShape(shapeText, error);
  if (!shape)
    return fail(error);

  mlir::MLIRContext context;
  context.loadDialect<tile::TileDialect>();
  std::optional<ParsedLayout> parsed =
      parseLayout(context, attributeText, *shape, error);
  if (!parsed)
    return fail(error);
  bool distributed = bool(parsed->distributed);
  if (show == Show::Threads && !distributed)
    return fail("--show threads needs a register layout; '" + parsed->text +
                "' is a shared layout (use --show offsets)");
  if (show == Show::Offsets && distributed)
    return fail("--show offsets needs a shared layout; '" + parsed->text +
                "' is a register layout (use --show threads)");

  // The buffer a register tensor is stored into, if any.
  std::optional<ParsedLayout> buffer;
  if (!composeWith.empty()) {
    if (!distributed)
      return fail("--compose-with needs a register layout; '" + parsed->text +
                  "' is a shared layout");
    buffer = parseLayout(context, composeWith, *shape, error);
    if (!buffer)
      return fail("--compose-with: " + error);
    if (!buffer->shared)
      return fail("--compose-with: '" + buffer->text +
                  "' is not a shared layout");
  }

  tile::LinearLayout layout = parsed->toLinearLayout(*shape);
  raw_ostream &os = outs();
  int64_t total = layout.getTotalOutDimSize();
  bool drawAll = show == Show::All && total <= int64_t(maxElements);

  // Sections after the first are set apart by an empty line.
  bool printed = false;
  auto startSection = [&] {
    if (printed)
      os << "\n";
    printed = true;
  };
  if (show == Show::All || show == Show::Bases) {
    startSection();
    os << parsed->text << " on " << formatShape(*shape) << "\n";
    layout.print(os);
    os << "\n";
    if (distributed)
      printCopies(os, layout);
  }
  if (buffer) {
    // Where each register of each thread goes in the buffer: the register
    // layout followed by the inverse of the buffer's layout.
    startSection();
    os << "stored in " << buffer->text
       << " (register layout composed with the inverse of the shared "
          "layout):\n";
    layout.invertAndCompose(buffer->toLinearLayout(*shape)).print(os);
    os << "\n";
  }
  if (show == Show::All && !drawAll) {
    startSection();
    os << "(no picture: " << total << " elements is more than " << maxElements
       << "; use --show " << (distributed ? "threads" : "offsets")
       << " or --max-elements)\n";
  }
  if (drawAll || show == Show::Threads || show == Show::Offsets) {
    startSection();
    if (distributed)
      drawRegisterLayout(os, layout, *shape);
    else
      drawSharedLayout(os, layout, *shape);
  }
  return 0;
}
