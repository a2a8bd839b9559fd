/* kark under MPI: `mpirun -np N kark tournament|balance ...` spreads one run's games over
 * N processes (study_mpi.c). MPI is started only when an MPI launcher (mpirun, srun) started
 * this process, so a plain `kark` never touches it; built without MPI, every function
 * here behaves as a single process, and a launch by mpirun with N > 1 is refused. */
#ifndef KK_MPI_H
#define KK_MPI_H

#include "../engine/core/error.h"

/* 1 when this kark was built with MPI. */
int kk_mpi_built(void);

/* Starts MPI (thread level FUNNELED: only the thread that started it calls MPI) if an
 * MPI launcher started this process. Returns 0, or -1 with err set. */
int kk_mpi_init(kk_error *err);

/* This process's rank and the number of processes (0 and 1 without MPI). */
int kk_mpi_rank(void);
int kk_mpi_size(void);

/* Ends MPI normally (a no-op without it). */
void kk_mpi_finalize(void);

/* Ends every process of the run with status code (the launcher reports it). Returns only
 * without MPI. */
void kk_mpi_abort(int code);

#endif
