/* From an ArithKind to its policy type (arith.cuh): the layout facts the host needs of it, and
 * the compiled table kernels (kernel_table_<arith>.cu) behind a TableVariant. */
#include "arith.cuh"

namespace ldpccuda {

template <class A> static TableGeom geom_of()
{
    return TableGeom{sizeof(typename A::AppT), sizeof(typename A::Msg4), A::LANES, A::SCALE_LUT, A::T16_SHIFT};
}

TableGeom table_geom(ArithKind a)
{
    switch (a) {
    case ARITH_F32: return geom_of<ArF32>();
    case ARITH_I8X2: return geom_of<ArI8x2>();
    case ARITH_H8X2: return geom_of<ArH8x2>();
    case ARITH_I8: return geom_of<ArI8>();
    default: return geom_of<ArI16>();
    }
}

const void *table_kernel_fn(const TableVariant &v)
{
    if (v.row_degrees) { /* compiled for f32, h8x2 and i16 only, never one_block */
        if (v.one_block)
            return NULL;
        switch (v.arith) {
        case ARITH_F32: return table_kernel_fn_f32_row_degrees(v.dmax, v.mem, v.t16);
        case ARITH_H8X2: return table_kernel_fn_h8x2_row_degrees(v.dmax, v.mem, v.t16);
        case ARITH_I16: return table_kernel_fn_i16_row_degrees(v.dmax, v.mem, v.t16);
        default: return NULL;
        }
    }
    switch (v.arith) {
    case ARITH_F32:
        return v.one_block ? table_kernel_fn_f32_one_block(v.dmax, v.mem, v.t16) : table_kernel_fn_f32(v.dmax, v.mem, v.t16);
    case ARITH_I8X2: return v.one_block ? NULL : table_kernel_fn_i8x2(v.dmax, v.mem, v.t16);
    case ARITH_H8X2:
        return v.one_block ? table_kernel_fn_h8x2_one_block(v.dmax, v.mem, v.t16) : table_kernel_fn_h8x2(v.dmax, v.mem, v.t16);
    case ARITH_I8:
        if (v.one_block && v.parity_gm)
            return v.narrow ? NULL
                   : v.ahead3 ? table_kernel_fn_i8_one_block_ahead3_parity(v.dmax, v.mem, v.t16)
                              : table_kernel_fn_i8_one_block_parity(v.dmax, v.mem, v.t16);
        if (v.one_block && v.narrow)
            return table_kernel_fn_i8_one_block_narrow(v.dmax, v.mem, v.t16);
        if (v.one_block && v.ahead3)
            return table_kernel_fn_i8_one_block_ahead3(v.dmax, v.mem, v.t16);
        return v.one_block ? table_kernel_fn_i8_one_block(v.dmax, v.mem, v.t16) : table_kernel_fn_i8(v.dmax, v.mem, v.t16);
    default:
        return v.one_block ? table_kernel_fn_i16_one_block(v.dmax, v.mem, v.t16) : table_kernel_fn_i16(v.dmax, v.mem, v.t16);
    }
}

cudaError_t table_launch(const TableVariant &v, const TableArgs &a, int grid, int threads,
                         size_t smem, cudaStream_t s)
{
    if (v.row_degrees) {
        if (v.one_block)
            return cudaErrorInvalidValue;
        switch (v.arith) {
        case ARITH_F32: return table_launch_f32_row_degrees(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
        case ARITH_H8X2: return table_launch_h8x2_row_degrees(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
        case ARITH_I16: return table_launch_i16_row_degrees(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
        default: return cudaErrorInvalidValue;
        }
    }
    switch (v.arith) {
    case ARITH_F32:
        return v.one_block ? table_launch_f32_one_block(v.dmax, v.mem, v.t16, a, grid, threads, smem, s)
                           : table_launch_f32(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    case ARITH_I8X2:
        return v.one_block ? cudaErrorInvalidValue : table_launch_i8x2(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    case ARITH_H8X2:
        return v.one_block ? table_launch_h8x2_one_block(v.dmax, v.mem, v.t16, a, grid, threads, smem, s)
                           : table_launch_h8x2(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    case ARITH_I8:
        if (v.one_block && v.parity_gm) {
            if (v.narrow)
                return cudaErrorInvalidValue;
            return v.ahead3 ? table_launch_i8_one_block_ahead3_parity(v.dmax, v.mem, v.t16, a, grid, threads, smem, s)
                            : table_launch_i8_one_block_parity(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
        }
        if (v.one_block && v.narrow)
            return table_launch_i8_one_block_narrow(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
        if (v.one_block && v.ahead3)
            return table_launch_i8_one_block_ahead3(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
        return v.one_block ? table_launch_i8_one_block(v.dmax, v.mem, v.t16, a, grid, threads, smem, s)
                           : table_launch_i8(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    default:
        return v.one_block ? table_launch_i16_one_block(v.dmax, v.mem, v.t16, a, grid, threads, smem, s)
                           : table_launch_i16(v.dmax, v.mem, v.t16, a, grid, threads, smem, s);
    }
}

} // namespace ldpccuda
