/* libFuzzer harness for `ldpcgpu simulate --resume`'s reading of a JSON result (json_read.c,
 * sim_output.c), and for the JSON writer's strings and numbers (app_util.c). Built and run by
 * ctest (cmake/LdpcgpuFuzz.cmake): with clang's libFuzzer for a few seconds, and as a replay
 * of the stored corpus (apps/tests/fuzz/corpus/sim_json) with any compiler.
 *
 * Every input must be refused (NULL, after a message), or give settings and points within the
 * command line's ranges: at most SIM_MAX_POINTS points, each Eb/N0 once and in range, targets
 * that cannot overflow, counts that a simulation of those frames can give. A string written by
 * app_json_string must parse back to the same bytes (also bytes that are not UTF-8), and a
 * finite double written by app_json_double must read back exactly. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "app_sim.h"
#include "json_read.h"
#include "simulate.h"

static void check_resume(const char *text)
{
    static sim_opts o; /* static: the Eb/N0 list is a few kB */
    memset(&o, 0, sizeof o);
    o.frames = 100;
    o.seed = 1;
    ldpc_decoder_config_init(&o.cfg);
    sim_resume *r = sim_resume_load("fuzz-input", text, &o);
    if (!r)
        return;
    if (o.npoints < 0 || o.npoints > SIM_MAX_POINTS || o.frames < 1 || o.frames > SIM_MAX_FRAMES ||
        o.max_frame_errors < 0 || o.max_frame_errors > SIM_MAX_FRAMES || o.chunk_frames < 0 ||
        o.chunk_frames > SIM_MAX_CHUNK_FRAMES || o.cfg.max_iterations < 1 ||
        o.cfg.max_iterations > 10000)
        abort();
    for (int i = 0; i < o.npoints; i++) {
        if (!(o.ebn0[i] >= APP_EBN0_MIN && o.ebn0[i] <= APP_EBN0_MAX))
            abort();
        for (int j = 0; j < i; j++)
            if (sim_same_ebn0(o.ebn0[i], o.ebn0[j]))
                abort();
        sim_point p;
        if (!sim_resume_point(r, o.ebn0[i], &p))
            abort();
        const ldpc_sim_counts *c = &p.c;
        if (c->frame_errors > c->frames || c->parity_failures > c->frames ||
            c->undetected > c->frame_errors || p.first + c->frames < p.first ||
            !(p.wall_seconds >= 0 && isfinite(p.wall_seconds)) ||
            !(p.decode_seconds == -1.0 || (p.decode_seconds >= 0 && isfinite(p.decode_seconds))))
            abort();
    }
    sim_resume_free(r);
}

/* The input up to its first NUL as a JSON string and back. */
static void check_string(const uint8_t *data, size_t size)
{
    const size_t len = strnlen((const char *)data, size);
    char *s = malloc(len + 1), *json = NULL, err[256];
    size_t json_len = 0;
    memcpy(s, data, len);
    s[len] = '\0';
    FILE *f = open_memstream(&json, &json_len);
    if (!s || !f)
        abort();
    app_json_string(f, s);
    fclose(f);
    json_value *v = json_parse(json, err, sizeof err);
    if (!v || v->type != JSON_STRING || strcmp(v->string, s))
        abort();
    json_free(v);
    free(json);
    free(s);
}

/* The input's first 8 bytes as a double, written and read back. */
static void check_double(const uint8_t *data, size_t size)
{
    double d;
    char *json = NULL;
    size_t json_len = 0;
    if (size < sizeof d)
        return;
    memcpy(&d, data, sizeof d);
    FILE *f = open_memstream(&json, &json_len);
    if (!f)
        abort();
    app_json_double(f, d);
    fclose(f);
    if (isfinite(d) ? strtod(json, NULL) != d : strcmp(json, "null"))
        abort();
    free(json);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1); /* json_parse reads a NUL-terminated text */
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    check_resume(text);
    free(text);
    check_string(data, size);
    check_double(data, size);
    return 0;
}
