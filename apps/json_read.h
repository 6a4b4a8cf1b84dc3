/* A small JSON reader (RFC 8259) for the tool's own result files: `ldpcgpu simulate --resume`
 * reads an earlier run's JSON, which a person may have reformatted or merged with other tools,
 * so it is parsed as JSON, not matched line by line. Numbers keep their text too, so counts
 * beyond 2^53 (bit errors of long runs) are read exactly as integers. */
#ifndef LDPCGPU_JSON_READ_H
#define LDPCGPU_JSON_READ_H

#include <stddef.h>
#include <stdint.h>

typedef enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_value json_value;
struct json_value {
    json_type type;
    double number;       /* JSON_NUMBER, JSON_BOOL (0/1) */
    int is_uint;         /* the number was a non-negative integer literal that fits uint64 */
    uint64_t uint;       /* its exact value */
    char *string;        /* JSON_STRING (NUL-terminated, escapes decoded; a lone \udc80..\udcff
                          * is the byte 80..ff, as app_json_string writes a byte that is not
                          * UTF-8) */
    size_t count;        /* JSON_ARRAY / JSON_OBJECT: elements */
    json_value *items;   /* the elements */
    char **keys;         /* JSON_OBJECT: the key of each element */
};

/* Parse text (NUL-terminated). Returns the root, or NULL with a message in err (line and
 * reason). Free with json_free. */
json_value *json_parse(const char *text, char *err, size_t err_size);
void json_free(json_value *v);

/* Member `key` of an object (NULL when v is not an object or has no such key). */
const json_value *json_get(const json_value *v, const char *key);
/* Typed members: return 1 and set *out when present with that type, else 0. */
int json_get_string(const json_value *v, const char *key, const char **out);
int json_get_number(const json_value *v, const char *key, double *out);
int json_get_uint(const json_value *v, const char *key, uint64_t *out);
int json_get_bool(const json_value *v, const char *key, int *out);

#endif
