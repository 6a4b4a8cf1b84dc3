/* The option vocabulary (names.c): every canonical name parses back to its value, aliases and
 * case are accepted, bad names are refused with a message naming the valid ones, and a
 * created decoder reports its backend and batch slots and prints itself; a config that did not
 * go through ldpc_decoder_config_init is refused. */
#include <string.h>
#include "test_util.h"

int main(void)
{
    /* canonical names round-trip */
    for (int f = LDPC_MSG_F32; f <= LDPC_MSG_I16; f++) {
        ldpc_msg_format got = (ldpc_msg_format)-1;
        CHECK(ldpc_msg_format_from_string(ldpc_msg_format_name((ldpc_msg_format)f), &got) ==
                  LDPC_OK && got == (ldpc_msg_format)f);
    }
    for (int t = LDPC_LLR_F32; t <= LDPC_LLR_I8; t++) {
        ldpc_llr_type got = (ldpc_llr_type)-1;
        CHECK(ldpc_llr_type_from_string(ldpc_llr_type_name((ldpc_llr_type)t), &got) == LDPC_OK &&
              got == (ldpc_llr_type)t);
    }
    for (int a = LDPC_ALG_NORMALIZED_MIN_SUM; a <= LDPC_ALG_SUM_PRODUCT; a++) {
        ldpc_algorithm got = (ldpc_algorithm)-1;
        CHECK(ldpc_algorithm_from_string(ldpc_algorithm_name((ldpc_algorithm)a), &got) ==
                  LDPC_OK && got == (ldpc_algorithm)a);
    }
    for (int b = LDPC_BACKEND_AUTO; b <= LDPC_BACKEND_CUDA; b++) {
        ldpc_backend got = (ldpc_backend)-1;
        CHECK(ldpc_backend_from_string(ldpc_backend_name((ldpc_backend)b), &got) == LDPC_OK &&
              got == (ldpc_backend)b);
    }
    CHECK(strcmp(ldpc_msg_format_name(LDPC_MSG_I8), "i8") == 0);
    CHECK(strcmp(ldpc_llr_type_name(LDPC_LLR_F32), "f32") == 0);
    CHECK(strcmp(ldpc_schedule_name(LDPC_SCHEDULE_FLOODING), "flooding") == 0);
    CHECK(strcmp(ldpc_msg_format_name((ldpc_msg_format)7), "?") == 0);

    /* aliases and case */
    ldpc_msg_format mf;
    CHECK(ldpc_msg_format_from_string("INT16", &mf) == LDPC_OK && mf == LDPC_MSG_I16);
    CHECK(ldpc_msg_format_from_string("float", &mf) == LDPC_OK && mf == LDPC_MSG_F32);
    ldpc_llr_type lt;
    CHECK(ldpc_llr_type_from_string("int8", &lt) == LDPC_OK && lt == LDPC_LLR_I8);
    ldpc_algorithm al;
    CHECK(ldpc_algorithm_from_string("Offset-Min-Sum", &al) == LDPC_OK &&
          al == LDPC_ALG_OFFSET_MIN_SUM);
    ldpc_backend be;
    CHECK(ldpc_backend_from_string("cpu", &be) == LDPC_OK &&
          (be == LDPC_BACKEND_CPU_SIMD || be == LDPC_BACKEND_CPU_REFERENCE));

    /* refusals */
    CHECK(ldpc_llr_type_from_string("i16", &lt) == LDPC_ERR_INVALID_ARGUMENT); /* not an LLR type */
    CHECK(strstr(ldpc_last_error(), "f32, i8") != NULL);
    CHECK(ldpc_msg_format_from_string("int4", &mf) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(strstr(ldpc_last_error(), "f32, i8, i16") != NULL);
    CHECK(strstr(ldpc_last_error(), "float32") == NULL); /* aliases are not advertised */
    CHECK(ldpc_msg_format_from_string(NULL, &mf) == LDPC_ERR_INVALID_ARGUMENT);
    CHECK(ldpc_schedule_from_string("layered", NULL) == LDPC_ERR_INVALID_ARGUMENT);

    /* a decoder's backend and slots */
    ldpc_code *code = NULL;
    REQUIRE_OK(ldpc_code_create(&code, "wimax:576:1/2"));
    ldpc_decoder_config cfg;
    ldpc_decoder_config_init(&cfg);
    cfg.backend = LDPC_BACKEND_CPU_REFERENCE;
    cfg.batches_in_flight = 3;
    ldpc_decoder *dec = NULL;
    REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
    CHECK(ldpc_decoder_backend(dec) == LDPC_BACKEND_CPU_REFERENCE);
    CHECK(strcmp(ldpc_backend_name(ldpc_decoder_backend(dec)), ldpc_decoder_backend_name(dec)) == 0);
    CHECK(ldpc_decoder_batch_slots(dec) == 3);
    FILE *tmp = tmpfile();
    REQUIRE(tmp != NULL);
    ldpc_decoder_print(dec, tmp);
    char line[512] = "";
    rewind(tmp);
    CHECK(fgets(line, sizeof line, tmp) != NULL);
    fclose(tmp);
    CHECK_MSG(strstr(line, "cpu-reference backend, oms (beta 0.25), layered, f32 messages") &&
                  strstr(line, "x 3 slots"),
              "print: %s", line);
    ldpc_decoder_destroy(dec);

    /* the config's layout version: an uninitialised or foreign config is refused */
    ldpc_decoder_config bad = cfg;
    bad.struct_size = 0;
    CHECK(ldpc_decoder_create(&dec, code, &bad) == LDPC_ERR_INVALID_ARGUMENT && dec == NULL);
    CHECK(strstr(ldpc_last_error(), "ldpc_decoder_config_init") != NULL);
    bad.struct_size = (uint32_t)sizeof bad + 4;
    CHECK(ldpc_decoder_create(&dec, code, &bad) == LDPC_ERR_INVALID_ARGUMENT && dec == NULL);
    CHECK(cfg.struct_size == sizeof cfg);
    if (ldpc_backend_available(LDPC_BACKEND_CPU_SIMD)) {
        cfg.backend = LDPC_BACKEND_CPU_SIMD;
        REQUIRE_OK(ldpc_decoder_create(&dec, code, &cfg));
        CHECK(ldpc_decoder_backend(dec) == LDPC_BACKEND_CPU_SIMD);
        ldpc_decoder_destroy(dec);
    }
    CHECK(ldpc_decoder_backend(NULL) == LDPC_BACKEND_AUTO);
    CHECK(ldpc_decoder_batch_slots(NULL) == LDPC_ERR_INVALID_ARGUMENT);
    ldpc_code_destroy(code);
    return test_failures ? 1 : 0;
}
