/* Progress of a long simulation on stderr, for people and for logs: on a terminal a line
 * redrawn in place (app_progress); otherwise (a log file, a pipe, a batch system) a plain line
 * every `interval` seconds, so that a job's log shows that it is alive and how far it got.
 * Silent when quiet. */
#ifndef LDPCGPU_SIM_PROGRESS_H
#define LDPCGPU_SIM_PROGRESS_H

#include "app_util.h"

typedef struct sim_progress {
    app_progress tty; /* enabled when stderr is a terminal */
    int quiet;
    double interval;  /* seconds between plain lines */
    double last;      /* when the last plain line was printed */
} sim_progress;

void sim_progress_init(sim_progress *p, int quiet, double interval);
void sim_progress_update(sim_progress *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Before printing results on stdout: erase the terminal line. */
void sim_progress_clear(sim_progress *p);

#endif
