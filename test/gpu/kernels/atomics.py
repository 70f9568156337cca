# Atomics on the GPU (test/gpu/gpu_atomics_test.cpp checks each against the
# CPU): a histogram of block atomics, tickets whose old values must be a
# permutation, float max/min over mixed signs, a program-wide spin lock
# around plain loads and stores, compare-and-swap claims, 64-bit bitwise
# atomics, and fp16/bf16 adds.
import triton
import triton.language as tl


@triton.jit
def histogram(x_ptr, bins_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0)
    tl.atomic_add(bins_ptr + x, 1, mask=mask)


@triton.jit
def tickets(counter_ptr, out_ptr, n, SLOTS: tl.constexpr, BLOCK: tl.constexpr):
    # Element i takes a ticket from counter i % SLOTS; the old values each
    # counter hands out are 0, 1, 2, ... in some order.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    old = tl.atomic_add(counter_ptr + offs % SLOTS, 1, mask=mask, sem="relaxed")
    tl.store(out_ptr + offs, old, mask=mask)


@triton.jit
def float_extrema(x_ptr, max_ptr, min_ptr, emax_ptr, old_ptr, n,
                  BLOCK: tl.constexpr):
    # One max and one min per program into scalars, and an element-wise max
    # into emax whose old values are stored.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.atomic_max(max_ptr, tl.max(tl.where(mask, x, float("-inf")), axis=0))
    tl.atomic_min(min_ptr, tl.min(tl.where(mask, x, float("inf")), axis=0))
    old = tl.atomic_max(emax_ptr + offs, x, mask=mask)
    tl.store(old_ptr + offs, old, mask=mask)


@triton.jit
def locked_accumulate(lock_ptr, x_ptr, acc_ptr, count_ptr, n,
                      BLOCK: tl.constexpr):
    # Every program adds its row of x into acc with plain loads and stores,
    # one program at a time.
    offs = tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + tl.program_id(0) * n + offs, mask=mask)
    while tl.atomic_cas(lock_ptr, 0, 1) == 1:
        pass
    count = tl.load(count_ptr)
    if count == 0:
        tl.store(acc_ptr + offs, x, mask=mask)
    else:
        acc = tl.load(acc_ptr + offs, mask=mask)
        tl.store(acc_ptr + offs, acc + x, mask=mask)
    # Every warp has read count before it changes: without the barrier a
    # fast warp's store let a slower one of the same program see count 1
    # and add to an acc never written (found by racecheck's rescheduling).
    tl.debug_barrier()
    tl.store(count_ptr, count + 1)
    tl.atomic_xchg(lock_ptr, 0)


@triton.jit
def claims(slots_ptr, got_ptr, SLOTS: tl.constexpr):
    # Program p tries to claim slot p % SLOTS (empty is -1); it records the
    # old value it saw.
    pid = tl.program_id(0)
    old = tl.atomic_cas(slots_ptr + pid % SLOTS, -1, pid)
    tl.store(got_ptr + pid, old)


@triton.jit
def bits64(word_ptr):
    # Program p sets bit p % 64 of word 0, toggles it in word 1 and clears
    # it in word 2 (which starts all ones); word 3 counts in 64 bits.
    pid = tl.program_id(0)
    bit = tl.full((), 1, tl.int64) << (pid % 64).to(tl.int64)
    tl.atomic_or(word_ptr, bit)
    tl.atomic_xor(word_ptr + 1, bit)
    tl.atomic_and(word_ptr + 2, ~bit)
    tl.atomic_add(word_ptr + 3, (1 << 40) + pid.to(tl.int64))


@triton.jit
def half_adds(h_ptr, b_ptr, n, BLOCK: tl.constexpr):
    # Adds 1 to h[i % 4] and b[i % 4] for every i < n.
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.atomic_add(h_ptr + offs % 4, 1.0, mask=mask)
    tl.atomic_add(b_ptr + offs % 4, 1.0, mask=mask)
