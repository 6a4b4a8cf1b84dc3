/* Uses gr-ldpcgpu's blocks through the installed headers and library: an encoder and a decoder
 * for WiMAX 576 rate 1/2 in one flowgraph, noiseless, every bit checked. */
#include <gnuradio/blocks/vector_sink.h>
#include <gnuradio/blocks/vector_source.h>
#include <gnuradio/ldpcgpu/ldpc_decoder.h>
#include <gnuradio/ldpcgpu/ldpc_encoder.h>
#include <gnuradio/top_block.h>
#include <cstdio>
#include <vector>

/* encoder output (bits 0/1) -> decoder input (float LLRs, positive = 0): the map block would
 * need another GNU Radio component, so the LLRs are made here from the codewords */
int main()
{
    const char* code = "wimax:576:1/2";
    auto enc = gr::ldpcgpu::ldpc_encoder::make(code);
    auto dec = gr::ldpcgpu::ldpc_decoder::make(code, "float");
    const int k = enc->k(), n = enc->n(), frames = 5;
    std::vector<uint8_t> info(frames * k);
    for (size_t i = 0; i < info.size(); i++)
        info[i] = (i * 7 + i / 3) % 2;

    auto tb1 = gr::make_top_block("encode");
    auto src = gr::blocks::vector_source_b::make(info);
    auto cw_sink = gr::blocks::vector_sink_b::make();
    tb1->connect(src, 0, enc, 0);
    tb1->connect(enc, 0, cw_sink, 0);
    tb1->run();
    std::vector<float> llr;
    for (uint8_t b : cw_sink->data())
        llr.push_back(b ? -8.0f : 8.0f);

    auto tb2 = gr::make_top_block("decode");
    auto llr_src = gr::blocks::vector_source_f::make(llr);
    auto bits = gr::blocks::vector_sink_b::make();
    tb2->connect(llr_src, 0, dec, 0);
    tb2->connect(dec, 0, bits, 0);
    tb2->run();
    const bool ok = int(llr.size()) == frames * n && bits->data() == info &&
                    dec->frames_decoded() == uint64_t(frames) && dec->frames_failed() == 0;
    std::printf("gnuradio-ldpcgpu consumer: %s n=%d k=%d, %llu frames decoded on %s: %s\n", code,
                n, k, (unsigned long long)dec->frames_decoded(), dec->backend_name().c_str(),
                ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
