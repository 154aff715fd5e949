// Session 45: C3's host check (bench/experiments/s45-c3-unmasked-query-tiles.patch applied):
// unmasked_query_tiles(...).needs_mask(m) equals tile_needs_mask(...) on every Q tile of random
// shapes.  g++ -std=c++17 -O1 -Icsrc bench/experiments/s45-c3-check_band.cpp -o /tmp/check && /tmp/check
#include <cstdio>
#include <cstdlib>
#include "common/band.h"
using namespace dash;
int main() {
  long checked = 0, bad = 0;
  srand(1);
  for (int trial = 0; trial < 200000; ++trial) {
    int bm = (rand() % 2) ? 128 : (rand() % 2 ? 64 : 80), bn = (rand() % 2) ? 128 : 96;
    int sq = 1 + rand() % 3000, sk = 1 + rand() % 3000;
    int kind = rand() % 4;
    Band b = kind == 0 ? Band{-1, -1} : kind == 1 ? Band{-1, 0} : Band{rand() % 700 - 1, rand() % 700 - 1};
    int num_n = (sk + bn - 1) / bn, num_m = (sq + bm - 1) / bm;
    int n = rand() % num_n;
    auto u = unmasked_query_tiles(b, n * bn, bm, bn, sq, sk);
    for (int m = 0; m < num_m; ++m) {
      ++checked;
      if (u.needs_mask(m) != tile_needs_mask(b, m * bm, n * bn, bm, bn, sq, sk)) {
        if (bad++ < 5) printf("bad: bm %d bn %d sq %d sk %d band %d %d n %d m %d\n", bm, bn, sq, sk, b.left, b.right, n, m);
      }
    }
  }
  printf("checked %ld, mismatches %ld\n", checked, bad);
  return bad != 0;
}
