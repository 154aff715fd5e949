// The varlen (packed) backward's schedule, evaluated on the GPU from cu_seqlens alone: which
// (sequence, k/v head, KV tile) a CTA handles, the Q tiles it visits in order and the turn each of
// its dQ additions takes. No host sync and no tables from the host: every entry is O(1) integer
// arithmetic on the sequence's own lengths, but for the order of the sequences, a rank of B
// lengths (each launch position's CTA is evaluated once per call by the preprocess, into
// cta_table below; visits and turns in the main kernel). The Python model is
// dash/schedule/varlen.py (its seq_* functions and cta_program, mirrored here one for one), the
// design docs/varlen.md.
//
// The contract: sequence b's ranks, hence the order of its dQ additions and its bits, are those
// of build_tables(Problem(sq_b, sk_b, block_m, block_n, mask), schedule), a function of its own
// used lengths (seqused, or its span) alone: never of its neighbours, its index, the batch size,
// the totals or max_seqlen. A sequence's gradients are then bitwise those of a fixed-length call
// on that sequence alone with the same schedule (tests/test_varlen_bwd.py checks both).
//
// The grid: H * (total_k / block_n + batch) launch positions, a function of the totals and the
// batch size, so a CUDA graph replays with other lengths of the same totals. Each sequence's H
// heads are folded wave by wave on H * N_b consecutive positions (bwd_grid.h's
// unfold_launch_position with the sequence's launch wave); the sequences follow each other in one
// of docs/varlen.md's two orders:
// - "lpt" (batches of at most kLptMaxBatch sequences): longest first, on dense positions; the
//   positions past the last sequence's are empty (the CTA that claims one exits).
// - "index" (larger batches): sequence b owns the launch positions [H * slot_k(b),
//   H * slot_k(b + 1)), slot_k(b) = cu_seqlens_k[b] / block_n + b, at least H * N_b of them, and
//   those past its H * N_b are empty.
// Liveness as in docs/schedules.md: a CTA waits only on CTAs of its own (sequence, q-head), at
// earlier positions or inside its wave of at most 32 consecutive positions.
//
// dQ tiles (accumulator, ticket counter, LSE and D rows) use the forward's query-tile slots
// (common/varlen_tiles.h): q-head hq's tile m of sequence b is tile
//   heads_q * slot_q(b) + hq * slots_q(b) + m,  slot_q(b) = cu_seqlens_q[b] / block_m + b,
// slots_q(b) = slot_q(b + 1) - slot_q(b) >= M_b, i.e. launch position t of varlen_tiles::tile_at,
// so that the pre- and postprocess find each tile's rows with the forward's tile map.
//
// The offsets are trusted here: the preprocess checks them on the GPU (offsets_in_order) and the
// main kernel does nothing when they are out of order or range, since overlapping slots would let
// two CTAs wait for the same turn (a hang) and could index past the workspaces.
//
// Plain C++ with no CuTe, so that the tests can compile it for the host and compare every CTA's
// program with the Python model.
#pragma once

#include <cstdint>

#include "common/band.h"
#include "common/varlen_tiles.h"

namespace dash::bwd_varlen {

using varlen_tiles::clamp_to;
using varlen_tiles::Packed;

// The deterministic schedules, numbered as dash.ops.DETERMINISTIC_SCHEDULES.
enum Schedule : int { kAscending = 0, kDescending = 1, kSpt = 2, kShift = 3, kShiftCausal = 4 };
constexpr int kWaveLimit = 32;  // dash.schedule.WAVE_LIMIT

DASH_VARLEN_FN int min_of(int a, int b) { return a < b ? a : b; }
DASH_VARLEN_FN int max_of(int a, int b) { return a > b ? a : b; }
DASH_VARLEN_FN int cdiv(int a, int b) { return (a + b - 1) / b; }

// Per-call constants.
struct Geometry {
  int block_m, block_n;
  Band band;     // the mask (common/band.h): full (-1, -1), causal (-1, 0) or a sliding window
  int schedule;  // the schedule asked for (Schedule)
};

// One sequence's scalars (seq_tiles, seq_wave, seq_built_as).
struct Sequence {
  int sq, sk;  // used query and key rows
  int M, N;    // Q and KV tiles
  int P;       // its wave: min(M, N, 32), at least 1; shift's may be smaller (shift_wave)
  int built;   // the schedule its tables are built as
};

DASH_VARLEN_FN int wave_of(int M, int N) { return max_of(1, min_of(min_of(M, N), kWaveLimit)); }

// shift's stride (tables.shift_stride): CTA j of a wave starts on Q tile stride * j, so that
// consecutive contributors to a Q tile arrive stride steps apart, where stride * P <= M.
constexpr int kShiftStride = 2;  // dash.schedule.tables.SHIFT_STRIDE
DASH_VARLEN_FN int shift_stride(int M, int P) { return max_of(1, min_of(kShiftStride, M / max_of(P, 1))); }

// shift's wave (tables.shift_wave) over `instances` (q-head, batch) pairs: the wave P0 =
// wave_of(M, N), or, where the stride does not fit it (stride * P0 > M), the largest P >= P0 / 2
// with stride * P <= M that divides N into whole waves, if there is one and the instances' first
// waves fill kShiftSmallWaveCtas positions (so that each head's second wave starts after its
// first, not beside it, where it would wait for it on every Q tile). Counted in q-heads, so that
// in-kernel GQA keeps the bits of MHA on expanded K/V; a packed sequence's instances are the
// q-heads, as for the sequence alone (batch 1).
constexpr int kShiftSmallWaveCtas = 128;  // dash.schedule.tables.SHIFT_SMALL_WAVE_CTAS
DASH_VARLEN_FN int shift_wave(int M, int N, int instances) {
  const int P0 = wave_of(M, N);
  if (kShiftStride * P0 <= M) return P0;
  for (int P = M / kShiftStride; P >= 2 && 2 * P >= P0; --P) {
    if (N % P == 0) return int64_t(instances) * P >= kShiftSmallWaveCtas ? P : P0;
  }
  return P0;
}

// A half-open range of tiles.
struct TileRange {
  int lo, hi;
};

// [n_lo, n_hi) of Q tile m: the KV tiles it touches (seq_row_range; problem.row_ranges). The band
// is bottom-right aligned (off = sk - sq): the first row i0 sees keys from i0 + off - left on, the
// last row i1 up to i1 + off + right.
DASH_VARLEN_FN TileRange row_range(Sequence const& s, Geometry const& g, int m) {
  const int off = s.sk - s.sq;
  TileRange r{0, s.N};
  if (g.band.left >= 0) {
    const int t = m * g.block_m + off - g.band.left;
    r.lo = t > s.sk - 1 ? s.N : max_of(t, 0) / g.block_n;
  }
  if (g.band.right >= 0) {
    const int u = min_of((m + 1) * g.block_m, s.sq) - 1 + off + g.band.right;
    r.hi = clamp_to(floor_div(u, g.block_n) + 1, 0, s.N);
  }
  return r;
}

// [m_lo, m_hi) of KV tile n: the Q tiles that touch it (seq_col_range; problem.col_ranges).
// m_lo: the first Q tile whose last row sees key n * bn, i.e. the first row t = n bn - off - right
// that does (none if t > sq - 1). m_hi: the first Q tile whose first row sees no key of the tile
// (its first key m bm + off - left lies at or past min((n + 1) bn, sk)).
DASH_VARLEN_FN TileRange col_range(Sequence const& s, Geometry const& g, int n) {
  const int off = s.sk - s.sq;
  TileRange c{0, s.M};
  if (g.band.right >= 0) {
    const int t = n * g.block_n - off - g.band.right;
    c.lo = t > s.sq - 1 ? s.M : (t < 0 ? 0 : t / g.block_m);
  }
  if (g.band.left >= 0) {
    const int v = min_of((n + 1) * g.block_n, s.sk) - off + g.band.left;
    c.hi = min_of(ceil_div_floor0(v, g.block_m), s.M);
  }
  c.hi = max_of(c.hi, c.lo);
  return c;
}

// seq_shift_causal_applies: the first rows of the visiting KV tiles strictly rise inside every
// wave. Without a left bound (causal, or a right bound alone) in closed form for block_n >=
// block_m (every kernel tile): tiles 0 and 1 visit, both in wave 0, and only the clamp of their
// first rows to 0 can tie them. With a left bound a scan from the first KV tile any row sees,
// which stops at the first tie or (block_n >= block_m) at the first visiting tile whose first
// row is past 0: from there on the first rows rise by at least one per tile. It ends within a
// few tiles on every band (a tie needs two visiting tiles of one wave at row 0).
DASH_VARLEN_FN bool shift_causal_applies(Sequence const& s, Geometry const& g) {
  if (!g.band.bounded()) return false;
  const int P = min_of(s.P, s.N);
  if (P < 2) return true;
  if (g.band.left < 0 && g.band.right >= 0 && g.block_n >= g.block_m)
    return s.sk - s.sq + g.band.right <= g.block_n - g.block_m;
  int prev_lo = -1, prev_wave = -1;
  for (int n = row_range(s, g, 0).lo; n < s.N; ++n) {
    const TileRange c = col_range(s, g, n);
    if (c.lo >= c.hi) continue;
    if (prev_wave == n / P && c.lo <= prev_lo) return false;
    prev_lo = c.lo, prev_wave = n / P;
    if (g.block_n >= g.block_m && c.lo >= 1) return true;
  }
  return true;
}

DASH_VARLEN_FN Sequence make_sequence(int sq, int sk, Geometry const& g, int instances) {
  Sequence s{};
  s.sq = sq, s.sk = sk;
  s.M = cdiv(sq, g.block_m), s.N = cdiv(sk, g.block_n);
  s.P = wave_of(s.M, s.N);
  s.built = g.schedule;
  if (g.schedule == kShift && g.band.bounded()) s.built = kDescending;
  if (g.schedule == kShiftCausal && !shift_causal_applies(s, g)) s.built = kDescending;
  if (s.built == kShift) s.P = shift_wave(s.M, s.N, instances);
  return s;
}

// The wave the grid folds the heads by (seq_launch_wave): no fold (N) for the schedules without
// forward waits, the wave P for shift and shift_causal.
DASH_VARLEN_FN int launch_wave(Sequence const& s) {
  const bool waves = s.built == kShift || s.built == kShiftCausal;
  return max_of(1, min_of(waves ? s.P : s.N, s.N));
}

// launch_order[j] (seq_launch).
DASH_VARLEN_FN int launch_tile(Sequence const& s, int j) { return s.built == kSpt ? s.N - 1 - j : j; }

// The Q tile of KV tile n's visit 0; visit t is visit_at(first, t) (seq_visit).
DASH_VARLEN_FN int first_visit(Sequence const& s, Geometry const& g, int n) {
  if (s.built == kShift) return shift_stride(s.M, s.P) * (n % s.P);
  const TileRange c = col_range(s, g, n);
  return s.built == kDescending ? c.hi - 1 : c.lo;
}
DASH_VARLEN_FN int visit_at(Sequence const& s, int first, int t) {
  if (s.built == kDescending) return first - t;
  const int m = first + t;  // shift wraps: first <= stride (P - 1) < M and t < M
  return m >= s.M ? m - s.M : m;
}

// rank[m, n]: the turn of KV tile n in Q tile m's dQ sum, for a visited (m, n) (seq_rank).
DASH_VARLEN_FN int rank_of(Sequence const& s, Geometry const& g, int m, int n) {
  const TileRange r = row_range(s, g, m);
  const int n_lo = r.lo, n_hi = r.hi;
  if (s.built == kAscending || s.built == kDescending) return n - n_lo;
  if (s.built == kSpt) return n_hi - 1 - n;
  const int a = n / s.P * s.P;          // first KV tile of n's wave
  const int b = min_of(a + s.P, s.N);   // one past its last
  if (s.built == kShift) {
    const int size = b - a, x = min_of(m / shift_stride(s.M, s.P), size - 1) - (n - a);
    return (x < 0 ? x + size : x) + a;
  }
  // shift_causal: Q tile m's contributors in earlier waves, then those of n's wave above n
  return max_of(min_of(a, n_hi) - n_lo, 0) + min_of(b, n_hi) - 1 - n;
}

// One CTA's program (cta_program).
struct Cta {
  int has_work;     // 0: an empty launch position (or offsets out of order): the CTA exits
  int seq, head;    // sequence; k/v head of the grid
  int n;            // KV tile
  int visit_count;  // Q tiles visited
  int first;        // visit_at(s, first, t) is visit t's Q tile
  int q_begin, k_begin;  // the sequence's first packed rows
  int tile_base;    // dQ tile (q-head hq, m) = tile_base + hq * q_slots + m
  int q_slots;
  Sequence s;
};

// First query-tile slot / key-tile slot of sequence b (per head).
DASH_VARLEN_FN int slot_q(Packed const& p, int b, int block_m) { return varlen_tiles::slot_begin(p, b, block_m); }
DASH_VARLEN_FN int slot_k(Packed const& p, int b, int block_n) { return p.cu_seqlens_k[b] / block_n + b; }

// Launch positions of the main kernel's grid (heads_kv times this).
DASH_VARLEN_FN long long positions_per_head(int total_k, int batch, int block_n) {
  return (long long)(total_k / block_n) + batch;
}

// Whether sequence b's offsets are in order and inside the tensors: 0 <= cu[b] <= cu[b + 1] <=
// total, for q and k. With every b in order the slots never overlap (the preprocess checks).
DASH_VARLEN_FN bool offsets_in_order(Packed const& p, int b) {
  return 0 <= p.cu_seqlens_q[b] && p.cu_seqlens_q[b] <= p.cu_seqlens_q[b + 1] && p.cu_seqlens_q[b + 1] <= p.total_q &&
         0 <= p.cu_seqlens_k[b] && p.cu_seqlens_k[b] <= p.cu_seqlens_k[b + 1] && p.cu_seqlens_k[b + 1] <= p.total_k;
}

// The sequence of launch position x: the last b in [0, batch) with heads_kv * slot_k(b) <= x, or
// -1 (before the first sequence's slots).
DASH_VARLEN_FN int find_sequence(Packed const& p, int heads_kv, int x, int block_n) {
  if (p.batch <= 0 || (long long)heads_kv * slot_k(p, 0, block_n) > x) return -1;
  int lo = 0, hi = p.batch - 1;
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if ((long long)heads_kv * slot_k(p, mid, block_n) <= x) lo = mid; else hi = mid - 1;
  }
  return lo;
}

// Sequence b's first packed rows and scalars, its offsets clamped to the tensors (garbage offsets
// read nothing out of bounds; the main kernel ignores a call whose offsets are out of order).
struct Extent {
  int q_begin, k_begin;
  Sequence s;
};
DASH_VARLEN_FN Extent extent_of(Packed const& p, int b, Geometry const& g) {
  Extent e{};
  e.q_begin = clamp_to(p.cu_seqlens_q[b], 0, p.total_q);
  const int span_q = clamp_to(p.cu_seqlens_q[b + 1], e.q_begin, p.total_q) - e.q_begin;
  e.k_begin = clamp_to(p.cu_seqlens_k[b], 0, p.total_k);
  const int span_k = clamp_to(p.cu_seqlens_k[b + 1], e.k_begin, p.total_k) - e.k_begin;
  const int sq = p.seqused_q ? clamp_to(p.seqused_q[b], 0, span_q) : span_q;
  const int sk = p.seqused_k ? clamp_to(p.seqused_k[b], 0, span_k) : span_k;
  e.s = make_sequence(sq, sk, g, p.heads);  // the q-heads: GQA's bits are MHA's on expanded K/V
  return e;
}

// The CTA at position r of sequence b's launch positions (r >= heads_kv * N_b: none) in the grid
// over heads_kv k/v heads (p.heads: the q-heads).
DASH_VARLEN_FN Cta cta_of_sequence(Packed const& p, int heads_kv, int b, int r, Geometry const& g) {
  Cta c{};
  const Extent e = extent_of(p, b, g);
  c.q_begin = e.q_begin, c.k_begin = e.k_begin, c.s = e.s;
  Sequence const& s = c.s;
  if (r < 0 || r >= heads_kv * s.N) return c;
  // grid.unfold_launch_position: waves of W launch indices folded across the heads
  const int W = launch_wave(s);
  const int k = r / (W * heads_kv);
  const int first_j = k * W;
  const int size = min_of(W, s.N - first_j);
  const int rr = r - k * W * heads_kv;
  const int h = rr / size;
  const int j = first_j + rr - h * size;
  c.has_work = 1;
  c.seq = b, c.head = h;
  c.n = launch_tile(s, j);
  const TileRange visits = col_range(s, g, c.n);
  c.visit_count = visits.hi - visits.lo;
  c.first = first_visit(s, g, c.n);
  c.tile_base = p.heads * slot_q(p, b, g.block_m);
  c.q_slots = slot_q(p, b + 1, g.block_m) - slot_q(p, b, g.block_m);
  return c;
}

// The "index" order: the CTA at launch position x, sequence b owning the padded slot from
// heads_kv * slot_k(b) on (find_sequence).
DASH_VARLEN_FN Cta cta_at(Packed const& p, int heads_kv, int x, Geometry const& g) {
  const int b = find_sequence(p, heads_kv, x, g.block_n);
  if (b < 0) return Cta{};
  return cta_of_sequence(p, heads_kv, b, x - heads_kv * slot_k(p, b, g.block_n), g);
}

// The "lpt" order (dash.schedule.varlen.lpt_order and build_grid): the sequences longest first,
// N_b descending, then M_b descending, then b, on dense positions: the sequence at slot s owns
// [base[s], base[s] + heads_kv * N_b), base[0] = 0, and the positions from base[batch] on are
// empty. Why: in "index" order a long sequence among short ones launches where it sits in the
// batch, and its long CTAs, started late, leave SMs idle at the end (bench/NOTES.md, session 56:
// a list-scheduling model of bench/varlen.py's docs packing, 12 documents whose longest holds 77%
// of the FLOPs, puts "index" 1.1-3.8% over the ideal and "lpt" 0.1-0.5%; a relinked A/B on an
// H200 measured "lpt" +0.2-2.2% there, and level on uniform packings). Bits are unchanged: a
// sequence's additions follow its own turns, wherever its positions sit, and liveness holds as in
// "index" (a sequence's positions stay consecutive and in its own order). Each of the
// preprocess's CTAs that write table entries evaluates the order in shared memory, one sequence
// per thread (B comparisons each, a block scan for base), so batches of more than kLptMaxBatch
// sequences keep the "index" order.
constexpr int kLptMaxBatch = 256;  // dash.schedule.varlen.LPT_MAX_BATCH; the preprocess's threads
DASH_VARLEN_FN bool uses_lpt_order(int batch) { return batch <= kLptMaxBatch; }
// Whether sequence a, with tiles (Ma, Na), launches before sequence b, with (Mb, Nb).
DASH_VARLEN_FN bool lpt_before(int Na, int Ma, int a, int Nb, int Mb, int b) {
  return Na != Nb ? Na > Nb : (Ma != Mb ? Ma > Mb : a < b);
}
// The slot of sequence b in the "lpt" order: how many sequences launch before it. N[], M[]: every
// sequence's tiles (extent_of).
DASH_VARLEN_FN int lpt_slot(int const* N, int const* M, int batch, int b) {
  int slot = 0;
  for (int j = 0; j < batch; ++j) slot += lpt_before(N[j], M[j], j, N[b], M[b], b);
  return slot;
}
// The CTA at launch position x of the "lpt" order, from order[s] (the sequence at slot s) and
// base[s] (its first position; non-decreasing).
DASH_VARLEN_FN Cta cta_in_lpt_order(Packed const& p, int heads_kv, int x, Geometry const& g, int const* order,
                                    int const* base) {
  if (p.batch <= 0 || x >= base[p.batch]) return Cta{};
  int lo = 0, hi = p.batch - 1;  // the last slot s with base[s] <= x (base[0] = 0 <= x)
  while (lo < hi) {
    const int mid = (lo + hi + 1) / 2;
    if (base[mid] <= x) lo = mid; else hi = mid - 1;
  }
  return cta_of_sequence(p, heads_kv, order[lo], x - base[lo], g);
}

// Every launch position's Cta, in the order of the positions: the preprocess evaluates it
// (cta_in_lpt_order, or cta_at above kLptMaxBatch sequences) for all of them, one thread each,
// and a main-kernel CTA copies its own after its claim, in one load of kCtaInts lanes. Evaluated
// in the main kernel instead, cta_at took about 300 instructions
// of one thread (and three dependent loads) while the CTA's other warps waited at the set-up's
// barrier: at hdim 64 causal 8 x 2k, 5% of the main kernel's warp samples against 2% in the
// fixed-length kernel. The table gained 0.4-2.2% on packed calls, where the loads alone, moved
// before the claim, had gained nothing (bench/NOTES.md, session 55). It follows the preprocess's
// verdict on the offsets (one int32, `status`) in the varlen scratch, from the next 16-byte
// boundary on; dash/ops.py sizes it (VARLEN_CTA_INTS per position, and 3 ints of alignment slack).
constexpr int kCtaInts = 16;
static_assert(sizeof(Cta) == kCtaInts * sizeof(int), "dash/ops.py's VARLEN_CTA_INTS");
DASH_VARLEN_FN Cta* cta_table(int* status) {
  return reinterpret_cast<Cta*>((reinterpret_cast<uintptr_t>(status + 1) + 15) & ~uintptr_t(15));
}
DASH_VARLEN_FN Cta const* cta_table(int const* status) { return cta_table(const_cast<int*>(status)); }

}  // namespace dash::bwd_varlen
