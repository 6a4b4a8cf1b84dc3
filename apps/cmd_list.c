/* ldpcgpu list: the built-in code names, optionally of one family, optionally with sizes. */
#include <string.h>
#include <strings.h>
#include "app_util.h"
#include "commands.h"

static void usage(FILE *f)
{
    fprintf(f,
            "usage: ldpcgpu list [--family F] [--long]\n\n"
            "Print every built-in code name, one per line, in a stable order. Any name printed\n"
            "can be given to the other commands (and to ldpc_code_create); alist:FILE names any\n"
            "code stored as a MacKay alist file.\n\n"
            "options:\n"
            "  --family F   only one family: dvb (all DVB), dvbs2, dvbt2, dvbs2x, wimax, wifi,\n"
            "               nr (5G NR mother codes; nr:K:E names any rate-matched code)\n"
            "  --long       also print n, k and the rate of each code\n");
}

/* "dvbt2:64800:1/2" belongs to family "dvbt2", and to "dvb" (every DVB standard). */
static int in_family(const char *name, const char *family)
{
    size_t std_len = strcspn(name, ":");
    if (!strcasecmp(family, "dvb"))
        return !strncasecmp(name, "dvb", 3);
    return strlen(family) == std_len && !strncasecmp(name, family, std_len);
}

int cmd_list(int argc, char **argv)
{
    const char *family = NULL;
    int show_sizes = 0;
    app_args a;
    app_args_init(&a, "list", argc, argv);
    while (a.i < argc && !a.error) {
        if (app_is_help(argv[a.i])) {
            usage(stdout);
            return APP_OK;
        }
        if (app_opt(&a, "--family", NULL, &family))
            continue;
        if (app_flag(&a, "--long"))
            show_sizes = 1;
        else
            app_unknown(&a);
    }
    if (a.error)
        return APP_USAGE;

    int shown = 0;
    for (int i = 0; i < ldpc_code_list_count(); i++) {
        const char *name = ldpc_code_list_name(i);
        if (!name || (family && !in_family(name, family)))
            continue;
        shown++;
        if (!show_sizes) {
            printf("%s\n", name);
            continue;
        }
        ldpc_code *code;
        if (app_open_code("list", name, &code) != APP_OK)
            return APP_FAILED;
        printf("%-22s n=%-6d k=%-6d rate=%.4f\n", name, ldpc_code_n(code), ldpc_code_k(code),
               app_code_rate(code));
        ldpc_code_destroy(code);
    }
    if (!shown) {
        fprintf(stderr, "ldpcgpu list: no built-in codes%s%s\n", family ? " in family " : "",
                family ? family : "");
        return APP_FAILED;
    }
    return APP_OK;
}
