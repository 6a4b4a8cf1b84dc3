/* PLACEHOLDER until the WiMAX/WiFi family lands. */
#include "code_internal.h"
int ldpc_code_create_qc(ldpc_code **out, const char *name) { (void)out; (void)name; return LDPC_ERR_UNKNOWN_CODE; }
int ldpc_qc_list_count(void) { return 0; }
const char *ldpc_qc_list_name(int i) { (void)i; return NULL; }
