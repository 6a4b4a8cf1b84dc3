#!/usr/bin/env python3
"""QA for the GRC block definitions (grc/*.block.yml): GNU Radio Companion's own machinery loads
them, the parameters validate, and the Python each block generates builds a working block for
every code family of the dropdowns."""
import os
import sys
import unittest

from gnuradio import gr

from gnuradio import ldpcgpu

BLOCKS = ["ldpcgpu_ldpc_decoder", "ldpcgpu_ldpc_encoder", "ldpcgpu_ldpc_pdu_decoder"]
SELECTIONS = [
    ({"standard": "dvbt2", "dvb_frame": "16200", "dvb_rate": "3/5"}, "dvbt2:16200:3/5"),
    ({"standard": "dvbs2", "dvb_frame": "64800", "dvb_rate": "9/10"}, "dvbs2:64800:9/10"),
    ({"standard": "wimax", "wimax_n": "1152", "wimax_rate": "3/4B"}, "wimax:1152:3/4B"),
    ({"standard": "wifi", "wifi_n": "648", "wifi_rate": "5/6"}, "wifi:648:5/6"),
    ({"standard": "custom", "custom_code": "'wifi:1296:2/3'"}, "wifi:1296:2/3"),
]


class qa_grc_blocks(unittest.TestCase):

    @classmethod
    def setUpClass(cls):
        if "GRC_BLOCKS_PATH" not in os.environ:
            raise unittest.SkipTest("GRC_BLOCKS_PATH does not point at this module's grc/")
        try:
            from gnuradio.grc.core.platform import Platform
        except ImportError as e:
            raise unittest.SkipTest("GNU Radio Companion is not installed: %s" % e)
        cls.platform = Platform(name="qa", prefs=gr.prefs(), version=gr.version(),
                                version_parts=(gr.major_version(), gr.api_version(), gr.minor_version()))
        cls.platform.build_library()

    def block(self, block_id):
        self.assertIn(block_id, self.platform.blocks)
        fg = self.platform.make_flow_graph()
        block = fg.new_block(block_id)
        block.params["id"].set_value("under_test")
        return fg, block

    def param_errors(self, fg, block):
        fg.rewrite()
        fg.validate()
        # bare blocks are not connected; anything else is a real problem
        return [m for m in block.get_error_messages() if "not connected" not in m]

    def make(self, block):
        return eval(block.templates.render("make"), {"ldpcgpu": ldpcgpu})

    def test_defaults_validate(self):
        for block_id in BLOCKS:
            fg, block = self.block(block_id)
            self.assertEqual(self.param_errors(fg, block), [], block_id)
            self.assertEqual(block.category, ["LDPC GPU"])
            self.assertTrue(block.documentation[""].strip())

    def test_code_dropdowns_build_blocks(self):
        for block_id in BLOCKS:
            fg, block = self.block(block_id)
            for values, name in SELECTIONS:
                for key, value in values.items():
                    block.params[key].set_value(value)
                self.assertEqual(self.param_errors(fg, block), [], (block_id, values))
                made = self.make(block)
                self.assertEqual(made.code_name(), name)

    def test_decoder_options_reach_the_block(self):
        fg, block = self.block("ldpcgpu_ldpc_decoder")
        settings = {"standard": "wimax", "wimax_n": "576", "wimax_rate": "1/2", "input_type": "int8",
                    "output_bits": "True", "packed": "True", "max_iterations": "17",
                    "early_termination": "False", "backend": "cpu", "batch_frames": "3"}
        for key, value in settings.items():
            block.params[key].set_value(value)
        self.assertEqual(self.param_errors(fg, block), [])
        dec = self.make(block)
        self.assertEqual(dec.max_iterations(), 17)
        self.assertFalse(dec.early_termination())
        self.assertEqual(dec.batch_frames(), 3)
        self.assertEqual(dec.output_items_per_frame(), 576 // 8)
        self.assertEqual(dec.input_signature().sizeof_stream_item(0), 1)
        self.assertEqual([p.dtype for p in block.sinks], ["byte"])
        block.params["max_iterations"].set_value("0")
        self.assertTrue(self.param_errors(fg, block))  # the assert catches it
        callbacks = block.templates.render("callbacks")
        self.assertIn("set_max_iterations", str(callbacks))

    def test_defaults_are_the_cores(self):
        """Max iterations, alpha, beta, int8 scale and algorithm default to the C core's values
        (the same functions the blocks' make() use), not to numbers of their own."""
        for block_id in ("ldpcgpu_ldpc_decoder", "ldpcgpu_ldpc_pdu_decoder"):
            fg, block = self.block(block_id)
            block.params["standard"].set_value("wimax")
            block.params["wimax_n"].set_value("576")
            self.assertEqual(self.param_errors(fg, block), [])
            p = block.params
            self.assertEqual(p["max_iterations"].get_evaluated(), ldpcgpu.default_max_iterations())
            self.assertAlmostEqual(p["nms_alpha"].get_evaluated(), ldpcgpu.default_nms_alpha())
            self.assertAlmostEqual(p["oms_beta"].get_evaluated(), ldpcgpu.default_oms_beta())
            self.assertAlmostEqual(p["int8_scale"].get_evaluated(), ldpcgpu.default_int8_scale())
            self.assertEqual(p["algorithm"].get_value(), "default")
            made = self.make(block)
            self.assertEqual(made.max_iterations(), ldpcgpu.default_max_iterations())
            self.assertIn("ldpcgpu.default_algorithm()", block.templates.render("make"))

    def test_alpha_beta_reach_the_block(self):
        for block_id in ("ldpcgpu_ldpc_decoder", "ldpcgpu_ldpc_pdu_decoder"):
            fg, block = self.block(block_id)
            for key, value in {"standard": "wimax", "wimax_n": "576", "algorithm": "nms",
                               "nms_alpha": "0.6", "oms_beta": "1.5"}.items():
                block.params[key].set_value(value)
            self.assertEqual(self.param_errors(fg, block), [])
            code = block.templates.render("make")
            self.assertIn("algorithm='nms'", code)
            self.assertIn("nms_alpha=0.6", code)
            self.assertIn("oms_beta=1.5", code)
            self.make(block)
            block.params["nms_alpha"].set_value("1.5")  # outside (0, 1]: the core refuses it
            with self.assertRaises(RuntimeError):
                self.make(block)


if __name__ == "__main__":
    unittest.main()
