/* PLACEHOLDER until 'ldpcgpu bench' lands. */
#include <stdio.h>
#include "commands.h"
int cmd_bench(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "ldpcgpu bench: not implemented yet\n"); return 1; }
