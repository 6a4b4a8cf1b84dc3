/* ldpcgpu export: write a code's parity-check matrix as a MacKay alist file. */
#include "app_util.h"
#include "commands.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu export CODE -o FILE.alist\n\n"
            "Write H of CODE as a MacKay alist file (n m / max degrees / column and row degrees /\n"
            "1-based column lists / row lists, ascending). The file can be read back as\n"
            "alist:FILE.alist by every ldpcgpu command and by ldpc_code_create. An alist holds\n"
            "only H: read back, a standard code keeps its n, k and parity checks, but its\n"
            "information bits become the non-pivot columns of a Gaussian elimination instead\n"
            "of c[0..k-1].\n\n"
            "options:\n"
            "  -o FILE   where to write (- = standard output)\n");
}

int cmd_export(int argc, char **argv)
{
    const char *name = NULL, *path = NULL;
    app_args a;
    app_args_init(&a, "export", argc, argv);
    while (a.i < argc && !a.error) {
        const char *w = argv[a.i];
        if (app_is_help(w)) {
            usage(stdout);
            return APP_OK;
        }
        if (app_opt(&a, "-o", NULL, &path))
            continue;
        if (w[0] != '-' && !name) {
            name = w;
            a.i++;
        } else
            app_unknown(&a);
    }
    if (a.error)
        return APP_USAGE;
    if (!name || !path) {
        fprintf(stderr, "ldpcgpu export: need a CODE and -o FILE\n");
        usage(stderr);
        return APP_USAGE;
    }

    ldpc_code *code;
    if (app_open_code("export", name, &code) != APP_OK)
        return APP_FAILED;
    FILE *f = app_open_write("export", path);
    int rc = APP_FAILED;
    if (f) {
        int st = ldpc_code_write_alist(code, f);
        int close_failed = app_close("export", f, path);
        if (st != LDPC_OK)
            app_fail("export", st, "writing the alist");
        else if (!close_failed)
            rc = APP_OK;
    }
    ldpc_code_destroy(code);
    return rc;
}
