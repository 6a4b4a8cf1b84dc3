/* MPI for `ldpcgpu simulate` (see sim_mpi.h); without LDPCGPU_HAVE_MPI, a single rank. */
#include "sim_mpi.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef LDPCGPU_HAVE_MPI
#include <mpi.h>
#endif

/* A launcher's word for this process's rank / the job's size, or -1: Open MPI, MPICH/Hydra
 * and Slurm each say it differently. */
static int env_int(const char *const *names)
{
    for (; *names; names++) {
        const char *v = getenv(*names);
        if (v && *v)
            return atoi(v);
    }
    return -1;
}

static const char *const size_vars[] = {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE",
                                        "SLURM_NTASKS", NULL};

#ifdef LDPCGPU_HAVE_MPI

int sim_mpi_init(sim_mpi *m, int *argc, char ***argv, int *sole_survivor)
{
    memset(m, 0, sizeof *m);
    m->size = m->local_size = 1;
    *sole_survivor = 1;
    /* Started without a launcher: one rank, without MPI_Init (a singleton MPI_Init starts
     * Open MPI's runtime, slow and noisy in containers, for nothing). */
    if (env_int(size_vars) < 0)
        return 0;
    if (MPI_Init(argc, argv) != MPI_SUCCESS) {
        fprintf(stderr, "ldpcgpu simulate: MPI_Init failed\n");
        return 1;
    }
    m->active = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &m->rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m->size);
    /* the ranks that share this machine (and its GPUs and cores) */
    MPI_Comm local;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, m->rank, MPI_INFO_NULL, &local);
    MPI_Comm_rank(local, &m->local_rank);
    MPI_Comm_size(local, &m->local_size);
    MPI_Comm_free(&local);
    return 0;
}

void sim_mpi_finalize(sim_mpi *m)
{
    if (m->active)
        MPI_Finalize();
    m->active = 0;
}

void sim_mpi_abort(sim_mpi *m, int code)
{
    if (m->active && m->size > 1)
        MPI_Abort(MPI_COMM_WORLD, code);
}

static void reduce(sim_mpi *m, uint64_t *v, int n, MPI_Op op)
{
    if (m->size > 1)
        MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_UINT64_T, op, MPI_COMM_WORLD);
}

void sim_mpi_sum_u64(sim_mpi *m, uint64_t *v, int n) { reduce(m, v, n, MPI_SUM); }
void sim_mpi_min_u64(sim_mpi *m, uint64_t *v, int n) { reduce(m, v, n, MPI_MIN); }
void sim_mpi_max_u64(sim_mpi *m, uint64_t *v, int n) { reduce(m, v, n, MPI_MAX); }

int sim_mpi_bcast_bytes(sim_mpi *m, char **buf, size_t *len)
{
    if (m->size <= 1)
        return 0;
    uint64_t n = *len;
    MPI_Bcast(&n, 1, MPI_UINT64_T, 0, MPI_COMM_WORLD);
    if (m->rank != 0) {
        *buf = malloc((size_t)n + 1);
        *len = (size_t)n;
    }
    uint64_t ok = *buf != NULL; /* every rank learns whether every rank has memory */
    sim_mpi_min_u64(m, &ok, 1);
    if (!ok)
        return 1;
    for (uint64_t off = 0; off < n;) { /* MPI counts are ints: send in pieces under 1 GiB */
        int part = n - off > (1u << 30) ? (1 << 30) : (int)(n - off);
        MPI_Bcast(*buf + off, part, MPI_CHAR, 0, MPI_COMM_WORLD);
        off += (uint64_t)part;
    }
    (*buf)[n] = '\0';
    return 0;
}

const char *sim_mpi_library(void)
{
    static char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(version, &len);
    char *nl = strchr(version, '\n'); /* Open MPI's string has a second line */
    if (nl)
        *nl = '\0';
    char *comma = strchr(version, ',');
    if (comma)
        *comma = '\0';
    return version;
}

#else /* no MPI: one rank */

static const char *const rank_vars[] = {"OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK",
                                        "SLURM_PROCID", NULL};

int sim_mpi_init(sim_mpi *m, int *argc, char ***argv, int *sole_survivor)
{
    (void)argc;
    (void)argv;
    memset(m, 0, sizeof *m);
    m->size = m->local_size = 1;
    *sole_survivor = 1;
    const int size = env_int(size_vars), rank = env_int(rank_vars);
    if (size > 1) {
        if (rank > 0) {
            *sole_survivor = 0;
        } else {
            fprintf(stderr,
                    "ldpcgpu simulate: started as one of %d MPI processes, but this ldpcgpu was "
                    "built without MPI (cmake -DENABLE_MPI=ON needs Open MPI, Debian package "
                    "libopenmpi-dev): this process runs the whole simulation alone, the "
                    "others exit\n",
                    size);
        }
    }
    return 0;
}

void sim_mpi_finalize(sim_mpi *m) { (void)m; }
void sim_mpi_abort(sim_mpi *m, int code) { (void)m, (void)code; }
void sim_mpi_sum_u64(sim_mpi *m, uint64_t *v, int n) { (void)m, (void)v, (void)n; }
void sim_mpi_min_u64(sim_mpi *m, uint64_t *v, int n) { (void)m, (void)v, (void)n; }
void sim_mpi_max_u64(sim_mpi *m, uint64_t *v, int n) { (void)m, (void)v, (void)n; }

int sim_mpi_bcast_bytes(sim_mpi *m, char **buf, size_t *len)
{
    (void)m, (void)buf, (void)len;
    return 0;
}

const char *sim_mpi_library(void) { return "none"; }

#endif
