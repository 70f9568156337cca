// tile-layout's errors: one line on stderr, exit status 1.

// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]' --shape 16x8 2>&1 | FileCheck %s --check-prefix=UNPARSABLE
// UNPARSABLE: tile-layout: error: cannot parse attribute '#tile.mma<warpsPerCTA = [1, 1]': unbalanced '<' character in pretty dialect name

// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]> x' --shape 16x8 2>&1 | FileCheck %s --check-prefix=TRAILING
// TRAILING: tile-layout: error: cannot parse attribute '#tile.mma<warpsPerCTA = [1, 1]> x': found trailing characters: 'x'

// Aliases such as #mma exist only inside a module.
// RUN: not tile-layout '#mma' --shape 16x8 2>&1 | FileCheck %s --check-prefix=ALIAS
// ALIAS: tile-layout: error: cannot parse attribute '#mma': undefined symbol alias id 'mma'

// The attribute's verifier runs while parsing.
// RUN: not tile-layout '#tile.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]>' --shape 16 2>&1 | FileCheck %s --check-prefix=INVALID
// INVALID: tile-layout: error: cannot parse attribute '#tile.blocked<sizePerThread = [1], threadsPerWarp = [16], warpsPerCTA = [1], order = [0]>': threadsPerWarp must multiply to 32, got 16

// RUN: not tile-layout '42 : i32' --shape 16x8 2>&1 | FileCheck %s --check-prefix=NOT-LAYOUT
// NOT-LAYOUT: tile-layout: error: '42 : i32' is not a tile layout (expected a register layout such as #tile.blocked or a shared layout such as #tile.swizzled_shared)

// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 16x12 2>&1 | FileCheck %s --check-prefix=NOT-POW2
// NOT-POW2: tile-layout: error: invalid shape '16x12': dimensions must be powers of two, got 12

// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 16,8 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: tile-layout: error: invalid shape '16,8': expected dimensions separated by 'x', such as 16x8

// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 8192x8192 2>&1 | FileCheck %s --check-prefix=TOO-BIG
// TOO-BIG: tile-layout: error: invalid shape '8192x8192': more than 2^24 elements

// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 128 2>&1 | FileCheck %s --check-prefix=RANK
// RANK: tile-layout: error: shape 128 has rank 1 but '#tile.mma<warpsPerCTA = [1, 1]>' has rank 2

// A 128-byte swizzle of fp16 needs rows of at least 64 elements.
// RUN: not tile-layout '#tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>' --shape 16x32 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: tile-layout: error: shape 16x32 is too narrow for a 128-byte swizzle of 16-bit elements: dimension 1 needs at least 64 elements

// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 16x8 --show offsets 2>&1 | FileCheck %s --check-prefix=SHOW-OFFSETS
// SHOW-OFFSETS: tile-layout: error: --show offsets needs a shared layout; '#tile.mma<warpsPerCTA = [1, 1]>' is a register layout (use --show threads)

// RUN: not tile-layout '#tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>' --shape 8x8 --show threads 2>&1 | FileCheck %s --check-prefix=SHOW-THREADS
// SHOW-THREADS: tile-layout: error: --show threads needs a register layout; '#tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>' is a shared layout (use --show offsets)

// --compose-with takes a register layout and a shared one, each checked
// against the shape as the first attribute is.
// RUN: not tile-layout '#tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>' --shape 16x8 --compose-with '#tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>' 2>&1 | FileCheck %s --check-prefix=COMPOSE-SHARED
// COMPOSE-SHARED: tile-layout: error: --compose-with needs a register layout; '#tile.swizzled_shared<vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]>' is a shared layout
// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 16x8 --compose-with '#tile.mma<warpsPerCTA = [1, 1]>' 2>&1 | FileCheck %s --check-prefix=COMPOSE-REGISTERS
// COMPOSE-REGISTERS: tile-layout: error: --compose-with: '#tile.mma<warpsPerCTA = [1, 1]>' is not a shared layout
// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 16x8 --compose-with '#tile.nvmma_shared<swizzle = 128, elementBits = 16, transposed = false>' 2>&1 | FileCheck %s --check-prefix=COMPOSE-NARROW
// COMPOSE-NARROW: tile-layout: error: --compose-with: shape 16x8 is too narrow for a 128-byte swizzle of 16-bit elements: dimension 1 needs at least 64 elements
// RUN: not tile-layout '#tile.mma<warpsPerCTA = [1, 1]>' --shape 16x8 --compose-with 'shared' 2>&1 | FileCheck %s --check-prefix=COMPOSE-UNPARSABLE
// COMPOSE-UNPARSABLE: tile-layout: error: --compose-with: cannot parse attribute 'shared': expected attribute value

// Nothing reaches stdout.
// RUN: not tile-layout '42 : i32' --shape 16x8 2>/dev/null | count 0
