/* ldpcgpu simulate: what its parts share (options, points, the frame plan, the output).
 *
 *   cmd_simulate.c   options, the run: points, rounds of chunks, MPI reduction, progress
 *   sim_output.c     the table, the JSON (with confidence intervals), --resume's reading
 *   sim_stats.c      the confidence intervals
 *   sim_mpi.c        the MPI calls (or one rank without MPI)
 *   sim_progress.c   progress lines on stderr
 *   sim_harq.c       --harq: IR-HARQ over rate-matched 5G NR codes
 */
#ifndef LDPCGPU_SIMULATE_H
#define LDPCGPU_SIMULATE_H

#include <stdint.h>
#include "app_util.h"
#include "ldpcgpu/sim.h"

#define SIM_MAX_POINTS 1000
/* The ranges of --frames / --max-frame-errors and --chunk-frames, and of the same values that
 * --resume reads (so that frame numbers and chunk x ranks never overflow 64 bits). */
#define SIM_MAX_FRAMES (1LL << 50)
#define SIM_MAX_CHUNK_FRAMES (1LL << 30)
/* --resume reads at most this much: a result of SIM_MAX_POINTS points is under 1 MB, so this
 * leaves room for any reformatting, while a wrong path (a device, a huge file) is refused
 * instead of read into memory without end. */
#define SIM_RESUME_MAX_BYTES ((size_t)64 << 20)

/* Whether two Eb/N0 values name the same point (a value read back from an older file that
 * kept 4 decimals, or a sweep's sum, may differ from the typed one in its last bits). */
static inline int sim_same_ebn0(double a, double b) { return a - b < 1e-6 && b - a < 1e-6; }

typedef struct sim_opts {
    const char *code_name, *json_path, *resume_path;
    double ebn0[SIM_MAX_POINTS];
    int npoints, have_ebn0;
    long long frames;           /* frames per point in all (resumed ones included) */
    long long max_frame_errors; /* 0 = no limit */
    long long chunk_frames;     /* 0 = the rule of sim_chunk_frames */
    uint64_t seed;
    int llr_i8;
    int codeword_zero;          /* --codeword zero */
    ldpc_modulation modulation; /* --modulation */
    ldpc_demap_method demapper; /* --demapper */
    ldpc_sim_noise noise;       /* --noise */
    int quiet;
    int device_local;           /* --device local */
    double progress_interval;   /* seconds between plain progress lines */
    int harq;                   /* --harq N: IR-HARQ transmissions (0 = off; sim_harq.c) */
    ldpc_decoder_config cfg;
    unsigned decoder_set;       /* APP_SET_* settings given (the rest: the code's defaults) */
} sim_opts;

/* One Eb/N0 point: counts over frames first .. first + c.frames - 1 (a contiguous range, also
 * after a resume and over any number of ranks). */
typedef struct sim_point {
    double ebn0;
    uint64_t first;
    ldpc_sim_counts c;
    double wall_seconds;   /* wall-clock time that made them (summed over resumed runs) */
    double decode_seconds; /* the decoder alone, < 0 when not known */
    uint64_t resumed_frames; /* frames that came from the --resume file */
    int done;              /* the point reached its targets (frames or frame errors) */
} sim_point;

/* What the run is: the simulator of rank 0 (code, decoder, channel) and the ranks. */
typedef struct sim_setup {
    const sim_opts *o;
    ldpc_sim *sim;
    int ranks;
    int threads;           /* CPU threads of each rank (0 = one per core) */
    const char *mpi;       /* MPI library, "none" */
    uint64_t in_flight;    /* frames a rank's simulator keeps in flight (the largest over the ranks) */
} sim_setup;

/* ---- sim_harq.c: --harq N over a rate-matched 5G NR code; an exit code ---- */
int sim_harq_run(const sim_opts *o, int harq);

/* ---- sim_output.c ---- */
void sim_print_header(FILE *f);
void sim_print_point(FILE *f, const sim_point *p, int n, int k);
/* Write the whole result (points[0..npoints-1]) to o->json_path, replacing the file at once
 * (written beside it, then renamed: a checkpoint never leaves a half-written file). */
int sim_write_json(const sim_setup *s, const sim_point *points, int npoints);

/* --resume: an earlier run's JSON text. */
typedef struct sim_resume sim_resume;
/* Parse text (path: for messages) and set o's defaults from it (code, decoder settings, seed,
 * LLRs, codeword, targets, Eb/N0 list), before the command line overrides them. Returns NULL
 * after printing why. */
sim_resume *sim_resume_load(const char *path, const char *text, sim_opts *o);
/* Whether the run about to start simulates what the earlier one did (same code, decoder
 * arithmetic, backend, channel, seed, LLRs, codeword): prints each difference, returns the
 * number of differences. */
int sim_resume_check(const sim_resume *r, const sim_setup *s);
/* The earlier point at this Eb/N0, into *p (counts, first frame, time). Returns 1 if there is
 * one, 0 otherwise (a new point, from frame 0). */
int sim_resume_point(const sim_resume *r, double ebn0, sim_point *p);
void sim_resume_free(sim_resume *r);

#endif
