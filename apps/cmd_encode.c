/* PLACEHOLDER until 'ldpcgpu encode' lands. */
#include <stdio.h>
#include "commands.h"
int cmd_encode(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "ldpcgpu encode: not implemented yet\n"); return 1; }
