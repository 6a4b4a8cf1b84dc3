/* The harness links only the files the alist reader and the generic encoder need; the standard
 * code families are left out (their constructors and encoders decline everything here), so the
 * encoder dispatcher falls through to the generic method. */
#include "encoder_internal.h"
int ldpc_code_create_dvb(ldpc_code **out, const char *name) { (void)out; (void)name; return LDPC_ERR_UNKNOWN_CODE; }
int ldpc_code_create_qc(ldpc_code **out, const char *name) { (void)out; (void)name; return LDPC_ERR_UNKNOWN_CODE; }
int ldpc_dvb_list_count(void) { return 0; }
const char *ldpc_dvb_list_name(int i) { (void)i; return NULL; }
int ldpc_code_create_nr(ldpc_code **out, const char *name) { (void)out; (void)name; return LDPC_ERR_UNKNOWN_CODE; }
int ldpc_qc_list_count(void) { return 0; }
int ldpc_nr_list_count(void) { return 0; }
const char *ldpc_nr_list_name(int i) { (void)i; return NULL; }
const char *ldpc_qc_list_name(int i) { (void)i; return NULL; }
int ldpc_encoder_init_dvb(ldpc_encoder *enc) { (void)enc; return LDPC_ERR_UNSUPPORTED; }
int ldpc_encoder_init_qc(ldpc_encoder *enc) { (void)enc; return LDPC_ERR_UNSUPPORTED; }
