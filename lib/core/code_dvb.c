/* PLACEHOLDER until the DVB family lands: no DVB codes yet. */
#include "code_internal.h"
int ldpc_code_create_dvb(ldpc_code **out, const char *name) { (void)out; (void)name; return LDPC_ERR_UNKNOWN_CODE; }
int ldpc_dvb_list_count(void) { return 0; }
const char *ldpc_dvb_list_name(int i) { (void)i; return NULL; }
