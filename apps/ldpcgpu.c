/* ldpcgpu: command-line front end of gr-ldpcgpu's C core. */
#include <stdio.h>
#include <string.h>
#include "commands.h"
#include "ldpcgpu/ldpcgpu.h"

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *help;
} commands[] = {
    {"list", cmd_list, "list the built-in codes"},
    {"info", cmd_info, "describe a code (sizes, degrees, structure)"},
    {"export", cmd_export, "write a code's parity-check matrix as an alist file"},
    {"encode", cmd_encode, "encode random or given information bits"},
    {"simulate", cmd_simulate, "decode BPSK/AWGN frames: throughput and frame error rate"},
    {"decode", cmd_decode, "decode a float32/int8 LLR file to a bit file"},
    {"bench", cmd_bench, "throughput and latency sweeps, table and JSON"},
    {"quality", cmd_quality, "FER of the int8/int16 arithmetic next to float, over a grid"},
    {"plot", cmd_plot, "BER/FER vs Eb/N0 of simulate JSON files, as a PNG (matplotlib)"},
};

static void usage(FILE *f)
{
    fprintf(f, "ldpcgpu %s - LDPC decoding on GPUs and CPUs\n\nusage: ldpcgpu COMMAND [options]"
               "   (ldpcgpu COMMAND --help for its options)\n\ncommands:\n", LDPCGPU_VERSION);
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].help);
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("%s\n", LDPCGPU_VERSION);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "ldpcgpu: unknown command '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
