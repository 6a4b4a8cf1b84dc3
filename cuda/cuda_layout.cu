/* The table kernel's sizes for a variant (the rules: table_layout.h) and the code's tables on a
 * device: the plan's column table re-encoded for the chosen kernel (table_encoding.h), or the
 * generic kernel's H. */
#include <algorithm>
#include "cuda_backend.h"
#include "table_encoding.h"
#include "table_layout.h"

namespace ldpccuda {

size_t table_app_bytes(ArithKind a, int n) { return layout_app_bytes(n, table_geom(a).app_value_bytes); }

size_t table_msg_bytes(ArithKind a, int Z, int total_groups)
{
    return layout_msg_bytes(Z, total_groups, table_geom(a).msg4_bytes);
}

int table_lanes(ArithKind a) { return table_geom(a).lanes; }

/* 16-bit entries: always for the one-codeword int8 kernel (entries count its 2-byte APP values;
 * the backend takes it only for n < 65535); for int8 half2 pairs with rows of up to 8 edges
 * where the 32-bit table is larger than 16 KB (smaller ones stay in L1, where the unpacking
 * cost more than the halved reads gain: docs/cuda-notes.md, "16-bit table offsets"). */
bool table_offsets16(const TableVariant &v, int n, int Z, int total_groups)
{
    if (v.arith == ARITH_I8)
        return true;
    const TableGeom g = table_geom(v.arith);
    if (!table16_fits((size_t)n * g.app_value_bytes, table_t16_shift(g.t16_shift, g.app_value_bytes, v.dmax)))
        return false;
    if (table_two_blocks(v.dmax))
        return true; /* these kernels have 16-bit tables only (their registers: table_layout.h) */
    /* float rows of up to 8 edges with the APP in global memory (DVB 64800 r1/2, 1/3...): half
     * the table's bytes, and half the layer buffers' entry registers (ptxas, two blocks an SM
     * at 80 registers: 130 / 256 bytes of spills -> 78 / 132). Not the 32-edge kernel, which
     * spilled more with them (94 / 328 -> 422 / 612). */
    if (v.arith == ARITH_F32 && v.mem == MEM_GLOBAL && v.dmax <= 8)
        return true;
    const size_t table32 = (size_t)total_groups * Z * sizeof(uint4);
    return v.arith == ARITH_H8X2 && v.dmax <= 8 && table32 > (16u << 10);
}

size_t table_smem_bytes(const TableVariant &v, int n, int Z, int total_groups, int nlayers, int G)
{
    const TableGeom g = table_geom(v.arith);
    return layout_smem_bytes(G, g.scale_lut, nlayers, v.mem, layout_app_bytes(n, g.app_value_bytes),
                             layout_msg_bytes(Z, total_groups, g.msg4_bytes));
}

size_t status_offset(const ldpc_decoder *dec, int frames)
{
    return ((size_t)frames * dec->output_bytes + 255) & ~(size_t)255;
}

template <class T>
static int upload(T **dst, const T *src, size_t count, int dev)
{
    *dst = nullptr;
    if (count == 0)
        return LDPC_OK;
    CU(cudaMalloc((void **)dst, count * sizeof(T)), "cudaMalloc (code tables)", dev);
    CU(cudaMemcpy(*dst, src, count * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy (code tables)", dev);
    return LDPC_OK;
}

/* plan p's layers (with each layer's run_degrees as its degree for the row_degrees kernels),
 * and its column numbers as the variant's entries: byte offsets, 32- or 16-bit */
static int upload_table(const State *s, const HostPlan &p, bool run_degrees, DeviceCtx &d, int4 **layers,
                        void **table)
{
    const TableGeom g = table_geom(s->var.arith);
    std::vector<uint4> bytes(p.table);
    table_to_slots(s->par, bytes); /* column numbers -> where their APP values live */
    /* rows' edges ordered for shared-memory banks where every launch keeps the APP there (in
     * global memory H's order keeps a warp's accesses in few sectors) */
    if (s->knobs.banks && s->app_always_on_chip())
        order_edges_for_banks(p, bytes, g.app_value_bytes, s->knobs.bank_descent);
    for (uint4 &u : bytes)
        u = make_uint4(table_encode32(u.x, (unsigned)g.app_value_bytes), table_encode32(u.y, (unsigned)g.app_value_bytes),
                       table_encode32(u.z, (unsigned)g.app_value_bytes), table_encode32(u.w, (unsigned)g.app_value_bytes));
    std::vector<int4> recs(p.layers);
    if (run_degrees)
        for (size_t L = 0; L < recs.size(); L++)
            recs[L].w = p.run_degrees[L];
    int st;
    if ((st = upload(layers, recs.data(), recs.size(), d.dev)) != LDPC_OK)
        return st;
    if (s->var.t16) {
        std::vector<uint2> half(bytes.size());
        for (size_t i = 0; i < bytes.size(); i++)
            half[i] = table_pack16(bytes[i], table_t16_shift(g.t16_shift, g.app_value_bytes, s->var.dmax));
        uint2 *t = nullptr;
        st = upload(&t, half.data(), half.size(), d.dev);
        *table = t;
    } else {
        uint4 *t = nullptr;
        st = upload(&t, bytes.data(), bytes.size(), d.dev);
        *table = t;
    }
    return st;
}

int upload_code(const State *s, const ldpc_decoder *dec, DeviceCtx &d)
{
    const ldpc_code *c = dec->code;
    const HostPlan &p = s->plan;
    int st;
    if (s->use_table) {
        if ((st = upload_table(s, p, false, d, &d.layers, &d.table)) != LDPC_OK ||
            (s->has_small() &&
             (st = upload_table(s, s->small, s->small_row_degrees, d, &d.layers_small, &d.table_small)) != LDPC_OK))
            return st;
    } else {
        if ((st = upload(&d.row_ptr, c->row_ptr, (size_t)c->m + 1, d.dev)) != LDPC_OK ||
            (st = upload(&d.col_idx, c->col_idx, (size_t)c->num_edges, d.dev)) != LDPC_OK ||
            (st = upload(&d.col_ptr, c->col_ptr, (size_t)c->n + 1, d.dev)) != LDPC_OK ||
            (st = upload(&d.col_edge, c->col_edge, (size_t)c->num_edges, d.dev)) != LDPC_OK ||
            (st = upload(&d.layer_ptr, p.layer_ptr.data(), p.layer_ptr.size(), d.dev)) != LDPC_OK ||
            (st = upload(&d.layer_rows, p.layer_rows.data(), p.layer_rows.size(), d.dev)) != LDPC_OK)
            return st;
    }
    if (dec->cfg.input_rate_matched &&
        (st = upload(&d.rm_first, dec->rm.first, (size_t)dec->rm.n, d.dev)) != LDPC_OK)
        return st;
    if (dec->cfg.harq_buffers > 0) {
        const size_t n = (size_t)dec->rm.n;
        std::vector<int32_t> first4(4 * n);
        for (int rv = 0; rv < 4; rv++)
            std::copy(dec->rm_rv[rv].first, dec->rm_rv[rv].first + n, first4.begin() + (size_t)rv * n);
        if ((st = upload(&d.rm_first4, first4.data(), first4.size(), d.dev)) != LDPC_OK)
            return st;
        const size_t bytes = (size_t)dec->cfg.harq_buffers * n * sizeof(float);
        CU(cudaMalloc((void **)&d.harq, bytes), "cudaMalloc (HARQ buffers)", d.dev);
        CU(cudaMemset(d.harq, 0, bytes), "cudaMemset (HARQ buffers)", d.dev);
    }
    if (dec->crc_stop.on) { /* uploaded whether or not early termination is on now (it may change) */
        std::vector<uint32_t> r((size_t)dec->crc_stop.nbits);
        ldpc_crc_stop_remainders(&dec->crc_stop, r.data());
        if ((st = upload(&d.crc_r, (const unsigned *)r.data(), r.size(), d.dev)) != LDPC_OK)
            return st;
    }
    return upload(&d.out_pos, p.out_pos.data(), p.out_pos.size(), d.dev);
}

} // namespace ldpccuda
