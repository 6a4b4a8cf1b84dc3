/* PLACEHOLDER until 'ldpcgpu decode' lands. */
#include <stdio.h>
#include "commands.h"
int cmd_decode(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "ldpcgpu decode: not implemented yet\n"); return 1; }
