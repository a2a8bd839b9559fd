/* MPI start-up and shutdown (see mpi.h). */
#include "mpi.h"

#include <stdlib.h>

#ifdef KK_HAVE_MPI
#include <mpi.h>
#endif

/* The variables an MPI launcher sets in the processes it starts: Open MPI's mpirun, and
 * PMI/PMIx, which SLURM's srun and other launchers use. */
static int launched_by_mpi(int *size)
{
    const char *n = getenv("OMPI_COMM_WORLD_SIZE");
    if (!n)
        n = getenv("PMI_SIZE");
    if (!n)
        n = getenv("PMIX_SIZE");
    if (!n && getenv("PMIX_RANK"))
        n = "2"; /* PMIx without a size: assume several processes */
    *size = n ? atoi(n) : 1;
    return n != NULL;
}

#ifdef KK_HAVE_MPI

int kk_mpi_built(void)
{
    return 1;
}

int kk_mpi_init(kk_error *err)
{
    int size;
    if (!launched_by_mpi(&size))
        return 0;
    int provided = 0;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS)
        return kk_fail(err, "MPI_Init_thread failed");
    if (provided < MPI_THREAD_FUNNELED) {
        MPI_Finalize();
        return kk_fail(err, "this MPI library does not allow threads (MPI_THREAD_FUNNELED)");
    }
    return 0;
}

static int mpi_running(void)
{
    int started = 0, ended = 0;
    MPI_Initialized(&started);
    MPI_Finalized(&ended);
    return started && !ended;
}

int kk_mpi_rank(void)
{
    int rank = 0;
    if (mpi_running())
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}

int kk_mpi_size(void)
{
    int size = 1;
    if (mpi_running())
        MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

void kk_mpi_finalize(void)
{
    if (mpi_running())
        MPI_Finalize();
}

void kk_mpi_abort(int code)
{
    if (mpi_running())
        MPI_Abort(MPI_COMM_WORLD, code);
}

#else

int kk_mpi_built(void)
{
    return 0;
}

int kk_mpi_init(kk_error *err)
{
    int size;
    if (launched_by_mpi(&size) && size > 1)
        return kk_fail(err, "this kark was built without MPI, so %d processes would each play "
                            "the whole run: install Open MPI (libopenmpi-dev) and rebuild",
                       size);
    return 0;
}

int kk_mpi_rank(void)
{
    return 0;
}

int kk_mpi_size(void)
{
    return 1;
}

void kk_mpi_finalize(void)
{
}

void kk_mpi_abort(int code)
{
    (void)code;
}

#endif
