/*
 * solve.c: `lianliankan solve` in C, on the lianliankan C library.
 *
 * Reads a judge-format board on standard input and prints what
 * `lianliankan solve` prints for it with the same options: a removal
 * order (one `r1 c1 r2 c2` line per pair, 1-based, each pair named on the
 * board as it is at that step), `UNSOLVABLE`, or
 * `UNKNOWN (budget exhausted after N states)`. With `--seconds S` (a
 * time limit, which the binary's solve does not have) a solve not decided
 * within S seconds prints `UNKNOWN (time limit reached)` instead.
 *
 *   solve [--border open|closed] [--gravity MODE] [--turns K]
 *         [--groups SPEC] [--connect RULE] [--budget N] [--seconds S]
 *         < board.txt
 *
 * Exit status, as the binary's: 0 answered, 3 budget exhausted (or time
 * limit reached), 2 bad
 * input (`error: line L, column C: ...` on stderr), 1 a bad command line
 * or another failure.
 *
 * Built by `cargo xtask c-example` into target/c-example/solve:
 *   cc -I crates/lianliankan-c/include examples/c/solve.c \
 *      target/release/liblianliankan_c.a -lpthread -ldl -lm -o solve
 *
 * Ownership as the header states it: every handle made here (rules,
 * board, cancel token, solution) is freed with its _free function on every path out;
 * the texts read (llk_last_error, llk_solution_text, llk_status_name) are
 * borrowed and never freed.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lianliankan.h"

enum { EXIT_ANSWERED = 0, EXIT_FAILURE_ = 1, EXIT_BAD_INPUT = 2, EXIT_UNKNOWN = 3 };

static const char USAGE[] =
    "usage: solve [--border open|closed] [--gravity MODE] [--turns K]\n"
    "             [--groups SPEC] [--connect RULE] [--budget N] [--seconds S]\n"
    "             < board.txt\n"
    "Prints a removal order that clears the board, UNSOLVABLE, or UNKNOWN.\n";

/* Reads all of standard input into a buffer the caller frees; NULL when
 * memory or reading fails. */
static char *read_all(FILE *in, size_t *len) {
    size_t cap = 1 << 16, used = 0;
    char *buf = malloc(cap);
    if (buf == NULL) {
        return NULL;
    }
    for (;;) {
        size_t got = fread(buf + used, 1, cap - used, in);
        used += got;
        if (used < cap) {
            if (ferror(in)) {
                free(buf);
                return NULL;
            }
            break;
        }
        char *bigger = realloc(buf, cap * 2);
        if (bigger == NULL) {
            free(buf);
            return NULL;
        }
        buf = bigger;
        cap *= 2;
    }
    *len = used;
    return buf;
}

/* Parses a non-negative decimal number; 0 on success. */
static int parse_u64(const char *text, uint64_t *out) {
    if (text[0] < '0' || text[0] > '9') {
        return -1;
    }
    char *end = NULL;
    errno = 0;
    unsigned long long value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0') {
        return -1;
    }
    *out = (uint64_t)value;
    return 0;
}

int main(int argc, char **argv) {
    /* The header compiled in and the library linked must agree. */
    if (llk_version_number() != LLK_VERSION_NUMBER) {
        fprintf(stderr, "error: lianliankan.h is %d.%d.%d but the library is %s\n",
                LLK_VERSION_MAJOR, LLK_VERSION_MINOR, LLK_VERSION_PATCH, llk_version());
        return EXIT_FAILURE_;
    }
    LlkBorder border = LLK_BORDER_CLOSED;
    LlkGravity gravity = LLK_GRAVITY_NONE;
    LlkConnect connect = LLK_CONNECT_STANDARD;
    const char *groups = "";
    uint64_t turns = 2;
    uint64_t budget = LLK_DEFAULT_BUDGET;
    double seconds = -1; /* no time limit */

    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0) {
            fputs(USAGE, stdout);
            return EXIT_ANSWERED;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "error: unexpected argument '%s'\n\n%s", arg, USAGE);
            return EXIT_FAILURE_;
        }
        const char *value = argv[++i];
        if (strcmp(arg, "--border") == 0) {
            /* The command line's names, read by the library's parser. */
            if (llk_border_parse(value, &border) != LLK_STATUS_OK) {
                fprintf(stderr, "error: --border: %s\n", llk_last_error());
                return EXIT_FAILURE_;
            }
        } else if (strcmp(arg, "--gravity") == 0) {
            if (llk_gravity_parse(value, &gravity) != LLK_STATUS_OK) {
                fprintf(stderr, "error: --gravity: %s\n", llk_last_error());
                return EXIT_FAILURE_;
            }
        } else if (strcmp(arg, "--connect") == 0) {
            if (llk_connect_parse(value, &connect) != LLK_STATUS_OK) {
                fprintf(stderr, "error: --connect: %s\n", llk_last_error());
                return EXIT_FAILURE_;
            }
        } else if (strcmp(arg, "--groups") == 0) {
            groups = value;
        } else if (strcmp(arg, "--turns") == 0) {
            if (parse_u64(value, &turns) != 0 || turns > SIZE_MAX) {
                fprintf(stderr, "error: --turns %s: a number of turns\n", value);
                return EXIT_FAILURE_;
            }
        } else if (strcmp(arg, "--budget") == 0) {
            if (parse_u64(value, &budget) != 0) {
                fprintf(stderr, "error: --budget %s: a number of states\n", value);
                return EXIT_FAILURE_;
            }
        } else if (strcmp(arg, "--seconds") == 0) {
            char *end = NULL;
            errno = 0;
            seconds = strtod(value, &end);
            if (errno != 0 || end == value || *end != '\0' || !(seconds >= 0)) {
                fprintf(stderr, "error: --seconds %s: a number of seconds, 0 or more\n", value);
                return EXIT_FAILURE_;
            }
        } else {
            fprintf(stderr, "error: unexpected argument '%s'\n\n%s", arg, USAGE);
            return EXIT_FAILURE_;
        }
    }

    /* The judge's rules, then one setter per option; each setter is
     * checked by the library (a conflict is refused with its message). */
    LlkRules *rules = NULL;
    if (llk_rules_judge(&rules) != LLK_STATUS_OK ||
        llk_rules_set_turns(rules, (size_t)turns) != LLK_STATUS_OK ||
        llk_rules_set_border(rules, border) != LLK_STATUS_OK ||
        llk_rules_set_gravity(rules, gravity) != LLK_STATUS_OK ||
        llk_rules_set_groups(rules, groups) != LLK_STATUS_OK ||
        llk_rules_set_connect(rules, connect) != LLK_STATUS_OK) {
        fprintf(stderr, "error: %s\n", llk_last_error());
        llk_rules_free(rules);
        return EXIT_FAILURE_;
    }

    size_t len = 0;
    char *input = read_all(stdin, &len);
    if (input == NULL) {
        fprintf(stderr, "error: cannot read standard input\n");
        llk_rules_free(rules);
        return EXIT_FAILURE_;
    }
    LlkBoard *board = NULL;
    LlkStatus status = llk_board_parse(input, len, &board);
    free(input);
    if (status != LLK_STATUS_OK) {
        fprintf(stderr, "error: %s\n", llk_last_error());
        llk_rules_free(rules);
        return status == LLK_STATUS_PARSE_ERROR ? EXIT_BAD_INPUT : EXIT_FAILURE_;
    }

    /* Without --seconds no token (NULL): the solve runs to its answer or
     * its budget. With it, a token that cancels itself when time is up. */
    LlkCancel *cancel = NULL;
    if (seconds >= 0 && (llk_cancel_new(&cancel) != LLK_STATUS_OK ||
                         llk_cancel_after(cancel, seconds) != LLK_STATUS_OK)) {
        fprintf(stderr, "error: %s\n", llk_last_error());
        llk_cancel_free(cancel);
        llk_board_free(board);
        llk_rules_free(rules);
        return EXIT_FAILURE_;
    }
    LlkSolution *solution = NULL;
    status = llk_solve(board, rules, budget, cancel, &solution);
    int exit_status = EXIT_ANSWERED;
    if (status == LLK_STATUS_CANCELLED) {
        /* Only the time limit cancels this token. */
        fputs("UNKNOWN (time limit reached)\n", stdout);
        exit_status = EXIT_UNKNOWN;
    } else if (status != LLK_STATUS_OK) {
        fprintf(stderr, "error: %s (%s)\n", llk_last_error(), llk_status_name(status));
        exit_status = EXIT_FAILURE_;
    } else {
        /* The same text `lianliankan solve` prints. A program that wants
         * the pairs themselves reads them with llk_solution_step. */
        fputs(llk_solution_text(solution), stdout);
        if (llk_solution_outcome(solution) == LLK_OUTCOME_UNKNOWN) {
            exit_status = EXIT_UNKNOWN;
        }
    }
    if (fflush(stdout) != 0) {
        exit_status = EXIT_FAILURE_;
    }
    llk_solution_free(solution);
    llk_cancel_free(cancel);
    llk_board_free(board);
    llk_rules_free(rules);
    return exit_status;
}
