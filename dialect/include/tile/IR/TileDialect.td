//===- TileDialect.td - the tile dialect ------------------*- tablegen -*-===//
//
// The tile dialect models a Triton-like program: one instance of a kernel runs
// per program id and works on whole blocks (tensors) at a time.
//
//===----------------------------------------------------------------------===//

#ifndef TILE_DIALECT_TD
#define TILE_DIALECT_TD

include "mlir/IR/OpBase.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::tile";
  let summary = "Block-level (tile) programs in the manner of Triton";
  let description = [{
    Values are scalars, pointers (`!tile.ptr<T>`) or ranked tensors of them.
    After layout assignment every tensor carries an encoding attribute
    (`#tile.blocked<...>` or `#tile.slice<...>`) that says which thread owns
    which element.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let dependentDialects = ["arith::ArithDialect", "math::MathDialect",
                           "scf::SCFDialect", "func::FuncDialect"];
}

class Tile_Op<string mnemonic, list<Trait> traits = []>
    : Op<Tile_Dialect, mnemonic, traits>;

#endif // TILE_DIALECT_TD
