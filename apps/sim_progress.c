/* Progress lines of ldpcgpu simulate (see sim_progress.h). */
#include "sim_progress.h"
#include <stdarg.h>

void sim_progress_init(sim_progress *p, int quiet, double interval)
{
    app_progress_init(&p->tty);
    p->quiet = quiet;
    p->interval = interval;
    p->last = app_now();
}

void sim_progress_update(sim_progress *p, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    if (p->quiet)
        return;
    if (!p->tty.enabled) {
        const double now = app_now();
        if (now - p->last < p->interval)
            return;
        p->last = now;
    }
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (p->tty.enabled) {
        app_progress_update(&p->tty, "%s", line);
    } else {
        fprintf(stderr, "ldpcgpu simulate: %s\n", line);
        fflush(stderr);
    }
}

void sim_progress_clear(sim_progress *p)
{
    app_progress_clear(&p->tty);
}
