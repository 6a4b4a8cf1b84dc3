/* ldpcgpu quality: the grid, its results, and the report (table, crossings, JSON).
 * cmd_quality.c parses the options and runs the grid; quality_report.c prints and writes it. */
#ifndef LDPCGPU_APP_QUALITY_H
#define LDPCGPU_APP_QUALITY_H

#include "app_sim.h"

#define Q_MAX_CODES 32
#define Q_MAX_LIST 32     /* values of one list option */
#define Q_MAX_POINTS 64   /* Eb/N0 points of one code */
#define Q_MAX_FORMATS 6   /* message formats x LLR formats */
#define Q_NTARGETS 2      /* the FERs at which the gap to float is measured */
extern const double q_targets[Q_NTARGETS]; /* 1e-2, 1e-3 */

/* One code of the grid and its Eb/N0 points (ascending). */
typedef struct q_code {
    char name[256];
    double ebn0[Q_MAX_POINTS];
    int npoints;
} q_code;

/* A quantised format: message arithmetic and the LLRs handed to the decoder. Named MSG:LLR,
 * e.g. "i8:f32" (int8 messages, float LLRs quantised by the decoder). */
typedef struct q_format {
    ldpc_msg_format msg;
    int llr_i8;
    char name[16];
} q_format;

typedef struct q_opts {
    q_code codes[Q_MAX_CODES];
    int ncodes;
    double default_ebn0[Q_MAX_POINTS]; /* --ebn0, for codes given without @EBN0 */
    int default_npoints;
    ldpc_algorithm algs[Q_MAX_LIST];
    int nalgs;
    double alphas[Q_MAX_LIST], betas[Q_MAX_LIST];
    int nalphas, nbetas;
    int iterations[Q_MAX_LIST];
    int niterations;
    int early[2]; /* early termination values, in order */
    int nearly;
    q_format formats[Q_MAX_FORMATS];
    int nformats;
    long long frames, max_frame_errors;
    uint64_t seed;
    ldpc_modulation modulation;  /* --modulation, --demapper: the channel of every point */
    ldpc_demap_method demapper;
    const char *json_path;
    int quiet;
    ldpc_decoder_config cfg;     /* backend of the quantised decoders, schedule, threads... */
    ldpc_backend float_backend;  /* backend of the float decoder */
} q_opts;

/* One grid point: a code, one decoder setting, and its curve. curve holds npoints rows of
 * 1 + nformats counts: [0] the float decoder, [1 + f] format f; all decoded the same frames. */
typedef struct q_result {
    const q_code *code;
    int n, k;
    ldpc_algorithm alg;
    double param; /* alpha (nms), beta (oms), unused (min-sum) */
    int iterations, early;
    char float_backend[32], backend[32]; /* the backends actually used */
    app_sim_point *curve;
} q_result;

/* The counts of decoder d (0 float, 1 + f format f) at Eb/N0 point i. */
static inline app_sim_point *q_at(const q_opts *o, const q_result *r, int i, int d)
{
    return &r->curve[(size_t)i * (1 + o->nformats) + d];
}

/* Eb/N0 at which decoder d's FER first falls through target: log10(FER) interpolated linearly
 * in Eb/N0 between the two sweep points around the crossing. NAN when the curve does not cross
 * between two points with measured frame errors (it starts below target, never reaches it, or
 * falls from above it straight to zero errors, where the log is undefined). */
double q_crossing(const q_opts *o, const q_result *r, int d, double target);

/* Printing: the header of a grid point, its table (one row per Eb/N0 and format), the gaps. */
void q_print_result(const q_opts *o, const q_result *r);
/* The largest gap at each target FER over all points and formats, and how many were measured. */
void q_print_summary(const q_opts *o, const q_result *results, int nresults);
/* --json: every grid point with its curves, crossings and gaps. */
int q_write_json(const q_opts *o, const q_result *results, int nresults);

#endif
