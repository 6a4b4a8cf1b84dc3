/* A small JSON reader (see json_read.h): recursive descent over the text. */
#include "json_read.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct parser {
    const char *s, *start;
    char *err;
    size_t err_size;
    int failed;
    int depth;
} parser;

static void fail(parser *p, const char *why)
{
    if (p->failed)
        return;
    p->failed = 1;
    int line = 1;
    for (const char *c = p->start; c < p->s; c++)
        line += *c == '\n';
    snprintf(p->err, p->err_size, "line %d: %s", line, why);
}

static void skip_ws(parser *p)
{
    while (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r')
        p->s++;
}

static int literal(parser *p, const char *word)
{
    size_t n = strlen(word);
    if (strncmp(p->s, word, n))
        return 0;
    p->s += n;
    return 1;
}

static void put_utf8(char **o, unsigned cp)
{
    unsigned char *u = (unsigned char *)*o;
    if (cp < 0x80) {
        *u++ = (unsigned char)cp;
    } else if (cp < 0x800) {
        *u++ = (unsigned char)(0xC0 | cp >> 6);
        *u++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *u++ = (unsigned char)(0xE0 | cp >> 12);
        *u++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        *u++ = (unsigned char)(0x80 | (cp & 0x3F));
    } else {
        *u++ = (unsigned char)(0xF0 | cp >> 18);
        *u++ = (unsigned char)(0x80 | (cp >> 12 & 0x3F));
        *u++ = (unsigned char)(0x80 | (cp >> 6 & 0x3F));
        *u++ = (unsigned char)(0x80 | (cp & 0x3F));
    }
    *o = (char *)u;
}

static int hex4(const char *s, unsigned *out)
{
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v <<= 4;
        if (c >= '0' && c <= '9')
            v |= (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            v |= (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            v |= (unsigned)(c - 'A' + 10);
        else
            return 0;
    }
    *out = v;
    return 1;
}

/* A string literal at p->s (which is at the opening quote) into a malloc'ed buffer: decoded
 * text is never longer than the literal. */
static char *parse_string(parser *p)
{
    const char *s = ++p->s;
    size_t len = 0;
    while (s[len] && s[len] != '"')
        len += s[len] == '\\' && s[len + 1] ? 2 : 1;
    char *out = malloc(len + 1), *o = out;
    if (!out) {
        fail(p, "out of memory");
        return NULL;
    }
    for (;;) {
        unsigned char c = (unsigned char)*p->s;
        if (c == '"') {
            p->s++;
            break;
        }
        if (c < 0x20) {
            fail(p, c ? "control character in a string" : "unterminated string");
            free(out);
            return NULL;
        }
        if (c != '\\') {
            *o++ = (char)c;
            p->s++;
            continue;
        }
        char e = p->s[1];
        p->s += 2;
        switch (e) {
        case '"': *o++ = '"'; break;
        case '\\': *o++ = '\\'; break;
        case '/': *o++ = '/'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'n': *o++ = '\n'; break;
        case 'r': *o++ = '\r'; break;
        case 't': *o++ = '\t'; break;
        case 'u': {
            unsigned cp, lo;
            if (!hex4(p->s, &cp)) {
                fail(p, "bad \\u escape");
                free(out);
                return NULL;
            }
            if (cp == 0) { /* C strings end there: the text after it would be lost */
                fail(p, "\\u0000 in a string");
                free(out);
                return NULL;
            }
            p->s += 4;
            /* a surrogate pair is two escapes: 12 characters for up to 4 bytes of UTF-8 */
            if (cp >= 0xD800 && cp < 0xDC00 && p->s[0] == '\\' && p->s[1] == 'u' &&
                hex4(p->s + 2, &lo) && lo >= 0xDC00 && lo < 0xE000) {
                cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                p->s += 6;
            }
            if (cp >= 0xDC80 && cp <= 0xDCFF) /* a lone low surrogate: app_json_string's */
                *o++ = (char)(cp & 0xFF);      /* escape of a byte that was not UTF-8 */
            else
                put_utf8(&o, cp); /* "\uXXXX" (6 characters) is at most 3 bytes */
            break;
        }
        default:
            fail(p, "bad escape in a string");
            free(out);
            return NULL;
        }
    }
    *o = '\0';
    return out;
}

static void parse_value(parser *p, json_value *v);

static void parse_number(parser *p, json_value *v)
{
    const char *s = p->s;
    if (*s == '-')
        s++;
    if (!(*s >= '0' && *s <= '9')) {
        fail(p, "unexpected character");
        return;
    }
    char *end;
    errno = 0;
    v->type = JSON_NUMBER;
    v->number = strtod(p->s, &end);
    /* an integer literal (digits only) also as an exact uint64 */
    int digits_only = p->s[0] != '-';
    for (const char *c = p->s; c < end; c++)
        digits_only &= *c >= '0' && *c <= '9';
    if (digits_only) {
        errno = 0;
        unsigned long long u = strtoull(p->s, NULL, 10);
        v->is_uint = errno == 0;
        v->uint = (uint64_t)u;
    }
    p->s = end;
}

/* Elements of an array (keys == NULL) or object, growing items as they come. */
static void parse_container(parser *p, json_value *v, int object)
{
    const char close = object ? '}' : ']';
    size_t cap = 0;
    v->type = object ? JSON_OBJECT : JSON_ARRAY;
    p->s++;
    skip_ws(p);
    if (*p->s == close) {
        p->s++;
        return;
    }
    for (;;) {
        if (v->count == cap) {
            cap = cap ? 2 * cap : 8;
            json_value *items = realloc(v->items, cap * sizeof *items);
            char **keys = object ? realloc(v->keys, cap * sizeof *keys) : NULL;
            if (items)
                v->items = items;
            if (keys)
                v->keys = keys;
            if (!items || (object && !keys)) {
                fail(p, "out of memory");
                return;
            }
        }
        json_value *item = &v->items[v->count];
        memset(item, 0, sizeof *item);
        if (object) {
            skip_ws(p);
            if (*p->s != '"') {
                fail(p, "expected a string key");
                return;
            }
            v->keys[v->count] = NULL;
            char *key = parse_string(p);
            if (!key)
                return;
            v->keys[v->count] = key;
            skip_ws(p);
            if (*p->s != ':') {
                v->count++;
                fail(p, "expected ':'");
                return;
            }
            p->s++;
        }
        v->count++;
        parse_value(p, item);
        if (p->failed)
            return;
        skip_ws(p);
        if (*p->s == ',') {
            p->s++;
            continue;
        }
        if (*p->s == close) {
            p->s++;
            return;
        }
        fail(p, object ? "expected ',' or '}'" : "expected ',' or ']'");
        return;
    }
}

static void parse_value(parser *p, json_value *v)
{
    if (++p->depth > 64) {
        fail(p, "nested too deeply");
        return;
    }
    skip_ws(p);
    const char c = *p->s;
    if (c == '{' || c == '[') {
        parse_container(p, v, c == '{');
    } else if (c == '"') {
        v->type = JSON_STRING;
        v->string = parse_string(p);
    } else if (literal(p, "true")) {
        v->type = JSON_BOOL;
        v->number = 1;
    } else if (literal(p, "false")) {
        v->type = JSON_BOOL;
    } else if (literal(p, "null")) {
        v->type = JSON_NULL;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        parse_number(p, v);
    } else {
        fail(p, c ? "unexpected character" : "unexpected end of text");
    }
    p->depth--;
}

static void free_members(json_value *v)
{
    free(v->string);
    for (size_t i = 0; i < v->count; i++) {
        free_members(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
}

void json_free(json_value *v)
{
    if (!v)
        return;
    free_members(v);
    free(v);
}

json_value *json_parse(const char *text, char *err, size_t err_size)
{
    parser p = {text, text, err, err_size, 0, 0};
    json_value *root = calloc(1, sizeof *root);
    if (!root) {
        snprintf(err, err_size, "out of memory");
        return NULL;
    }
    parse_value(&p, root);
    if (!p.failed) {
        skip_ws(&p);
        if (*p.s)
            fail(&p, "text after the JSON value");
    }
    if (p.failed) {
        json_free(root);
        return NULL;
    }
    return root;
}

const json_value *json_get(const json_value *v, const char *key)
{
    if (!v || v->type != JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < v->count; i++)
        if (v->keys[i] && !strcmp(v->keys[i], key))
            return &v->items[i];
    return NULL;
}

int json_get_string(const json_value *v, const char *key, const char **out)
{
    const json_value *m = json_get(v, key);
    if (!m || m->type != JSON_STRING)
        return 0;
    *out = m->string;
    return 1;
}

int json_get_number(const json_value *v, const char *key, double *out)
{
    const json_value *m = json_get(v, key);
    if (!m || m->type != JSON_NUMBER)
        return 0;
    *out = m->number;
    return 1;
}

int json_get_uint(const json_value *v, const char *key, uint64_t *out)
{
    const json_value *m = json_get(v, key);
    if (!m || m->type != JSON_NUMBER || !m->is_uint)
        return 0;
    *out = m->uint;
    return 1;
}

int json_get_bool(const json_value *v, const char *key, int *out)
{
    const json_value *m = json_get(v, key);
    if (!m || m->type != JSON_BOOL)
        return 0;
    *out = m->number != 0;
    return 1;
}
