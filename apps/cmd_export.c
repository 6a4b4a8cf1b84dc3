/* PLACEHOLDER until 'ldpcgpu export' lands. */
#include <stdio.h>
#include "commands.h"
int cmd_export(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "ldpcgpu export: not implemented yet\n"); return 1; }
