/* The plain forward byte sieve of subtract-a-square's losing positions (OEIS A030193), the
   reference the windowed sieve is timed against: `gcc -O3 -march=native subtract_a_square.c`,
   then `./a.out N` prints N and how many k in 0..=N are losing. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    unsigned long long n = argc > 1 ? strtoull(argv[1], NULL, 10) : 30000000ULL;
    unsigned char *won = calloc(n + 1, 1);
    if (won == NULL) return 1;
    unsigned long long losing = 0;
    for (unsigned long long p = 0; p <= n; p++) {
        if (won[p]) continue;
        losing++; /* no move reaches a losing position: every p + j*j is won */
        for (unsigned long long j = 1; p + j * j <= n; j++) won[p + j * j] = 1;
    }
    printf("%llu %llu\n", n, losing);
    free(won);
    return 0;
}
