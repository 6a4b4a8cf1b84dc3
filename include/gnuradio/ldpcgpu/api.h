/* gr-ldpcgpu GNU Radio blocks: symbol export for the block library. */
#ifndef INCLUDED_LDPCGPU_API_H
#define INCLUDED_LDPCGPU_API_H

#include <gnuradio/attributes.h>

#ifdef gnuradio_ldpcgpu_EXPORTS
#define LDPCGPU_API __GR_ATTR_EXPORT
#else
#define LDPCGPU_API __GR_ATTR_IMPORT
#endif

#endif /* INCLUDED_LDPCGPU_API_H */
