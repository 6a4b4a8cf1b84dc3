/* The few MPI calls `ldpcgpu simulate` makes, behind one small interface that also exists when
 * the tool is built without MPI (then there is one rank, and the calls are no-ops). Open MPI
 * from Debian is the engine; only MPI-3 calls are used.
 *
 * How a distributed run works (apps/cmd_simulate.c): every rank runs the same command line;
 * the frames of a point are cut into rounds of `size` chunks, chunk j of a round goes to rank
 * j, and after each round the ranks add their counts (sim_mpi_sum_u64) so that every rank
 * knows the global counts and stops at the same round. */
#ifndef LDPCGPU_SIM_MPI_H
#define LDPCGPU_SIM_MPI_H

#include <stddef.h>
#include <stdint.h>

typedef struct sim_mpi {
    int rank, size;             /* in MPI_COMM_WORLD; 0 and 1 without MPI */
    int local_rank, local_size; /* among the ranks on this machine (MPI_COMM_TYPE_SHARED) */
    int active;                 /* MPI was initialised (must be finalised) */
} sim_mpi;

/* Initialise MPI when the tool has it and a launcher started the process (Open MPI's, Hydra's,
 * PMIx's or Slurm's environment says so; otherwise one rank, without MPI_Init). Without MPI,
 * a process started by a launcher prints, on its launcher rank 0, that this build
 * has no MPI and runs alone; *sole_survivor is then 0 for the launcher's other ranks, which
 * should exit at once with status 0 so that one process does the work and writes the files.
 * Returns 0, or non-zero when MPI_Init failed (printed). */
int sim_mpi_init(sim_mpi *m, int *argc, char ***argv, int *sole_survivor);
void sim_mpi_finalize(sim_mpi *m);
/* Abort every rank (a failure on one rank that the others cannot learn of otherwise). */
void sim_mpi_abort(sim_mpi *m, int code);

/* Element-wise sum / minimum / maximum of v[0..n-1] over all ranks, in place. */
void sim_mpi_sum_u64(sim_mpi *m, uint64_t *v, int n);
void sim_mpi_min_u64(sim_mpi *m, uint64_t *v, int n);
void sim_mpi_max_u64(sim_mpi *m, uint64_t *v, int n);
/* Rank 0's *len bytes at *buf (malloc'ed, may be NULL with *len 0) to every rank: the others'
 * *buf becomes a malloc'ed copy (NUL-terminated). Returns 0, or non-zero when out of memory. */
int sim_mpi_bcast_bytes(sim_mpi *m, char **buf, size_t *len);

/* Which MPI this tool was built with ("Open MPI v4.1.4, ..."), or "none". */
const char *sim_mpi_library(void);

#endif
