/* A fuzz harness's LLVMFuzzerTestOneInput over stored inputs, without libFuzzer: the ctest
 * replay of each corpus (cmake/LdpcgpuFuzz.cmake), with whatever compiler and sanitizers the
 * build uses. Arguments: files, or folders whose files are each one input. A harness aborts on
 * a wrong result; a crash or a sanitizer report fails the test the same way. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "fuzz replay: cannot open %s\n", path);
        return 1;
    }
    size_t cap = 1 << 16, len = 0, got;
    uint8_t *data = malloc(cap);
    while (data && (got = fread(data + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            uint8_t *bigger = realloc(data, cap * 2);
            if (!bigger)
                free(data);
            data = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (!data) {
        fprintf(stderr, "fuzz replay: out of memory reading %s\n", path);
        return 1;
    }
    LLVMFuzzerTestOneInput(data, len);
    free(data);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    int inputs = 0, bad = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st)) {
            fprintf(stderr, "fuzz replay: no %s\n", argv[i]);
            return 1;
        }
        if (!S_ISDIR(st.st_mode)) {
            bad |= replay_file(argv[i]);
            inputs++;
            continue;
        }
        /* a folder's files in name order, so that a failure repeats in the same order */
        DIR *dir = opendir(argv[i]);
        char **names = NULL;
        int count = 0;
        for (struct dirent *e; dir && (e = readdir(dir));) {
            if (e->d_name[0] == '.')
                continue;
            char **more = realloc(names, (size_t)(count + 1) * sizeof *names);
            if (!more)
                return 1;
            names = more;
            names[count] = malloc(strlen(argv[i]) + strlen(e->d_name) + 2);
            sprintf(names[count++], "%s/%s", argv[i], e->d_name);
        }
        if (dir)
            closedir(dir);
        qsort(names, (size_t)count, sizeof *names, by_name);
        for (int j = 0; j < count; j++) {
            bad |= replay_file(names[j]);
            free(names[j]);
        }
        free(names);
        inputs += count;
    }
    printf("fuzz replay: %d inputs, %s\n", inputs, bad ? "some could not be read" : "all passed");
    return bad || inputs == 0;
}
