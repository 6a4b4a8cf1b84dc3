/* The ldpcgpu command-line tool: one executable, one file per subcommand (cmd_<name>.c). */
#ifndef LDPCGPU_APP_COMMANDS_H
#define LDPCGPU_APP_COMMANDS_H

int cmd_list(int argc, char **argv);     /* list built-in codes */
int cmd_info(int argc, char **argv);     /* describe one code */
int cmd_export(int argc, char **argv);   /* write a code as alist */
int cmd_encode(int argc, char **argv);   /* encode bits (random or from a file) */
int cmd_simulate(int argc, char **argv); /* BPSK/AWGN decode: throughput and FER */
int cmd_decode(int argc, char **argv);   /* decode an LLR file to a bit file */
int cmd_bench(int argc, char **argv);    /* throughput/latency sweeps, JSON out */
int cmd_quality(int argc, char **argv);  /* FER of int8/int16 against float, grid */
int cmd_plot(int argc, char **argv);     /* BER/FER curves of simulate JSON files (PNG) */

#endif
