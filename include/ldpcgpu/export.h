/* gr-ldpcgpu core: LDPC_API marks the functions of the public API. The library is built with
 * every other symbol hidden (-fvisibility=hidden), so its ABI is exactly the functions declared
 * with LDPC_API in include/ldpcgpu/. */
#ifndef LDPCGPU_EXPORT_H
#define LDPCGPU_EXPORT_H

#if defined(_WIN32)
#define LDPC_API
#elif defined(__GNUC__)
#define LDPC_API __attribute__((visibility("default")))
#else
#define LDPC_API
#endif

#endif
