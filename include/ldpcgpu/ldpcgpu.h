/* gr-ldpcgpu core: everything in one include. */
#ifndef LDPCGPU_LDPCGPU_H
#define LDPCGPU_LDPCGPU_H
#include "status.h"
#include "code.h"
#include "encoder.h"
#include "decoder.h"
#include "channel.h"
#include "demap.h"
#include "backend_cuda.h"
#include "sim.h"
#include "nr.h"
#include "multi_decoder.h"
#define LDPCGPU_VERSION "0.1.0"
#endif
