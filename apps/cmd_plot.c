/* ldpcgpu plot: BER/FER curves of `ldpcgpu simulate --json` files, drawn by the Python script
 * ldpcgpu-plot (matplotlib), which is installed next to this executable. The command only finds
 * and runs it, so the curves are drawn by one program whichever way it is called; the script
 * is also usable alone (ldpcgpu-plot run1.json run2.json -o curves.png). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "app_util.h"
#include "commands.h"

/* LDPCGPU_PLOT names the script (tests, unusual installs); else it is ldpcgpu-plot in the
 * directory of this executable. */
static int script_path(char *out, size_t size)
{
    const char *env = getenv("LDPCGPU_PLOT");
    if (env && *env) {
        snprintf(out, size, "%s", env);
        return 0;
    }
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0)
        return 1;
    self[len] = '\0';
    char *slash = strrchr(self, '/');
    if (!slash)
        return 1;
    *slash = '\0';
    snprintf(out, size, "%s/ldpcgpu-plot", self);
    return 0;
}

int cmd_plot(int argc, char **argv)
{
    char path[PATH_MAX + 32];
    if (script_path(path, sizeof path) || access(path, X_OK)) {
        fprintf(stderr, "ldpcgpu plot: cannot find the script ldpcgpu-plot next to ldpcgpu (%s)"
                        "; set LDPCGPU_PLOT to its path\n", path);
        return APP_FAILED;
    }
    argv[0] = path; /* the script's own name in its messages and --help */
    execv(path, argv);
    (void)argc;
    fprintf(stderr, "ldpcgpu plot: cannot run %s: %s\n", path, strerror(errno));
    return APP_FAILED;
}
