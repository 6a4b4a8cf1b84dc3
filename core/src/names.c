/* The names of the decoder's options, written once: every front end (the ldpcgpu tool, the GNU
 * Radio blocks, the Python API, JSON output) prints and parses them through these functions.
 * Each option has one canonical name (printed) and a few accepted spellings (parsed,
 * case-insensitive). */
#include <stdio.h>
#include <strings.h>
#include "decoder_internal.h"
#include "error.h"
#include "ldpcgpu/demap.h"
#include "ldpcgpu/sim.h"

typedef struct name_entry {
    const char *name;
    int value;
} name_entry;

/* The first entry of each value is its canonical name. */
static const name_entry backend_table[] = {
    {"auto", LDPC_BACKEND_AUTO},         {"cpu-reference", LDPC_BACKEND_CPU_REFERENCE},
    {"cpu-simd", LDPC_BACKEND_CPU_SIMD}, {"cuda", LDPC_BACKEND_CUDA},
};
static const name_entry algorithm_table[] = {
    {"nms", LDPC_ALG_NORMALIZED_MIN_SUM}, {"oms", LDPC_ALG_OFFSET_MIN_SUM},
    {"min-sum", LDPC_ALG_MIN_SUM},        {"sum-product", LDPC_ALG_SUM_PRODUCT},
    {"normalized-min-sum", LDPC_ALG_NORMALIZED_MIN_SUM},
    {"offset-min-sum", LDPC_ALG_OFFSET_MIN_SUM},
    {"ms", LDPC_ALG_MIN_SUM},             {"spa", LDPC_ALG_SUM_PRODUCT},
};
static const name_entry schedule_table[] = {
    {"layered", LDPC_SCHEDULE_LAYERED},
    {"flooding", LDPC_SCHEDULE_FLOODING},
};
static const name_entry msg_format_table[] = {
    {"f32", LDPC_MSG_F32},   {"i8", LDPC_MSG_I8},   {"i16", LDPC_MSG_I16},
    {"float", LDPC_MSG_F32}, {"float32", LDPC_MSG_F32},
    {"int8", LDPC_MSG_I8},   {"int16", LDPC_MSG_I16},
};
static const name_entry llr_type_table[] = {
    {"f32", LDPC_LLR_F32},   {"i8", LDPC_LLR_I8},
    {"float", LDPC_LLR_F32}, {"float32", LDPC_LLR_F32}, {"int8", LDPC_LLR_I8},
};
static const name_entry crc_stop_table[] = {
    {"none", LDPC_CRC_STOP_NONE},  {"crc24a", LDPC_CRC_STOP_CRC24A},
    {"crc24b", LDPC_CRC_STOP_CRC24B}, {"crc16", LDPC_CRC_STOP_CRC16},
    {"off", LDPC_CRC_STOP_NONE},   {"24a", LDPC_CRC_STOP_CRC24A},
    {"24b", LDPC_CRC_STOP_CRC24B}, {"16", LDPC_CRC_STOP_CRC16},
};
static const name_entry row_order_table[] = {
    {"auto", LDPC_ROW_ORDER_AUTO}, {"groups", LDPC_ROW_ORDER_GROUPS}, {"wide", LDPC_ROW_ORDER_WIDE},
    {"h", LDPC_ROW_ORDER_H}, {"natural", LDPC_ROW_ORDER_H}, {"narrow", LDPC_ROW_ORDER_NARROW},
    {"wide-by-degree", LDPC_ROW_ORDER_WIDE_BY_DEGREE}, {"wide-128", LDPC_ROW_ORDER_WIDE_128},
    {"wide-64", LDPC_ROW_ORDER_WIDE_64}, {"packed", LDPC_ROW_ORDER_PACKED},
};

static const name_entry modulation_table[] = {
    {"bpsk", LDPC_MOD_BPSK},    {"qpsk", LDPC_MOD_QPSK},    {"16qam", LDPC_MOD_QAM16},
    {"64qam", LDPC_MOD_QAM64},  {"256qam", LDPC_MOD_QAM256}, {"qam16", LDPC_MOD_QAM16},
    {"qam64", LDPC_MOD_QAM64},  {"qam256", LDPC_MOD_QAM256}, {"4qam", LDPC_MOD_QPSK},
};
static const name_entry demap_method_table[] = {
    {"exact", LDPC_DEMAP_EXACT}, {"max-log", LDPC_DEMAP_MAX_LOG}, {"maxlog", LDPC_DEMAP_MAX_LOG},
};

static const name_entry sim_noise_table[] = {
    {"box-muller", LDPC_SIM_NOISE_BOX_MULLER}, {"i8-table", LDPC_SIM_NOISE_I8_TABLE},
    {"boxmuller", LDPC_SIM_NOISE_BOX_MULLER},  {"table", LDPC_SIM_NOISE_I8_TABLE},
};

#define COUNT(t) (sizeof(t) / sizeof((t)[0]))

static const char *name_of(const name_entry *t, size_t n, int value)
{
    for (size_t i = 0; i < n; i++)
        if (t[i].value == value)
            return t[i].name;
    return "?";
}

/* Parse s against t; on failure the error names the canonical spellings. */
static int parse(const name_entry *t, size_t n, const char *what, const char *s, int *out)
{
    if (!s || !out)
        return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "NULL argument");
    for (size_t i = 0; i < n; i++)
        if (!strcasecmp(s, t[i].name)) {
            *out = t[i].value;
            return LDPC_OK;
        }
    char valid[160] = "";
    size_t len = 0;
    for (size_t i = 0; i < n && len < sizeof valid; i++)
        if (name_of(t, n, t[i].value) == t[i].name) /* canonical names only */
            len += (size_t)snprintf(valid + len, sizeof valid - len, "%s%s", len ? ", " : "",
                                    t[i].name);
    return ldpc_error(LDPC_ERR_INVALID_ARGUMENT, "unknown %s '%s' (%s)", what, s, valid);
}

const char *ldpc_backend_name(ldpc_backend b)
{
    return name_of(backend_table, COUNT(backend_table), (int)b);
}
const char *ldpc_algorithm_name(ldpc_algorithm a)
{
    return name_of(algorithm_table, COUNT(algorithm_table), (int)a);
}
const char *ldpc_schedule_name(ldpc_schedule s)
{
    return name_of(schedule_table, COUNT(schedule_table), (int)s);
}
const char *ldpc_msg_format_name(ldpc_msg_format f)
{
    return name_of(msg_format_table, COUNT(msg_format_table), (int)f);
}
const char *ldpc_llr_type_name(ldpc_llr_type t)
{
    return name_of(llr_type_table, COUNT(llr_type_table), (int)t);
}
const char *ldpc_crc_stop_name(ldpc_crc_stop c)
{
    return name_of(crc_stop_table, COUNT(crc_stop_table), (int)c);
}
const char *ldpc_row_order_name(ldpc_row_order o)
{
    return name_of(row_order_table, COUNT(row_order_table), (int)o);
}

int ldpc_backend_from_string(const char *s, ldpc_backend *out)
{
    int v = 0;
    /* "cpu": the fastest CPU backend this build has */
    if (s && out && !strcasecmp(s, "cpu")) {
        *out = ldpc_backend_cpu_simd_ops() ? LDPC_BACKEND_CPU_SIMD : LDPC_BACKEND_CPU_REFERENCE;
        return LDPC_OK;
    }
    int st = parse(backend_table, COUNT(backend_table), "backend", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_backend)v;
    return st;
}
int ldpc_algorithm_from_string(const char *s, ldpc_algorithm *out)
{
    int v = 0, st = parse(algorithm_table, COUNT(algorithm_table), "algorithm", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_algorithm)v;
    return st;
}
int ldpc_schedule_from_string(const char *s, ldpc_schedule *out)
{
    int v = 0, st = parse(schedule_table, COUNT(schedule_table), "schedule", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_schedule)v;
    return st;
}
int ldpc_msg_format_from_string(const char *s, ldpc_msg_format *out)
{
    int v = 0, st = parse(msg_format_table, COUNT(msg_format_table), "message format", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_msg_format)v;
    return st;
}
int ldpc_llr_type_from_string(const char *s, ldpc_llr_type *out)
{
    int v = 0, st = parse(llr_type_table, COUNT(llr_type_table), "LLR type", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_llr_type)v;
    return st;
}
int ldpc_crc_stop_from_string(const char *s, ldpc_crc_stop *out)
{
    int v = 0, st = parse(crc_stop_table, COUNT(crc_stop_table), "CRC stop", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_crc_stop)v;
    return st;
}
int ldpc_row_order_from_string(const char *s, ldpc_row_order *out)
{
    int v = 0, st = parse(row_order_table, COUNT(row_order_table), "row order", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_row_order)v;
    return st;
}

const char *ldpc_modulation_name(ldpc_modulation m)
{
    return name_of(modulation_table, COUNT(modulation_table), (int)m);
}

int ldpc_modulation_from_string(const char *s, ldpc_modulation *out)
{
    int v = 0, st = parse(modulation_table, COUNT(modulation_table), "modulation", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_modulation)v;
    return st;
}

const char *ldpc_demap_method_name(ldpc_demap_method d)
{
    return name_of(demap_method_table, COUNT(demap_method_table), (int)d);
}

int ldpc_demap_method_from_string(const char *s, ldpc_demap_method *out)
{
    int v = 0, st = parse(demap_method_table, COUNT(demap_method_table), "demapper", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_demap_method)v;
    return st;
}

const char *ldpc_sim_noise_name(ldpc_sim_noise n)
{
    return name_of(sim_noise_table, COUNT(sim_noise_table), (int)n);
}

int ldpc_sim_noise_from_string(const char *s, ldpc_sim_noise *out)
{
    int v = 0, st = parse(sim_noise_table, COUNT(sim_noise_table), "noise", s, out ? &v : NULL);
    if (st == LDPC_OK)
        *out = (ldpc_sim_noise)v;
    return st;
}
