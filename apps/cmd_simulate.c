/* ldpcgpu simulate: BER/FER over BPSK/AWGN with the core's simulator (ldpc_sim, sim.h), on one
 * process or on the ranks of an MPI job.
 *
 * The frame plan. Frame f of a point is a pure function of (seed, f, Eb/N0), so what matters is
 * which frame numbers are simulated. A point runs from its first frame in rounds; round r is
 * `ranks` chunks of sim_chunk_frames(r) frames each, chunk j going to rank j; after each round
 * the ranks add their counts, and every rank decides from the same global counts whether the
 * point is done (--frames reached, or --max-frame-errors, checked only between rounds). So the
 * frames simulated are always a contiguous range from the first frame, and a run over N ranks
 * has exactly the counts of a 1-process run whose --frames is the N-rank run's frame total.
 * One process is the same plan with one rank. */
#define _GNU_SOURCE /* sched_getaffinity */
#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "app_sim.h"
#include "sim_mpi.h"
#include "sim_progress.h"
#include "simulate.h"

#define CHECKPOINT_SECONDS 60.0
#define ROUND_IN_FLIGHT 16

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu simulate CODE --ebn0 DB [--frames N] [options]\n"
            "       ldpcgpu simulate --resume RUN.json [--frames N] [--max-frame-errors E]\n"
            "       mpirun -np R ldpcgpu simulate ...   (R ranks share the frames)\n\n"
            "Monte-Carlo simulation over AWGN: random information bits (or the all-zero\n"
            "codeword), encoded, sent as BPSK (0 -> +1, 1 -> -1; or QPSK, 16/64/256-QAM)\n"
            "with Gaussian noise of the given Eb/N0, decoded, and the decoded information\n"
            "bits compared with the ones sent. With the cuda backend all of it runs on the\n"
            "GPU (channel \"gpu\"); with the CPU backends every core makes and decodes frames\n"
            "(channel \"cpu\"). Frame f is a pure function of the seed and f, so runs are\n"
            "reproducible, and ranks, threads and resumed runs add up to the same counts.\n\n"
            "Prints, per Eb/N0: frames, bit errors and BER, frame errors and FER (a frame is\n"
            "in error when any of its information bits is wrong), frames whose parity checks\n"
            "failed, average iterations, \"sim Mbps\": simulated coded Mbit/s on the wall\n"
            "clock (bits, encoding, noise, decoding and counting: the simulation's own speed),\n"
            "\"dec Mbps\": the decoder alone in coded Mbit/s where the simulator reports it\n"
            "(\"-\" otherwise), and \"sat LLRs\": the share of channel LLRs beyond the int8\n"
            "range at the decoder's --llr-scale.\n\n"
            "CODE is a built-in name (ldpcgpu list) or alist:FILE.\n\n"
            "options:\n"
            "  --ebn0 DB              Eb/N0 in dB: one value (1.2), a sweep FIRST:LAST:STEP\n"
            "                         (1.0:3.0:0.5) or a list (1.0,1.5,2.5)\n"
            "  --frames N             frames per Eb/N0 point in all (default 100)\n"
            "  --max-frame-errors E   end a point once E frame errors are counted (checked\n"
            "                         after each round of chunks; default: never)\n"
            "  --seed S               key of every frame's bits and noise (default 1); every\n"
            "                         point uses the same frames 0, 1, 2...\n"
            "  --codeword random|zero random information bits, encoded (default), or the\n"
            "                         all-zero codeword (no encoder; the same error rates for\n"
            "                         these sign-symmetric decoders over this symmetric channel)\n"
            "  --modulation M         bpsk (default), qpsk, 16qam, 64qam or 256qam: square QAM\n"
            "                         mapped as DVB-T2 maps it (Gray per axis, symbol bits\n"
            "                         alternating between the axes), unit symbol energy,\n"
            "                         Es = rate x bits x Eb; QPSK gives BPSK's very LLRs\n"
            "  --demapper D           exact (default) or max-log LLRs of 16/64/256-QAM\n"
            "  --noise box-muller|i8-table\n"
            "                         how the noise is drawn: box-muller (default; float LLRs\n"
            "                         from normal deviates, the same frames on the CPU and the\n"
            "                         GPU) or i8-table (with --llr i8, bpsk or qpsk: int8 LLRs\n"
            "                         drawn straight from their exact distribution: a third of\n"
            "                         the CPU's cost per frame with AVX-512 VBMI and VAES;\n"
            "                         made on the CPU, other noise)\n"
            "  --llr f32|i8           LLRs handed to the decoder: float32 (default) or int8\n"
            "                         quantized as round(LLR * scale), saturated at +-127\n"
            "  --llr-scale S          scale of int8 LLRs (default 4, %g..%g;\n"
            "                         %g..%g for 5G NR BG1 rate >= 1/3 with oms)\n"
            "  --json FILE            write the results as JSON (with 95%% confidence intervals\n"
            "                         of FER and BER); also rewritten every %.0f s and after each\n"
            "                         point, so an interrupted run can be resumed\n"
            "  --resume FILE          continue the run of an earlier --json FILE: the same code,\n"
            "                         decoder, channel and seed (taken from it; options that\n"
            "                         differ are refused), each point from the frame after its\n"
            "                         last one, up to the new --frames / --max-frame-errors\n"
            "                         (default: the earlier targets); --ebn0 adds points. The\n"
            "                         merged result goes to --json (default: FILE itself)\n"
            "  --chunk-frames C       frames per chunk (default: about 1 Mbit, doubling each\n"
            "                         round up to 64 Mbit on the CPU, 1 Gbit on the GPU, or\n"
            "                         16 times the frames the simulator keeps in flight)\n"
            "  --quiet                no progress lines on stderr\n"
            "  --progress-interval S  seconds between progress lines when stderr is not a\n"
            "                         terminal (default 10)\n"
            "  --device local         with MPI: each rank the GPU of its rank on its machine;\n"
            "                         a list (--device 0,1) gives rank r of a machine entry\n"
            "                         r mod the list's length\n"
            "  --threads T            CPU threads of the channel and decoder (default: all\n"
            "                         cores, shared among the ranks of a machine)\n"
            "  --harq N               5G NR nr:K:E codes: IR-HARQ, each frame sent up to N\n"
            "                         times (1..16) with rv 0, 2, 3, 1, ..., its LLRs combined,\n"
            "                         until its parity checks hold; prints the residual FER\n"
            "                         after each transmission and the average transmissions\n"
            "                         (one process; no --json, --resume, MPI)\n\n"
            "With MPI every round waits for every rank: a rank that dies ends the job, but one\n"
            "that stops without dying (SIGSTOP, a hung GPU) holds it until the launcher's\n"
            "timeout (e.g. mpirun --timeout SECONDS); the last checkpoint can be resumed.\n",
            (double)LDPC_LLR_SCALE_MIN, (double)LDPC_LLR_SCALE_MAX,
            (double)LDPC_LLR_SCALE_NR_BG1_MIN, (double)LDPC_LLR_SCALE_MAX, CHECKPOINT_SECONDS);
    app_decoder_options_help(f);
}

static void opts_init(sim_opts *o)
{
    memset(o, 0, sizeof *o);
    o->frames = 100;
    o->seed = 1;
    o->progress_interval = 10.0;
    ldpc_decoder_config_init(&o->cfg);
}

/* --resume FILE's path, found before the other options are parsed (its settings are the
 * defaults the command line overrides). */
static const char *find_resume(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--resume") && i + 1 < argc)
            return argv[i + 1];
        if (!strncmp(argv[i], "--resume=", 9))
            return argv[i] + 9;
    }
    return NULL;
}

/* Returns 0 to go on, -1 after printing help, or an exit code. */
static int parse(int argc, char **argv, sim_opts *o)
{
    static const char *const codewords[] = {"random", "zero", NULL};
    app_args a;
    app_args_init(&a, "simulate", argc, argv);
    while (a.i < argc && !a.error) {
        const char *w = argv[a.i], *v;
        if (app_is_help(w)) {
            usage(stdout);
            return -1;
        }
        if (!strcmp(w, "--device=local") ||
            (!strcmp(w, "--device") && a.i + 1 < argc && !strcmp(argv[a.i + 1], "local"))) {
            o->device_local = 1;
            a.i += w[8] == '=' ? 1 : 2;
            continue;
        }
        if (app_decoder_option(&a, &o->cfg) || app_opt(&a, "--json", NULL, &o->json_path) ||
            app_opt(&a, "--resume", NULL, &o->resume_path) ||
            app_opt_llr_type(&a, "--llr", &o->llr_i8) ||
            app_opt_choice(&a, "--codeword", codewords, &o->codeword_zero) ||
            app_opt_modem(&a, &o->modulation, &o->demapper))
            continue;
        if (app_flag(&a, "--quiet")) {
            o->quiet = 1;
        } else if (app_opt(&a, "--harq", NULL, &v)) {
            long long h = 0;
            if (!a.error)
                a.error = app_parse_int("simulate", "--harq", v, 1, 16, &h);
            o->harq = (int)h;
        } else if (app_opt(&a, "--noise", NULL, &v)) {
            if (!a.error && ldpc_sim_noise_from_string(v, &o->noise) != LDPC_OK) {
                fprintf(stderr, "ldpcgpu simulate: %s\n", ldpc_last_error());
                a.error = 1;
            }
        } else if (app_opt(&a, "--ebn0", NULL, &v)) {
            double pts[SIM_MAX_POINTS];
            int n = 0;
            if (!a.error && !(a.error = app_parse_ebn0("simulate", v, pts, SIM_MAX_POINTS, &n))) {
                /* after --resume: added to the earlier points */
                for (int i = 0; i < n && !a.error; i++) {
                    int have = 0;
                    for (int j = 0; j < o->npoints; j++)
                        have |= sim_same_ebn0(o->ebn0[j], pts[i]);
                    if (have)
                        continue;
                    if (o->npoints == SIM_MAX_POINTS) { /* refused, not dropped */
                        fprintf(stderr, "ldpcgpu simulate: --ebn0: more than %d points in all "
                                        "(with --resume's)\n", SIM_MAX_POINTS);
                        a.error = 1;
                        break;
                    }
                    o->ebn0[o->npoints++] = pts[i];
                }
                o->have_ebn0 = 1;
            }
        } else if (app_opt(&a, "--frames", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_int("simulate", "--frames", v, 1, SIM_MAX_FRAMES, &o->frames);
        } else if (app_opt(&a, "--max-frame-errors", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_int("simulate", "--max-frame-errors", v, 1, SIM_MAX_FRAMES,
                                        &o->max_frame_errors);
        } else if (app_opt(&a, "--chunk-frames", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_int("simulate", "--chunk-frames", v, 1, SIM_MAX_CHUNK_FRAMES,
                                        &o->chunk_frames);
        } else if (app_opt(&a, "--progress-interval", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_double("simulate", "--progress-interval", v, 0.0, 1e6,
                                           &o->progress_interval);
        } else if (app_opt(&a, "--seed", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_u64("simulate", "--seed", v, &o->seed);
        } else if (app_opt(&a, "--llr-scale", NULL, &v)) {
            if (!a.error)
                a.error = app_parse_llr_scale("simulate", v, &o->cfg.llr_scale);
        } else if (w[0] != '-' && (!o->code_name || o->resume_path)) {
            o->code_name = w; /* after --resume: must name the same code (checked) */
            a.i++;
        } else
            app_unknown(&a);
    }
    if (a.error)
        return APP_USAGE;
    if (!o->code_name || !o->npoints) {
        fprintf(stderr, "ldpcgpu simulate: need a CODE and --ebn0 DB (or --resume FILE)\n");
        usage(stderr);
        return APP_USAGE;
    }
    if (o->resume_path && !o->json_path)
        o->json_path = o->resume_path;
    /* a resumed run keeps its settings; else what was not given is the code's default */
    o->decoder_set = o->resume_path ? APP_SET_ALL : a.decoder_set;
    return 0;
}

/* Frames of each chunk of round r: about 1 Mbit at first, doubling each round up to 64 Mbit
 * (CPU channel: a few seconds per chunk at this machine's speed, so progress and the
 * --max-frame-errors check come often) or 1 Gbit (GPU channel: tens of milliseconds at tens of
 * Gb/s, long enough that filling and draining the GPU's pipeline costs little). Small chunks
 * first, so that a point with a high FER stops soon after its --max-frame-errors. The rule
 * depends only on the code, the channel and the round, so it is the same on every rank. */
static uint64_t sim_chunk_frames(const sim_opts *o, int n, int gpu, int round, uint64_t in_flight)
{
    if (o->chunk_frames)
        return (uint64_t)o->chunk_frames;
    /* Each ldpc_sim_run call fills the simulator's pipeline (in_flight frames) and drains it:
     * rounds start small (a hopeless point stops after a few frames) and grow, doubling, to
     * ROUND_IN_FLIGHT pipelines' worth if that is more than the bit cap, so that long points
     * keep the devices busy (several GPUs hold millions of frames in flight). */
    const uint64_t base = ((uint64_t)1 << 20) / (uint64_t)n + 1;
    uint64_t cap = ((uint64_t)1 << (gpu ? 30 : 26)) / (uint64_t)n;
    cap = cap < ROUND_IN_FLIGHT * in_flight ? ROUND_IN_FLIGHT * in_flight : cap;
    cap = cap < base ? base : cap;
    return round >= 20 || (base << round) >= cap ? cap : base << round;
}

/* CPU threads for this rank when the command line gave none: all cores when alone; when
 * several ranks share a machine, the cores the launcher bound this rank to (Open MPI binds
 * each rank to a core by default) or else an equal share of the machine's cores. */
static int rank_threads(const sim_mpi *m)
{
    if (m->local_size <= 1)
        return 0;
    cpu_set_t set;
    const long online = sysconf(_SC_NPROCESSORS_ONLN);
    if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) < online)
        return CPU_COUNT(&set);
    return online / m->local_size > 1 ? (int)(online / m->local_size) : 1;
}

/* A word of the simulator's backend and channel, the same on every rank that simulates the
 * same way (FNV-1a). */
static uint64_t setup_hash(ldpc_sim *sim)
{
    char text[128];
    snprintf(text, sizeof text, "%s/%s", ldpc_decoder_backend_name(ldpc_sim_decoder(sim)),
             ldpc_sim_channel_name(sim));
    uint64_t h = 1469598103934665603ull;
    for (const char *c = text; *c; c++)
        h = (h ^ (unsigned char)*c) * 1099511628211ull;
    return h;
}

/* Whether every rank says ok (the failing rank printed why). */
static int all_ok(sim_mpi *m, int ok)
{
    uint64_t v = ok != 0;
    sim_mpi_min_u64(m, &v, 1);
    return v != 0;
}

/* The whole of a --resume file, NUL-terminated, in *text (*len bytes), read up to
 * SIM_RESUME_MAX_BYTES. Returns 0, or non-zero after printing why. */
static int read_whole(FILE *f, const char *path, char **text, size_t *len)
{
    size_t cap = (size_t)1 << 16;
    char *buf = malloc(cap + 1);
    *len = 0;
    for (long long got = 1; buf && got > 0;) {
        if (*len == cap) {
            char *bigger = realloc(buf, 2 * cap + 1);
            if (!bigger)
                free(buf);
            buf = bigger;
            cap *= 2;
            if (!buf)
                break;
        }
        got = app_read_up_to("simulate", f, buf + *len, cap - *len, path);
        if (got < 0) {
            free(buf);
            return 1;
        }
        *len += (size_t)got;
        if (*len > SIM_RESUME_MAX_BYTES) {
            fprintf(stderr, "ldpcgpu simulate: --resume %s: longer than %zu MiB, which no "
                            "result of simulate is\n", path, SIM_RESUME_MAX_BYTES >> 20);
            free(buf);
            return 1;
        }
    }
    if (!buf) {
        fprintf(stderr, "ldpcgpu simulate: --resume %s: out of memory after %zu bytes\n", path,
                *len);
        return 1;
    }
    buf[*len] = '\0';
    *text = buf;
    return 0;
}

/* Rank 0 reads the file, every rank gets its text. */
static char *read_resume_text(sim_mpi *m, const char *path)
{
    char *text = NULL;
    size_t len = 0;
    int ok = 1;
    if (m->rank == 0) {
        FILE *f = app_open_read("simulate", path);
        ok = f != NULL && read_whole(f, path, &text, &len) == 0;
        if (f)
            app_close("simulate", f, path);
    }
    if (!all_ok(m, ok) || sim_mpi_bcast_bytes(m, &text, &len)) {
        free(text);
        return NULL;
    }
    return text;
}

/* The counts and a failure flag, as one array for the reduction. */
enum { R_FRAMES, R_BITS, R_FRAME_ERRS, R_PARITY, R_UNDET, R_ITERS, R_SAT, R_FAILED, R_COUNT };

static void add_counts(ldpc_sim_counts *c, const uint64_t *v)
{
    c->frames += v[R_FRAMES];
    c->bit_errors += v[R_BITS];
    c->frame_errors += v[R_FRAME_ERRS];
    c->parity_failures += v[R_PARITY];
    c->undetected += v[R_UNDET];
    c->iterations += v[R_ITERS];
    c->saturated += v[R_SAT];
}

static int point_done(const sim_opts *o, const sim_point *p)
{
    return p->c.frames >= (uint64_t)o->frames ||
           (o->max_frame_errors && p->c.frame_errors >= (uint64_t)o->max_frame_errors);
}

/* Rank 0 writes the JSON (a checkpoint or the result). The other ranks would wait for it in
 * the next reduction: a failure here ends every rank. */
static int write_json(sim_mpi *m, const sim_setup *s, const sim_point *pts, int npts)
{
    if (sim_write_json(s, pts, npts) == APP_OK)
        return APP_OK;
    sim_mpi_abort(m, APP_FAILED);
    return APP_FAILED;
}

/* Whether the JSON is rewritten during the run (a file; JSON on stdout is written once). */
static int checkpoints(const sim_opts *o)
{
    return o->json_path && strcmp(o->json_path, "-");
}

/* Run one point to its targets (all ranks together). Rank 0 checkpoints the JSON. */
static int run_point(sim_mpi *m, const sim_setup *s, sim_point *pts, int npts, int ip,
                     sim_progress *progress, double *last_checkpoint)
{
    const sim_opts *o = s->o;
    sim_point *p = &pts[ip];
    const int n = ldpc_code_n(ldpc_decoder_code(ldpc_sim_decoder(s->sim)));
    const int gpu = !strcmp(ldpc_sim_channel_name(s->sim), "gpu");
    const double t0 = app_now(), wall0 = p->wall_seconds;
    uint64_t frames_this_run = 0;
    for (int round = 0; !point_done(o, p); round++) {
        const uint64_t chunk = sim_chunk_frames(o, n, gpu, round, s->in_flight);
        uint64_t left = (uint64_t)o->frames - p->c.frames;
        const uint64_t round_frames = left < chunk * (uint64_t)m->size ? left : chunk * m->size;
        const uint64_t next = p->first + p->c.frames, mine = (uint64_t)m->rank * chunk;
        uint64_t v[R_COUNT] = {0};
        if (mine < round_frames) {
            const uint64_t nf = round_frames - mine < chunk ? round_frames - mine : chunk;
            ldpc_sim_counts c;
            memset(&c, 0, sizeof c);
            int st = ldpc_sim_run(s->sim, p->ebn0, next + mine, nf, 0, &c);
            if (st != LDPC_OK) {
                app_fail("simulate", st, "simulating");
                v[R_FAILED] = 1;
            }
            uint64_t got[R_COUNT] = {c.frames, c.bit_errors, c.frame_errors, c.parity_failures,
                                     c.undetected, c.iterations, c.saturated, v[R_FAILED]};
            memcpy(v, got, sizeof v);
        }
        sim_mpi_sum_u64(m, v, R_COUNT);
        if (v[R_FAILED])
            return APP_FAILED;
        if (v[R_FRAMES] != round_frames) { /* the contract of ldpc_sim_run says otherwise */
            if (m->rank == 0)
                fprintf(stderr, "ldpcgpu simulate: a round of %llu frames came back with %llu\n",
                        (unsigned long long)round_frames, (unsigned long long)v[R_FRAMES]);
            return APP_FAILED;
        }
        add_counts(&p->c, v);
        frames_this_run += round_frames;
        p->wall_seconds = wall0 + (app_now() - t0);
        if (m->rank != 0)
            continue;
        const double sec = app_now() - t0;
        char errs[64] = "";
        if (o->max_frame_errors)
            snprintf(errs, sizeof errs, "/%lld", o->max_frame_errors);
        sim_progress_update(progress,
                            "Eb/N0 %.2f dB: %llu/%lld frames, %llu%s frame errors, FER %.2e, "
                            "%.1f Mb/s simulated",
                            p->ebn0, (unsigned long long)p->c.frames, o->frames,
                            (unsigned long long)p->c.frame_errors, errs,
                            (double)p->c.frame_errors / (double)p->c.frames,
                            sec > 0 ? (double)frames_this_run * n / sec / 1e6 : 0.0);
        if (checkpoints(o) && app_now() - *last_checkpoint >= CHECKPOINT_SECONDS) {
            if (write_json(m, s, pts, npts) != APP_OK)
                return APP_FAILED;
            *last_checkpoint = app_now();
        }
    }
    p->done = 1;
    if (frames_this_run)
        p->decode_seconds = -1.0; /* ldpc_sim does not report the decoder's own time */
    return APP_OK;
}

static int cmp_points(const void *a, const void *b)
{
    const double x = ((const sim_point *)a)->ebn0, y = ((const sim_point *)b)->ebn0;
    return (x > y) - (x < y);
}

static int simulate(sim_mpi *m, int argc, char **argv)
{
    static sim_opts o; /* static: the Eb/N0 list is a few kB */
    opts_init(&o);
    sim_resume *resume = NULL;
    const char *resume_path = find_resume(argc, argv);
    if (resume_path) {
        char *text = read_resume_text(m, resume_path);
        resume = text ? sim_resume_load(resume_path, text, &o) : NULL;
        free(text);
        if (!resume)
            return APP_FAILED;
    }
    int rc = parse(argc, argv, &o);
    if (rc) {
        sim_resume_free(resume);
        return rc < 0 ? APP_OK : rc;
    }

    /* this rank's GPU and cores */
    if (o.device_local) {
        o.cfg.num_devices = 1;
        o.cfg.devices[0] = m->local_rank;
    } else if (m->size > 1 && o.cfg.num_devices > 1) {
        o.cfg.devices[0] = o.cfg.devices[m->local_rank % o.cfg.num_devices];
        o.cfg.num_devices = 1;
    }
    if (o.cfg.num_threads == 0)
        o.cfg.num_threads = rank_threads(m);
    if (o.harq) { /* its own loop over the frames (sim_harq.c) */
        const int resumed = resume != NULL;
        sim_resume_free(resume);
        if (m->size > 1 || o.json_path || resumed || o.codeword_zero ||
            o.noise != LDPC_SIM_NOISE_BOX_MULLER) {
            fprintf(stderr, "ldpcgpu simulate: --harq runs in one process with random codewords "
                            "and box-muller noise, without --json or --resume\n");
            return APP_USAGE;
        }
        return sim_harq_run(&o, o.harq);
    }
    ldpc_sim_config scfg;
    ldpc_sim_config_init(&scfg);
    scfg.seed = o.seed;
    scfg.codeword = o.codeword_zero ? LDPC_SIM_ALL_ZERO : LDPC_SIM_RANDOM;
    scfg.llr_type = o.llr_i8 ? LDPC_LLR_I8 : LDPC_LLR_F32;
    scfg.num_threads = o.cfg.num_threads;
    scfg.modulation = o.modulation;
    scfg.demapper = o.demapper;
    scfg.noise = o.noise;

    ldpc_code *code = NULL;
    ldpc_sim *sim = NULL;
    sim_point *pts = NULL;
    rc = APP_FAILED;
    int ok = app_open_code("simulate", o.code_name, &code) == APP_OK;
    if (ok)
        app_code_defaults(o.decoder_set, code, &o.cfg);
    if (ok && app_check_llr_scale("simulate", o.cfg.llr_scale, code, &o.cfg) != APP_OK) {
        ok = 0;
        rc = APP_USAGE;
    }
    if (ok) {
        int st = ldpc_sim_create(&sim, code, &o.cfg, &scfg);
        if (st != LDPC_OK)
            ok = !app_fail("simulate", st, "creating the simulator");
    }
    if (!all_ok(m, ok))
        goto done;
    /* every rank must simulate the same way, or the sum would mix two experiments */
    uint64_t lo = setup_hash(sim), hi = lo;
    sim_mpi_min_u64(m, &lo, 1);
    sim_mpi_max_u64(m, &hi, 1);
    if (lo != hi) {
        fprintf(stderr, "ldpcgpu simulate: rank %d: %s backend, %s channel; the ranks differ "
                        "(a GPU missing on some machine?)\n",
                m->rank, ldpc_decoder_backend_name(ldpc_sim_decoder(sim)),
                ldpc_sim_channel_name(sim));
        goto done;
    }
    /* the rounds' sizes follow the pipeline (sim_chunk_frames): the same on every rank */
    uint64_t in_flight = ldpc_sim_frames_in_flight(sim);
    sim_mpi_max_u64(m, &in_flight, 1);
    sim_setup s = {&o, sim, m->size, o.cfg.num_threads, sim_mpi_library(), in_flight};
    if (resume && !all_ok(m, m->rank != 0 || sim_resume_check(resume, &s) == 0))
        goto done;

    /* the points: earlier ones continue (from the frame after their last), new ones start */
    if (!(pts = calloc((size_t)o.npoints, sizeof *pts))) {
        fprintf(stderr, "ldpcgpu simulate: out of memory\n");
        goto done;
    }
    for (int i = 0; i < o.npoints; i++) {
        pts[i].ebn0 = o.ebn0[i];
        pts[i].decode_seconds = -1.0;
        if (resume)
            sim_resume_point(resume, o.ebn0[i], &pts[i]);
    }
    qsort(pts, (size_t)o.npoints, sizeof *pts, cmp_points);

    const ldpc_sim_config *sc = ldpc_sim_config_get(sim);
    int n = 0, k = 0; /* per frame on the link: k of n, or K of E for rate-matched 5G NR */
    ldpc_code_link_bits(code, &k, &n);
    if (m->rank == 0) {
        const int qam = ldpc_modulation_bits(o.modulation) > 2; /* the demapper matters */
        printf("code: %s, n=%d k=%d rate=%.4f; %s%s%s%s over AWGN (%s noise), %s LLRs, %s "
               "codeword, seed %llu\n",
               ldpc_code_name(code), n, k, app_code_rate(code), ldpc_modulation_name(o.modulation),
               qam ? " (" : "", qam ? ldpc_demap_method_name(o.demapper) : "", qam ? " LLRs)" : "",
               ldpc_sim_noise_name(o.noise), o.llr_i8 ? "int8" : "float32",
               sc->codeword == LDPC_SIM_ALL_ZERO ? "all-zero" : "random",
               (unsigned long long)o.seed);
        ldpc_decoder_print(ldpc_sim_decoder(sim), stdout);
        printf("channel: %s", ldpc_sim_channel_name(sim));
        if (o.cfg.num_threads)
            printf(", %d CPU thread%s", o.cfg.num_threads, o.cfg.num_threads > 1 ? "s" : "");
        if (m->size > 1)
            printf(" per rank; %d MPI ranks (%s)", m->size, s.mpi);
        if (resume)
            printf("; resuming %s", o.resume_path);
        printf("\n");
        sim_print_header(stdout);
    }
    sim_progress progress;
    sim_progress_init(&progress, o.quiet || m->rank != 0, o.progress_interval);
    double t0 = app_now(), last_checkpoint = t0;
    uint64_t frames0 = 0, frames1 = 0;
    for (int i = 0; i < o.npoints; i++)
        frames0 += pts[i].c.frames;
    int unsaved = 1; /* the JSON file does not hold the latest counts */
    for (int i = 0; i < o.npoints; i++) {
        const uint64_t before = pts[i].c.frames;
        if (run_point(m, &s, pts, o.npoints, i, &progress, &last_checkpoint) != APP_OK)
            goto done;
        if (m->rank == 0) {
            sim_progress_clear(&progress);
            sim_print_point(stdout, &pts[i], n, k);
            /* after each point that simulated frames (a resumed point that was already done
             * changes nothing worth a rewrite: 1000 of them took minutes) */
            if (checkpoints(&o) && pts[i].c.frames != before) {
                if (write_json(m, &s, pts, o.npoints) != APP_OK)
                    goto done;
                last_checkpoint = app_now();
                unsaved = 0;
            } else {
                unsaved = 1;
            }
        }
    }
    if (m->rank == 0 && checkpoints(&o) && unsaved && write_json(m, &s, pts, o.npoints) != APP_OK)
        goto done;
    for (int i = 0; i < o.npoints; i++)
        frames1 += pts[i].c.frames;
    if (m->rank == 0) {
        const double sec = app_now() - t0;
        printf("time: %.2f s, %llu frames simulated, %.2f Mb/s of coded bits on the wall clock "
               "(bits, encoding, channel, decoding and counting)\n",
               sec, (unsigned long long)(frames1 - frames0),
               sec > 0 ? (double)(frames1 - frames0) * n / sec / 1e6 : 0.0);
    }
    if (m->rank == 0 && o.json_path && !checkpoints(&o) &&
        write_json(m, &s, pts, o.npoints) != APP_OK)
        goto done;
    rc = APP_OK;
done:
    free(pts);
    sim_resume_free(resume);
    ldpc_sim_destroy(sim);
    ldpc_code_destroy(code);
    return rc;
}

int cmd_simulate(int argc, char **argv)
{
    sim_mpi m;
    int survivor;
    if (sim_mpi_init(&m, &argc, &argv, &survivor))
        return APP_FAILED;
    if (!survivor)
        return APP_OK;
    if (m.rank != 0 && !freopen("/dev/null", "w", stdout)) /* one table: rank 0's */
        return APP_FAILED;
    int rc = simulate(&m, argc, argv);
    sim_mpi_finalize(&m);
    return rc;
}
