/* PLACEHOLDER until the reference decoder lands. */
#include "decoder_internal.h"
#include "error.h"
static int init(ldpc_decoder *d) { (void)d; return ldpc_error(LDPC_ERR_UNSUPPORTED, "reference decoder: not yet"); }
static void destroy(ldpc_decoder *d) { (void)d; }
static int alloc_batch(ldpc_decoder *d, ldpc_batch *b) { (void)d; (void)b; return LDPC_ERR_UNSUPPORTED; }
static void free_batch(ldpc_decoder *d, ldpc_batch *b) { (void)d; (void)b; }
static int submit(ldpc_decoder *d, ldpc_batch *b) { (void)d; (void)b; return LDPC_ERR_UNSUPPORTED; }
static int wait_(ldpc_decoder *d, ldpc_batch *b, int block) { (void)d; (void)b; (void)block; return LDPC_ERR_UNSUPPORTED; }
const ldpc_backend_ops ldpc_backend_cpu_reference = {"cpu-reference", init, destroy, alloc_batch, free_batch, submit, wait_};
