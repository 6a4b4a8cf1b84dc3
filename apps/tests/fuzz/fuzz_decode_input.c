/* libFuzzer harness for `ldpcgpu decode`'s file input: the input's bytes, after a first byte
 * that picks the LLR format (f32 or i8) and the output form, are the LLR file of
 * `ldpcgpu decode wimax:576:1/2 -i FILE -o OUT`, run through the tool's own command
 * (cmd_decode). Built and run by ctest (cmake/LdpcgpuFuzz.cmake): with clang's libFuzzer for a
 * few seconds, and as a replay of the stored corpus (apps/tests/fuzz/corpus/decode_input)
 * with any compiler.
 *
 * Every input must give exit status 0 with one output frame (k or n bits, 0 or 1 each; or
 * packed) per whole input frame, or, when the file ends inside a frame, status 1 after the
 * whole frames before it were written. NaN, infinities and huge values are valid LLRs. */
#define _GNU_SOURCE /* memfd_create */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "commands.h"

#define N 576
#define K 288

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    /* the tool's summary goes to stdout: not wanted once per input */
    if (!freopen("/dev/null", "w", stdout))
        abort();
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int initialised;
    if (!initialised) { /* a replay without libFuzzer does not call LLVMFuzzerInitialize */
        LLVMFuzzerInitialize(NULL, NULL);
        initialised = 1;
    }
    if (size < 1 || size > 64 * N * sizeof(float))
        return 0;
    const int i8 = data[0] & 1, codeword = data[0] >> 1 & 1, packed = data[0] >> 2 & 1;
    data++, size--;
    /* the files live in memory (memfd): nothing on disk per input */
    int in = memfd_create("fuzz-llr", 0), out = memfd_create("fuzz-bits", 0);
    if (in < 0 || out < 0 || (size && write(in, data, size) != (ssize_t)size))
        abort();
    char in_path[64], out_path[64];
    snprintf(in_path, sizeof in_path, "/proc/self/fd/%d", in);
    snprintf(out_path, sizeof out_path, "/proc/self/fd/%d", out);
    char *argv[16] = {"decode", "wimax:576:1/2", "-i", in_path, "-o", out_path, "--format",
                      i8 ? "i8" : "f32", "--backend", "cpu", "--threads", "1"};
    int argc = 12;
    if (codeword) {
        argv[argc++] = "--output";
        argv[argc++] = "codeword";
    }
    if (packed)
        argv[argc++] = "--packed";
    const int rc = cmd_decode(argc, argv);

    const size_t frame = i8 ? N : N * sizeof(float), frames = size / frame;
    const int bits = codeword ? N : K;
    const size_t out_frame = packed ? (size_t)(bits + 7) / 8 : (size_t)bits;
    const off_t got = lseek(out, 0, SEEK_END);
    if (rc != (size % frame ? 1 : 0) || got != (off_t)(frames * out_frame))
        abort();
    if (!packed && got > 0) {
        uint8_t *b = malloc((size_t)got);
        if (!b || pread(out, b, (size_t)got, 0) != got)
            abort();
        for (off_t j = 0; j < got; j++)
            if (b[j] > 1)
                abort();
        free(b);
    }
    close(in);
    close(out);
    return 0;
}
