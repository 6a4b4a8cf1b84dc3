/* Minimal test harness for the C core's tests: CHECK keeps going and counts failures,
 * REQUIRE stops the test. Exit code: 0 pass, 1 fail, 77 skip. */
#ifndef LDPCGPU_TEST_UTIL_H
#define LDPCGPU_TEST_UTIL_H
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include "ldpcgpu/ldpcgpu.h"

static int test_failures = 0;

#define CHECK(cond)                                                                      \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond);     \
            test_failures++;                                                             \
        }                                                                                \
    } while (0)

#define CHECK_MSG(cond, ...)                                                             \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: CHECK failed: %s: ", __FILE__, __LINE__, #cond);     \
            fprintf(stderr, __VA_ARGS__);                                                \
            fputc('\n', stderr);                                                         \
            test_failures++;                                                             \
        }                                                                                \
    } while (0)

#define REQUIRE(cond)                                                                    \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fprintf(stderr, "%s:%d: REQUIRE failed: %s (%s)\n", __FILE__, __LINE__, #cond, \
                    ldpc_last_error());                                                  \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

/* Call a core function and require LDPC_OK. */
#define REQUIRE_OK(call)                                                                 \
    do {                                                                                 \
        int st_ = (call);                                                                \
        if (st_ != LDPC_OK) {                                                            \
            fprintf(stderr, "%s:%d: %s returned %d (%s: %s)\n", __FILE__, __LINE__, #call, \
                    st_, ldpc_strerror(st_), ldpc_last_error());                         \
            exit(1);                                                                     \
        }                                                                                \
    } while (0)

static inline int test_skip(const char *why)
{
    printf("SKIP: %s\n", why);
    return 77;
}

static inline int test_finish(const char *name)
{
    if (test_failures) {
        printf("%s: %d check(s) FAILED\n", name, test_failures);
        return 1;
    }
    printf("%s: all checks passed\n", name);
    return 0;
}

/* The reference tables folder (../shared/codes beside the checkout), or NULL if absent. */
static inline const char *shared_codes_dir(void)
{
    struct stat st;
    const char *env = getenv("LDPCGPU_SHARED_CODES");
    const char *dir = env ? env : LDPCGPU_SHARED_CODES_DIR;
    return (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) ? dir : NULL;
}
#endif
