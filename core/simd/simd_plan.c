/* cpu-simd set-up: kernel parameters from the configuration, the row-order plan, aligned
 * memory. Integer constants and the row order come from decoder_fixed.h, the fixed-point model
 * shared with the GPU, so that all integer decoders agree bit for bit. */
#include <math.h> /* decoder_fixed.h uses roundf */
#include <stdlib.h>
#include <string.h>
#include "decoder_fixed.h"
#include "error.h"
#include "simd_internal.h"
#if defined(__linux__)
#include <sys/mman.h> /* madvise (ldpc_simd_alloc) */
#endif

void ldpc_simd_params_init(simd_params *prm, const ldpc_decoder_config *cfg,
                           const ldpc_code *code)
{
    memset(prm, 0, sizeof *prm);
    prm->algorithm = cfg->algorithm;
    prm->schedule = cfg->schedule;
    prm->max_iterations = cfg->max_iterations;
    prm->early_termination = cfg->early_termination;
    prm->out_cols = cfg->output_bits == LDPC_OUTPUT_CODEWORD || !code->info_is_prefix ? code->n
                                                                                       : code->k;
    /* the decoder checked the rule at create (an error here leaves it off) */
    if (ldpc_crc_stop_rule_init(&prm->crc, cfg, code) != LDPC_OK ||
        !ldpc_crc_stop_active(&prm->crc, cfg))
        prm->crc.on = 0;
    prm->nms_alpha = cfg->nms_alpha;
    prm->oms_beta = cfg->oms_beta;
    prm->positive_is_one = cfg->llr_positive_is_one ? 1 : 0;
    prm->llr_scale = cfg->llr_scale;
    const ldpc_msg_format fmt = ldpc_simd_effective_format(cfg);
    if (fmt != LDPC_MSG_F32) {
        ldpc_decoder_config c = *cfg;
        c.msg_format = fmt;
        ldpc_fixed_params fp;
        if (ldpc_fixed_params_init(&c, code, &fp) == LDPC_OK) {
            prm->nms_a15 = fp.nms_a15;
            prm->oms_q = fp.oms_b;
            prm->cmin = fp.cmin;
            prm->cmax = fp.cmax;
            prm->mcap = fp.mcap;
            if (fmt == LDPC_MSG_I8) /* every s(m) <= MCAP <= 127 */
                for (int m = 0; m < 128; m++)
                    prm->mag8[m] = (uint8_t)ldpc_fixed_scale(&fp, m);
        }
        if (prm->nms_a15 > 32768)
            prm->nms_a15 = 32768;
        if (prm->oms_q > 32767)
            prm->oms_q = 32767; /* any offset >= the largest magnitude gives 0 */
        /* (m * 32768 + 16384) >> 15 = m: alpha = 1 is plain min-sum, whose 16-bit multiply
         * would not fit the SIMD instructions */
        if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM && prm->nms_a15 == 32768)
            prm->algorithm = LDPC_ALG_MIN_SUM;
    } else if (prm->algorithm == LDPC_ALG_NORMALIZED_MIN_SUM && cfg->nms_alpha == 1.0f) {
        prm->algorithm = LDPC_ALG_MIN_SUM; /* m * 1.0f = m */
    }
}

ldpc_msg_format ldpc_simd_effective_format(const ldpc_decoder_config *cfg)
{
    return cfg->algorithm == LDPC_ALG_SUM_PRODUCT ? LDPC_MSG_F32 : cfg->msg_format;
}

void ldpc_simd_plan_free(simd_plan *p)
{
    free(p->row_ptr);
    free(p->col);
    free(p->off);
    free(p->col_edge);
    free(p->segment);
    free(p->sign_last);
    free(p->qc_ptr);
    free(p->qc_first);
    memset(p, 0, sizeof *p);
}

/* Largest z whose block rows the parity check XORs at once (a block row's words sit on the
 * stack: 8 bytes a row). */
#define SIMD_QC_MAX_Z 1024

int ldpc_simd_plan_init(simd_plan *p, const ldpc_code *c, int vec_bytes, ldpc_row_order kind)
{
    memset(p, 0, sizeof *p);
    p->n = c->n;
    p->m = c->m;
    p->num_edges = c->num_edges;
    p->max_row_degree = c->max_row_degree;
    p->col_ptr = c->col_ptr;
    int *order = malloc((size_t)c->m * sizeof(int));
    int *edge_of = malloc((size_t)c->num_edges * sizeof(int)); /* H's CSR edge -> plan edge */
    p->row_ptr = malloc(((size_t)c->m + 1) * sizeof(int));
    p->col = malloc((size_t)c->num_edges * sizeof(int));
    p->off = malloc(((size_t)c->num_edges + 1) * sizeof(int32_t));
    p->col_edge = malloc((size_t)c->num_edges * sizeof(int));
    p->segment = malloc(((size_t)c->m + 1) * sizeof(int));
    p->sign_last = calloc((size_t)c->m + 1, sizeof(uint64_t));
    if (!order || !edge_of || !p->row_ptr || !p->col || !p->off || !p->col_edge ||
        !p->segment || !p->sign_last) {
        free(order);
        free(edge_of);
        ldpc_simd_plan_free(p);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-simd: out of memory for code %s", c->name);
    }
    const int st = ldpc_decoder_row_order(c, kind, order);
    if (st != LDPC_OK) {
        free(order);
        free(edge_of);
        ldpc_simd_plan_free(p);
        return st;
    }
    int e = 0;
    for (int i = 0; i < c->m; i++) {
        const int r = order[i];
        p->row_ptr[i] = e;
        for (int q = c->row_ptr[r]; q < c->row_ptr[r + 1]; q++) {
            edge_of[q] = e;
            p->off[e] = c->col_idx[q] * vec_bytes;
            p->col[e++] = c->col_idx[q];
        }
    }
    p->row_ptr[c->m] = e;
    for (int q = 0; q < c->num_edges; q++)
        p->col_edge[q] = edge_of[c->col_edge[q]];
    /* LDPCGPU_SIMD_ROW_SIGNS=0|1 forces the choice (the tests run both forms on every code) */
    const char *force = getenv("LDPCGPU_SIMD_ROW_SIGNS");
    p->rows_sign = force && *force ? atoi(force) != 0
                                   : (size_t)c->n * (size_t)vec_bytes >= SIMD_ROW_SIGNS_MIN_APP;
    for (int j = 0; j < c->n; j++)
        if (c->col_ptr[j + 1] == c->col_ptr[j])
            p->rows_sign = 0; /* a column in no row: its word would never be written */
    p->num_segments = 0;
    for (int i = 0; i < c->m; i++)
        if (i == 0 || p->row_ptr[i + 1] - p->row_ptr[i] != p->row_ptr[i] - p->row_ptr[i - 1])
            p->segment[p->num_segments++] = i;
    p->segment[p->num_segments] = c->m;
    /* each column's last edge in the plan's order */
    int *last_edge = malloc(((size_t)c->n + 1) * sizeof(int));
    if (!last_edge) {
        free(order);
        free(edge_of);
        ldpc_simd_plan_free(p);
        return ldpc_error(LDPC_ERR_NO_MEMORY, "cpu-simd: out of memory for code %s", c->name);
    }
    for (int j = 0; j < c->n; j++)
        last_edge[j] = -1;
    for (int q = 0; q < e; q++)
        last_edge[p->col[q]] = q;
    for (int i = 0; i < c->m; i++)
        for (int q = p->row_ptr[i]; q < p->row_ptr[i + 1] && q - p->row_ptr[i] < 64; q++)
            if (last_edge[p->col[q]] == q)
                p->sign_last[i] |= (uint64_t)1 << (q - p->row_ptr[i]);
    free(last_edge);
    p->rec_vectors = 0;
    for (int i = 0; i < c->m; i++) {
        const int d = p->row_ptr[i + 1] - p->row_ptr[i];
        p->rec_vectors += d > 0 ? (size_t)SIMD_RECORD_VECTORS(d) : 0;
    }
    free(order);
    free(edge_of);
    ldpc_block_rows br;
    const int qc = ldpc_code_block_rows(c, SIMD_QC_MAX_Z, &br);
    if (qc != LDPC_OK) {
        ldpc_simd_plan_free(p);
        return qc;
    }
    p->qc_z = br.z;
    p->qc_rows = br.rows;
    p->qc_ptr = br.ptr;
    p->qc_first = br.first;
    return LDPC_OK;
}

/* A group's APP and messages above which the messages are kept as records where they are
 * fewer. Records cost about four vector operations an edge more; they pay where the state is
 * read from DRAM rather than from a core's L2 or a shared L3. Measured on one AMD Zen 4 core
 * (32 MB L3; simd_bench, int8, 10 it, decoding alone, medians of 9 alternated runs): DVB 64800
 * (20 - 25 MB) +10% (r1/2) to +22% (9/10, 2/5); 5G NR BG1 Z 384 (10.6 MB) -12%; DVB 16200
 * (5 MB) -10%; WiMAX 2304 (0.7 MB) -17%. */
#define SIMD_RECORDS_MIN_STATE ((size_t)16 << 20)

void ldpc_simd_plan_messages(simd_plan *p, const simd_kernel *k, ldpc_schedule schedule)
{
    p->msg_records = 0;
    /* a record's edge index is a byte: rows of more than 256 edges keep one vector an edge */
    if (!k->records || schedule != LDPC_SCHEDULE_LAYERED || p->max_row_degree > 256)
        return;
    const char *force = getenv("LDPCGPU_SIMD_MSG_RECORDS");
    if (force && *force) {
        p->msg_records = atoi(force) != 0;
        return;
    }
    const size_t lanes = (size_t)k->lanes;
    const size_t state = (size_t)p->n * lanes * (size_t)k->elem_size +
                         (size_t)p->num_edges * lanes * (size_t)k->msg_size;
    p->msg_records = state > SIMD_RECORDS_MIN_STATE && 4 * p->rec_vectors < 3 * (size_t)p->num_edges;
}

/* Buffers of at least SIMD_HUGE_MIN bytes (the APP and the messages of a group of long frames:
 * DVB 64800 int8, 64 lanes, 8.3 and 14.5 MB) are 2 MB-aligned and asked to be backed by
 * transparent huge pages where the kernel offers them on request (Linux, THP "madvise"): the
 * rows read them at scattered columns, one or two 4 KB pages an edge without. Measured on a
 * 2-vCPU AMD EPYC VM, one core, DVB-S2 64800 r1/2 10 it, decoding alone (simd_bench): int8
 * 18.2 -> 17.6 ms a group best, float 12.7 -> 11.7 (docs/benchmarks.md).
 * LDPCGPU_SIMD_HUGE_PAGES=0 leaves them to 4 KB pages. */
#define SIMD_HUGE_MIN ((size_t)1 << 20)
#define SIMD_HUGE_PAGE ((size_t)2 << 20)

void *ldpc_simd_alloc(size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    const char *huge_pages = getenv("LDPCGPU_SIMD_HUGE_PAGES");
    if (bytes >= SIMD_HUGE_MIN && !(huge_pages && strcmp(huge_pages, "0") == 0)) {
        const size_t rounded = (bytes + SIMD_HUGE_PAGE - 1) / SIMD_HUGE_PAGE * SIMD_HUGE_PAGE;
        void *p = aligned_alloc(SIMD_HUGE_PAGE, rounded);
        if (p)
            (void)madvise(p, rounded, MADV_HUGEPAGE); /* advice only: 4 KB pages where refused */
        return p;
    }
#endif
    size_t rounded = (bytes + SIMD_ALIGN - 1) / SIMD_ALIGN * SIMD_ALIGN;
    return aligned_alloc(SIMD_ALIGN, rounded ? rounded : SIMD_ALIGN);
}

void ldpc_simd_free(void *p) { free(p); }
