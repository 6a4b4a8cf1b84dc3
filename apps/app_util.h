/* Small helpers shared by the ldpcgpu subcommands: option parsing, decoder options, file I/O,
 * timing and error reporting. Every helper that can fail prints its own message (prefixed with
 * the subcommand's name) and returns non-zero, so a command only has to return. */
#ifndef LDPCGPU_APP_UTIL_H
#define LDPCGPU_APP_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include "ldpcgpu/ldpcgpu.h"

/* Exit codes of every subcommand. */
#define APP_OK 0
#define APP_FAILED 1 /* the work failed: bad code, I/O error, decoder error */
#define APP_USAGE 2  /* the command line was wrong */

/* ---- option parsing ----
 * Options are "--name VALUE" or "--name=VALUE" (short aliases like "-o" take the next word).
 * A parser walks argv with an index; app_opt() says whether argv[*i] is the option and, if it
 * takes a value, points *value at it and advances *i past it. */
typedef struct app_args {
    const char *cmd; /* subcommand name, for messages */
    int argc;
    char **argv;
    int i;           /* index of the word being parsed */
    int error;       /* set once a parse error was printed */
    unsigned decoder_set; /* APP_SET_* bits: decoder settings app_decoder_option parsed */
} app_args;

/* Decoder settings whose default depends on the code (ldpc_decoder_config_init_code). */
#define APP_SET_ALGORITHM 1u
#define APP_SET_ALPHA 2u
#define APP_SET_BETA 4u
#define APP_SET_ITERATIONS 8u
#define APP_SET_ALL 15u

void app_args_init(app_args *a, const char *cmd, int argc, char **argv);
/* True when argv[i] is a help request (-h, --help). */
int app_is_help(const char *word);
/* Option with a value: matches "--long VALUE", "--long=VALUE" or "SHORT VALUE" (short may be
 * NULL). Returns 1 and sets *value when it matches (advancing a->i past the value); 0 otherwise.
 * A missing value prints an error and sets a->error. */
int app_opt(app_args *a, const char *long_name, const char *short_name, const char **value);
/* Option whose value is one of a NULL-terminated list of words: returns 1 when argv[i] is the
 * option, with *index set to the position of its value in the list; a value not in the list
 * prints the choices and sets a->error. */
int app_opt_choice(app_args *a, const char *long_name, const char *const *choices, int *index);
/* --NAME T: an LLR type in the core's vocabulary (ldpc_llr_type_from_string: f32/float, i8/int8);
 * *llr_i8 = 1 for int8. Same return convention as app_opt_choice. */
int app_opt_llr_type(app_args *a, const char *long_name, int *llr_i8);
/* --modulation M / --demapper D in the core's vocabulary (ldpc_modulation_from_string,
 * ldpc_demap_method_from_string): the channel of simulate, quality and encode. Same return
 * convention as app_opt_choice. */
int app_opt_modem(app_args *a, ldpc_modulation *mod, ldpc_demap_method *demap);
/* Choice lists shared by several commands (the index is the meaning: i8 = 1, positive-one = 1). */
/* "f32", "i8": the core's LLR type names (ldpc_llr_type_name) in enum order, for option lists */
extern const char *const app_llr_formats[];
extern const char *const app_llr_signs[];   /* "positive-zero", "positive-one" */
/* Flag without a value: returns 1 and advances when argv[i] is long_name. */
int app_flag(app_args *a, const char *long_name);
/* Report an unknown option or surplus positional argument and set a->error. */
void app_unknown(app_args *a);

/* Number parsing with range checks; print "CMD: --opt: ..." and return non-zero on error. */
int app_parse_int(const char *cmd, const char *opt, const char *text, long long lo, long long hi,
                  long long *out);
int app_parse_double(const char *cmd, const char *opt, const char *text, double lo, double hi,
                     double *out);
int app_parse_u64(const char *cmd, const char *opt, const char *text, uint64_t *out);
/* --llr-scale S: a number in the widest llr_scale range of any code (ldpc_llr_scale_range with
 * no code: where int8 LLRs and integer messages keep their quality on some code); prints the
 * library's reason otherwise and returns non-zero. app_check_llr_scale then checks it against
 * the code and algorithm. */
int app_parse_llr_scale(const char *cmd, const char *text, float *out);
/* scale in ldpc_llr_scale_range(code, cfg) (cfg NULL: the code's defaults): APP_OK, else the
 * library's message (the range, the code and algorithm, what takes the lower end) on stderr
 * and APP_USAGE. */
int app_check_llr_scale(const char *cmd, float scale, const ldpc_code *code,
                        const ldpc_decoder_config *cfg);

/* ---- decoder options shared by simulate, decode (and bench) ---- */
/* Parses --backend --algorithm --schedule --iterations --no-early-stop --alpha --beta --threads
 * --batch-frames --device into cfg. Returns 1 if argv[a->i] was one of them (consumed),
 * 0 if not, and sets a->error on a bad value. */
int app_decoder_option(app_args *a, ldpc_decoder_config *cfg);
/* Help text for those options. */
void app_decoder_options_help(FILE *f);
/* The code's defaults (ldpc_decoder_config_init_code) for the settings of APP_SET_* not in set,
 * i.e. those the command line left to their defaults. */
void app_code_defaults(unsigned set, const ldpc_code *code, ldpc_decoder_config *cfg);

/* ---- codes, errors ---- */
/* Create a code by name; prints "CMD: cannot open code NAME: reason" on failure. */
int app_open_code(const char *cmd, const char *name, ldpc_code **code);
/* Print "CMD: what: <status text>: <ldpc_last_error()>" and return APP_FAILED. */
int app_fail(const char *cmd, int status, const char *what);
/* Code rate k/n. */
double app_code_rate(const ldpc_code *code);

/* ---- files ---- */
/* Open for reading/writing; "-" means stdin/stdout. Prints the reason on failure. */
FILE *app_open_read(const char *cmd, const char *path);
FILE *app_open_write(const char *cmd, const char *path);
/* app_open_write, refusing a path that is the same file as one already open: the inputs and
 * the outputs opened before it (open[0..nopen-1], named open_paths[], NULL entries skipped).
 * "The same" is the same stream (- twice) or the same regular file by device and inode, so
 * links, "./F" and a redirected standard input count: writing would truncate an input before
 * it is read, or mix two outputs in one file. Prints why and returns NULL. */
FILE *app_open_write_apart(const char *cmd, const char *path, FILE *const *open,
                           const char *const *open_paths, int nopen);
/* Close a file opened above (not stdin/stdout); reports write errors. Returns 0 on success. */
int app_close(const char *cmd, FILE *f, const char *path);
/* Write all of buf; prints the reason on failure and returns non-zero. */
int app_write_all(const char *cmd, FILE *f, const void *buf, size_t len, const char *path);
/* Read up to len bytes (short only at end of file); returns bytes read, -1 on a read error. */
long long app_read_up_to(const char *cmd, FILE *f, void *buf, size_t len, const char *path);

/* ---- time, progress and LLRs ---- */
double app_now(void); /* monotonic seconds */

/* A one-line progress report on stderr, redrawn at most a few times a second, and only when
 * stderr is a terminal (never in logs or pipes). */
typedef struct app_progress {
    int enabled;
    int shown;    /* a line is on the screen */
    double last;  /* when it was last redrawn */
} app_progress;
void app_progress_init(app_progress *p);
void app_progress_update(app_progress *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void app_progress_clear(app_progress *p); /* erase the line before printing results */
/* Saturated LLRs (ldpc_decoder_count_saturated_f32/_i8): add the count among count LLRs
 * (float, or int8 when llr_i8) to *saturated. */
void app_count_saturated(const ldpc_decoder *dec, const void *llr, int llr_i8, size_t count,
                         long long *saturated);

/* Write s as a JSON string literal (quotes, backslashes and control characters escaped). JSON
 * text is UTF-8: a byte that is not part of valid UTF-8 (a file name in another encoding) is
 * written as the escape \udcXX of its value XX (a lone low surrogate, as Python's
 * surrogateescape does), which json_read.c turns back into the byte. */
void app_json_string(FILE *f, const char *s);
/* Write a finite double as a JSON number that reads back as exactly the same double (the
 * shortest of %.15g, %.16g, %.17g that does); JSON has no infinity or NaN: those are null. */
void app_json_double(FILE *f, double v);

#endif
