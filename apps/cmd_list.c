/* PLACEHOLDER until 'ldpcgpu list' lands. */
#include <stdio.h>
#include "commands.h"
int cmd_list(int argc, char **argv) { (void)argc; (void)argv; fprintf(stderr, "ldpcgpu list: not implemented yet\n"); return 1; }
