/* PLACEHOLDER until 'ldpcgpu simulate' lands. */
#include <stdio.h>
#include "commands.h"
int cmd_simulate(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "ldpcgpu simulate: not implemented yet\n"); return 1; }
