/*
 * rate.c: the C library's rating from C, for tests/it/rate_program.rs
 * (built with gcc and AddressSanitizer, leak checks on).
 *
 *   rate BORDER GRAVITY PLAYS PROBES SEED BUDGET < board.txt
 *     prints the report `lianliankan rate` prints (llk_rating_text), then a
 *     line of the counts: winnable plays cleared probes positions offered
 *     trap_positions forced_positions trapped_games first_trap_losing
 *     first_trap_offered earliest_trap width_positions width_offered
 *     undecided solves score difficulty.
 *
 *   rate BORDER GRAVITY PLAYS PROBES SEED BUDGET --generate ROWS COLS KINDS
 *        GSEED DIFFICULTY CANDIDATES
 *     makes a deal with llk_generate_rated in the difficulty's band
 *     (llk_difficulty_parse, llk_difficulty_band) and prints the board in
 *     the judge format, `seed S candidates C`, `replayed N left L` (its
 *     certificate replayed by llk_replay), then the report and the counts
 *     as above.
 *
 * Exit status: 0 done, 4 out of band (`error: ...` on stderr), 1 anything
 * else.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lianliankan.h"

/* Fails with the library's message. */
static int fail(LlkStatus status) {
    fprintf(stderr, "error: %s: %s\n", llk_status_name(status), llk_last_error());
    return status == LLK_STATUS_OUT_OF_BAND ? 4 : 1;
}

static char *read_all(size_t *len) {
    size_t cap = 1 << 12, used = 0;
    char *buf = malloc(cap);
    while (buf != NULL) {
        used += fread(buf + used, 1, cap - used, stdin);
        if (used < cap) {
            *len = used;
            return buf;
        }
        char *bigger = realloc(buf, cap * 2);
        if (bigger == NULL) {
            free(buf);
            return NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    return NULL;
}

/* The report (its length asked first) and the counts. */
static int print_rating(const LlkRating *r) {
    size_t len = 0;
    LlkStatus status = llk_rating_text(r, NULL, 0, &len);
    if (status != LLK_STATUS_OK) {
        return fail(status);
    }
    char *text = malloc(len + 1);
    if (text == NULL) {
        return 1;
    }
    status = llk_rating_text(r, text, len + 1, NULL);
    if (status != LLK_STATUS_OK || strlen(text) != len) {
        free(text);
        return fail(status);
    }
    fputs(text, stdout);
    free(text);
    printf("%d %" PRIu32 " %" PRIu32 " %" PRIu32 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64
           " %" PRIu32 " %" PRIu64 " %" PRIu64 " %" PRId64 " %" PRIu64 " %" PRIu64 " %" PRIu64
           " %" PRIu64 " %" PRIu32 " %d\n",
           (int)r->winnable, r->plays, r->cleared, r->probes, r->positions, r->offered,
           r->trap_positions, r->forced_positions, r->trapped_games, r->first_trap_losing,
           r->first_trap_offered, r->earliest_trap, r->width_positions, r->width_offered,
           r->undecided, r->solves, r->score, (int)r->difficulty);
    return 0;
}

static int generate(const LlkRules *rules, const LlkRateConfig *config, char **args) {
    size_t rows = strtoul(args[0], NULL, 10), cols = strtoul(args[1], NULL, 10);
    uint32_t kinds = (uint32_t)strtoul(args[2], NULL, 10);
    uint64_t seed = strtoull(args[3], NULL, 10);
    size_t candidates = strtoul(args[5], NULL, 10);
    LlkDifficulty difficulty = LLK_DIFFICULTY_EASY;
    uint32_t low = 0, high = 0;
    LlkStatus status = llk_difficulty_parse(args[4], &difficulty);
    if (status == LLK_STATUS_OK) {
        status = llk_difficulty_band(difficulty, &low, &high);
    }
    if (status != LLK_STATUS_OK) {
        return fail(status);
    }
    LlkBoard *board = NULL;
    LlkSolution *certificate = NULL;
    LlkRating rating;
    uint64_t made_seed = 0;
    size_t tried = 0;
    status = llk_generate_rated(rows, cols, kinds, seed, rules, low, high, candidates, config,
                                NULL,
                                &board, &certificate, &rating, &made_seed, &tried);
    if (status != LLK_STATUS_OK) {
        return fail(status);
    }
    int code = 0;
    printf("%zu %zu\n", llk_board_rows(board), llk_board_cols(board));
    for (size_t r = 0; r < llk_board_rows(board); r++) {
        for (size_t c = 0; c < llk_board_cols(board); c++) {
            uint32_t kind = 0;
            LlkPos cell = {r, c};
            llk_board_get(board, cell, &kind);
            printf(c == 0 ? "%" PRIu32 : " %" PRIu32, kind);
        }
        printf("\n");
    }
    printf("seed %" PRIu64 " candidates %zu\n", made_seed, tried);
    size_t steps = llk_solution_len(certificate);
    LlkPair *pairs = malloc(steps * sizeof *pairs);
    size_t played = 0, left = 0;
    if (pairs == NULL) {
        code = 1;
        goto done;
    }
    for (size_t i = 0; i < steps; i++) {
        llk_solution_step(certificate, i, &pairs[i]);
    }
    status = llk_replay(board, rules, pairs, steps, &played, &left);
    free(pairs);
    if (status != LLK_STATUS_OK) {
        code = fail(status);
        goto done;
    }
    printf("replayed %zu left %zu\n", played, left);
    code = print_rating(&rating);
done:
    llk_solution_free(certificate);
    llk_board_free(board);
    return code;
}

int main(int argc, char **argv) {
    if (argc != 7 && !(argc == 14 && strcmp(argv[7], "--generate") == 0)) {
        fprintf(stderr, "usage: rate BORDER GRAVITY PLAYS PROBES SEED BUDGET [--generate ...]\n");
        return 1;
    }
    LlkBorder border = LLK_BORDER_CLOSED;
    LlkGravity gravity = LLK_GRAVITY_NONE;
    LlkStatus status = llk_border_parse(argv[1], &border);
    if (status == LLK_STATUS_OK) {
        status = llk_gravity_parse(argv[2], &gravity);
    }
    if (status != LLK_STATUS_OK) {
        return fail(status);
    }
    LlkRules *rules = NULL;
    status = llk_rules_new(2, border, gravity, NULL, &rules);
    if (status != LLK_STATUS_OK) {
        return fail(status);
    }
    LlkRateConfig config = llk_rate_config_default();
    config.plays = (uint32_t)strtoul(argv[3], NULL, 10);
    config.probes = (uint32_t)strtoul(argv[4], NULL, 10);
    config.seed = strtoull(argv[5], NULL, 10);
    config.budget = strtoull(argv[6], NULL, 10);
    int code;
    if (argc == 14) {
        code = generate(rules, &config, argv + 8);
    } else {
        size_t len = 0;
        char *text = read_all(&len);
        LlkBoard *board = NULL;
        status = text == NULL ? LLK_STATUS_INTERNAL : llk_board_parse(text, len, &board);
        free(text);
        LlkRating rating;
        if (status == LLK_STATUS_OK) {
            status = llk_rate(board, rules, &config, NULL, &rating);
        }
        code = status == LLK_STATUS_OK ? print_rating(&rating) : fail(status);
        llk_board_free(board);
    }
    llk_rules_free(rules);
    return code;
}
