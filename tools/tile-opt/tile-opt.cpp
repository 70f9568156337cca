//===- tile-opt.cpp - the tile dialect's opt driver -----------------------===//

#include "tile/IR/Dialect.h"
#include "tilec/Pipeline/Pipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  // Our transforms, conversions and the tile-to-llvm-pipeline.
  tilec::registerTilecPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  registry.insert<tile::TileDialect>();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "tile optimizer driver\n", registry));
}
