/*
 * calls.c: the time of one call of the C library's board questions, for
 * `cargo xtask bench` (its "Faces" table, beside the Rust library's).
 *
 *   calls BOARD PAIRS ROUNDS
 *
 * BOARD is a judge-format board, PAIRS lines of `r1 c1 r2 c2` (0-based
 * cells). Each round asks llk_connect (the path, or NULL) and
 * llk_board_can_remove for every pair. Prints one line: the nanoseconds
 * a call of each in the fastest round, then how many pairs connect (a
 * check that every face asked the same).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "lianliankan.h"

static double now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

static int fail(const char *what) {
    fprintf(stderr, "error: %s: %s\n", what, llk_last_error());
    return 1;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: calls BOARD PAIRS ROUNDS\n");
        return 1;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    static char text[1 << 24];
    size_t len = fread(text, 1, sizeof text, f);
    fclose(f);
    LlkBoard *board = NULL;
    if (llk_board_parse(text, len, &board) != LLK_STATUS_OK) {
        return fail("board");
    }
    LlkRules *rules = NULL;
    if (llk_rules_judge(&rules) != LLK_STATUS_OK) {
        return fail("rules");
    }
    FILE *p = fopen(argv[2], "r");
    if (!p) {
        perror(argv[2]);
        return 1;
    }
    size_t cap = 1024, n = 0;
    LlkPair *pairs = malloc(cap * sizeof *pairs);
    long r1, c1, r2, c2;
    while (pairs && fscanf(p, "%ld %ld %ld %ld", &r1, &c1, &r2, &c2) == 4) {
        if (n == cap) {
            cap *= 2;
            pairs = realloc(pairs, cap * sizeof *pairs);
            if (!pairs) {
                break;
            }
        }
        LlkPair pair = {{(size_t)r1, (size_t)c1}, {(size_t)r2, (size_t)c2}, LLK_ROUTE_NONE};
        pairs[n++] = pair;
    }
    fclose(p);
    if (!pairs || n == 0) {
        fprintf(stderr, "error: no pairs\n");
        return 1;
    }
    long rounds = strtol(argv[3], NULL, 10);
    size_t connected = 0;
    double connect_ns = 1e300;
    for (long round = 0; round < rounds; round++) {
        double start = now_ns();
        for (size_t i = 0; i < n; i++) {
            LlkPath *path = NULL;
            if (llk_connect(board, rules, pairs[i].a, pairs[i].b, &path) != LLK_STATUS_OK) {
                return fail("llk_connect");
            }
            connected += path != NULL;
            llk_path_free(path);
        }
        double took = (now_ns() - start) / (double)n;
        connect_ns = took < connect_ns ? took : connect_ns;
    }
    size_t removable = 0;
    double can_remove_ns = 1e300;
    for (long round = 0; round < rounds; round++) {
        double start = now_ns();
        for (size_t i = 0; i < n; i++) {
            removable += llk_board_can_remove(board, rules, pairs[i]);
        }
        double took = (now_ns() - start) / (double)n;
        can_remove_ns = took < can_remove_ns ? took : can_remove_ns;
    }
    if (removable != connected) {
        fprintf(stderr, "error: %zu removable, %zu connected\n", removable, connected);
        return 1;
    }
    printf("%.1f %.1f %zu\n", connect_ns, can_remove_ns, connected / (size_t)rounds);
    free(pairs);
    llk_rules_free(rules);
    llk_board_free(board);
    return 0;
}
