#!/usr/bin/env python3
"""QA for the GRC block definitions (grc/*.block.yml): GNU Radio Companion's own machinery loads
them, the parameters validate, every option list has as many labels as options, and the Python
each block generates builds a working block (or, for the FECAPI definitions, gr-fec objects) for
every code family of the dropdowns."""
import glob
import math
import os
import sys
import unittest

from gnuradio import gr

from gnuradio import ldpcgpu

BLOCKS = ["ldpcgpu_ldpc_decoder", "ldpcgpu_ldpc_encoder", "ldpcgpu_ldpc_pdu_decoder"]
# variable blocks making gr-fec FECAPI objects (their template is var_make, not make)
FEC_DEFS = {"variable_ldpcgpu_fec_decoder_def": "fec_decoder",
            "variable_ldpcgpu_fec_encoder_def": "fec_encoder"}
SELECTIONS = [
    ({"standard": "dvbt2", "dvb_frame": "16200", "dvbt2_16200_rate": "3/5"}, "dvbt2:16200:3/5"),
    ({"standard": "dvbs2", "dvb_frame": "64800", "dvbs2_64800_rate": "9/10"}, "dvbs2:64800:9/10"),
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

    @staticmethod
    def yml_files():
        """This module's grc/*.yml (the first GRC_BLOCKS_PATH entry that holds them)."""
        for d in os.environ["GRC_BLOCKS_PATH"].split(os.pathsep):
            files = sorted(glob.glob(os.path.join(d, "ldpcgpu_*.yml")))
            if files:
                return files
        return []

    def test_option_labels_match_options(self):
        """Every parameter with options, in every grc/*.yml: one label and one value of each
        option attribute per option, read as GRC reads the file. YAML splits an unquoted label
        at its commas, and GRC then pads or drops labels silently: the user picks by a label
        that belongs to another option."""
        from gnuradio.grc.core.io import yaml as grc_yaml
        files = self.yml_files()
        self.assertGreaterEqual(len(files), len(BLOCKS) + len(FEC_DEFS))
        checked = 0
        for path in files:
            with open(path) as f:
                data = grc_yaml.safe_load(f)
            for p in data.get("parameters", []):
                where = "%s: %s" % (os.path.basename(path), p["id"])
                options = p.get("options")
                if options is None:
                    self.assertNotIn("option_labels", p, where)
                    self.assertNotIn("option_attributes", p, where)
                    continue
                self.assertEqual(len(set(map(str, options))), len(options), where)
                if "option_labels" in p:
                    self.assertEqual(len(p["option_labels"]), len(options),
                                     "%s: labels %r for options %r" % (where, p["option_labels"], options))
                for attr, values in (p.get("option_attributes") or {}).items():
                    self.assertEqual(len(values), len(options), "%s.%s: %r" % (where, attr, values))
                checked += 1
        self.assertGreater(checked, 20)

    def test_labels_as_grc_shows_them(self):
        """The labels GRC offers for the sign and packing dropdowns, which name their options
        with commas inside."""
        fg, block = self.block("ldpcgpu_ldpc_decoder")
        sign = block.params["llr_sign"].options
        self.assertEqual(sign["False"], "Positive = 0 (DVB, gr-dvbs2rx)")
        self.assertEqual(sign["True"], "Positive = 1 (gr-fec, gr-digital soft decoder)")
        self.assertEqual(block.params["packed"].options["True"], "Packed (8 bits per byte, MSB first)")
        fg, block = self.block("ldpcgpu_ldpc_pdu_decoder")
        self.assertEqual(block.params["llr_sign"].options["True"],
                         "Positive = 1 (gr-fec, gr-digital soft decoder)")
        fg, block = self.block("variable_ldpcgpu_fec_decoder_def")
        self.assertEqual(block.params["llr_sign"].options["True"],
                         "Positive = 1 (gr-fec, gr-digital soft decoder)")

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

    def offered_selections(self, block):
        """Every code the block's dropdowns offer: (parameter values, code name)."""
        def options(key):
            return [str(o) for o in block.params[key].options]
        for family in options("standard"):
            if family in ("dvbt2", "dvbs2"):
                for n in options("dvb_frame"):
                    rate_key = "%s_%s_rate" % (family, n)
                    for rate in options(rate_key):
                        yield ({"standard": family, "dvb_frame": n, rate_key: rate},
                               "%s:%s:%s" % (family, n, rate))
            elif family in ("wimax", "wifi"):
                for n in options(family + "_n"):
                    for rate in options(family + "_rate"):
                        yield ({"standard": family, family + "_n": n, family + "_rate": rate},
                               "%s:%s:%s" % (family, n, rate))

    def test_every_offered_code_builds(self):
        """The dropdowns offer exactly the core's codes of each standard and frame size
        (ldpcgpu list): each one validates in GRC and its generated Python builds the block or
        gr-fec object; none the core lacks (dvbt2:64800:1/4 is not a DVB-T2 code), none of the
        core's DVB-T2/S2, WiMAX or WiFi codes missing."""
        core = set(ldpcgpu.list_codes())
        families = ("dvbt2:", "dvbs2:", "wimax:", "wifi:")
        expected = {c for c in core if c.startswith(families)}
        for block_id in BLOCKS + list(FEC_DEFS):
            fg, block = self.block(block_id)
            offered = set()
            for values, name in self.offered_selections(block):
                self.assertIn(name, core, block_id)
                self.assertNotIn(name, offered, block_id)
                offered.add(name)
                for key, value in values.items():
                    block.params[key].set_value(value)
                self.assertEqual(self.param_errors(fg, block), [], (block_id, values))
                made = self.make_fec_def(block) if block_id in FEC_DEFS else self.make(block)
                self.assertEqual(made.code_name(), name, block_id)
            self.assertEqual(offered, expected, block_id)

    def make_fec_def(self, block):
        """Run the variable block's generated code; returns the variable's value."""
        from gnuradio import fec  # noqa: F401 (the objects' base classes)

        class Holder:
            pass
        namespace = {"ldpcgpu": ldpcgpu, "self": Holder()}
        exec(block.templates.render("var_make"), namespace)
        return namespace["under_test"]

    def test_fec_definitions(self):
        """The FECAPI definition blocks: defaults validate and make a gr-fec object, every code
        family of the dropdowns and the alist file reach it, parallelism makes lists."""
        from gnuradio import fec
        for block_id, kind in FEC_DEFS.items():
            fg, block = self.block(block_id)
            self.assertEqual(self.param_errors(fg, block), [], block_id)
            self.assertEqual(block.category, ["LDPC GPU"])
            self.assertTrue(block.documentation[""].strip())
            self.assertTrue(block.is_variable)
            base = fec.generic_decoder if kind == "fec_decoder" else fec.generic_encoder
            alist = block.params["alist_file"].get_value()
            made = self.make_fec_def(block)
            if os.path.exists(alist):  # default: gr-fec's own n_1800_k_0902_gap_28.alist
                self.assertIsInstance(made, base)
                self.assertEqual(made.code_name(), "alist:" + alist)
                self.assertEqual(made.info_placement(), "grfec")
            for values, name in SELECTIONS:
                for key, value in values.items():
                    block.params[key].set_value(value)
                self.assertEqual(self.param_errors(fg, block), [], (block_id, values))
                made = self.make_fec_def(block)
                self.assertIsInstance(made, base)
                self.assertEqual(made.code_name(), name)
            block.params["ndim"].set_value("1")
            block.params["dim1"].set_value("2")
            block.params["frames_per_call"].set_value("3")
            made = self.make_fec_def(block)
            self.assertEqual(len(made), 2)
            self.assertEqual([m.frames_per_call() for m in made], [3, 3])
            block.params["ndim"].set_value("2")
            block.params["dim2"].set_value("3")
            made = self.make_fec_def(block)
            self.assertEqual([len(row) for row in made], [3, 3])
            self.assertIsInstance(made[1][2], base)
            block.params["frames_per_call"].set_value("0")
            self.assertTrue(self.param_errors(fg, block))

    def test_code_tag_and_codes_reach_the_block(self):
        """The decoder block's Code tag and Other codes make a decoder of several codes; the PDU
        decoder's code metadata key reaches it."""
        fg, block = self.block("ldpcgpu_ldpc_decoder")
        for key, value in {"standard": "dvbs2", "dvb_frame": "64800", "dvbs2_64800_rate": "1/2",
                           "backend": "cpu", "code_tag": "modcod",
                           "codes": "['dvbs2:64800:3/5', 'dvbs2:64800:2/3']"}.items():
            block.params[key].set_value(value)
        self.assertEqual(self.param_errors(fg, block), [])
        made = self.make(block)
        self.assertEqual(made.code_tag(), "modcod")
        self.assertEqual(made.codes(), ["dvbs2:64800:1/2", "dvbs2:64800:3/5", "dvbs2:64800:2/3"])
        fg, block = self.block("ldpcgpu_ldpc_pdu_decoder")
        block.params["code_key"].set_value("fec_code")
        self.assertEqual(self.param_errors(fg, block), [])
        self.assertEqual(self.make(block).code_key(), "fec_code")

    def test_fec_definitions_nr(self):
        """The 5G NR fields of the FECAPI definitions make rate-matched NR objects: K bits in,
        E bits out (encoder) and back (decoder)."""
        for block_id, kind in FEC_DEFS.items():
            fg, block = self.block(block_id)
            for key, value in {"standard": "nr", "nr_k": "1000", "nr_e": "3000", "nr_rv": "2",
                               "nr_qm": "4"}.items():
                block.params[key].set_value(value)
            self.assertEqual(self.param_errors(fg, block), [], block_id)
            made = self.make_fec_def(block)
            self.assertEqual(made.code_name(), "nr:1000:3000:rv2:qm4", block_id)
            sizes = (made.get_input_size(), made.get_output_size())
            self.assertEqual(sizes, (1000, 3000) if kind == "fec_encoder" else (3000, 1000))

    def test_nr_input_and_crc_stop_reach_the_blocks(self):
        """"NR input" and "NR CRC stop": shown where an NR code can be chosen, they reach the
        decoder blocks and the FECAPI definition (E LLRs a frame); hidden, the defaults go."""
        for block_id in ("ldpcgpu_ldpc_decoder", "ldpcgpu_ldpc_pdu_decoder"):
            fg, block = self.block(block_id)
            for key, value in {"standard": "custom", "custom_code": "'nr:1000:3000'",
                               "backend": "cpu", "rate_matched": "True",
                               "crc_stop": "crc24b"}.items():
                block.params[key].set_value(value)
            self.assertEqual(self.param_errors(fg, block), [], block_id)
            self.assertNotEqual(block.params["rate_matched"].hide, "all", block_id)
            code = block.templates.render("make")
            self.assertIn("rate_matched=True", code, block_id)
            self.assertIn("crc_stop='crc24b'", code, block_id)
            made = self.make(block)
            if block_id == "ldpcgpu_ldpc_decoder":
                self.assertEqual(made.input_items_per_frame(), 3000)
                # a dropdown code cannot be NR: the fields hide and their defaults go
                block.params["standard"].set_value("wimax")
                self.assertEqual(self.param_errors(fg, block), [])
                self.assertEqual(block.params["rate_matched"].hide, "all")
                code = block.templates.render("make")
                self.assertIn("rate_matched=False", code)
                self.assertIn("crc_stop='none'", code)
                self.assertEqual(self.make(block).input_items_per_frame(), 2304)
        fg, block = self.block("variable_ldpcgpu_fec_decoder_def")
        for key, value in {"standard": "nr", "nr_k": "1000", "nr_e": "3000",
                           "rate_matched": "False", "crc_stop": "crc24b"}.items():
            block.params[key].set_value(value)
        self.assertEqual(self.param_errors(fg, block), [])
        self.assertEqual(block.params["crc_stop"].hide, "none")
        self.assertIn("crc_stop='crc24b'", block.templates.render("var_make"))
        made = self.make_fec_def(block)
        self.assertEqual(made.get_input_size(), ldpcgpu.Code("nr:1000:3000").n)
        block.params["rate_matched"].set_value("True")
        self.assertEqual(self.make_fec_def(block).get_input_size(), 3000)

    def test_harq_buffers_reach_the_blocks(self):
        """"NR HARQ buffers": shown for a typed NR code, it reaches both decoder blocks; the
        stream decoder hides it (and passes 0) for dropdown codes and with a code tag (HARQ
        needs a decoder of one code); a negative value is refused by the assert."""
        for block_id in ("ldpcgpu_ldpc_decoder", "ldpcgpu_ldpc_pdu_decoder"):
            fg, block = self.block(block_id)
            for key, value in {"standard": "custom", "custom_code": "'nr:500:1000'",
                               "backend": "cpu", "rate_matched": "True",
                               "harq_buffers": "4"}.items():
                block.params[key].set_value(value)
            self.assertEqual(self.param_errors(fg, block), [], block_id)
            self.assertNotEqual(block.params["harq_buffers"].hide, "all", block_id)
            self.assertIn("harq_buffers=4", block.templates.render("make"), block_id)
            self.assertEqual(self.make(block).harq_buffers(), 4, block_id)
            block.params["harq_buffers"].set_value("-1")
            self.assertTrue(self.param_errors(fg, block), block_id)
            block.params["harq_buffers"].set_value("4")
            if block_id == "ldpcgpu_ldpc_decoder":
                block.params["code_tag"].set_value("code")
                self.assertEqual(self.param_errors(fg, block), [])
                self.assertEqual(block.params["harq_buffers"].hide, "all")
                self.assertIn("harq_buffers=0", block.templates.render("make"))
                block.params["code_tag"].set_value("")
                block.params["standard"].set_value("wimax")
                self.assertEqual(self.param_errors(fg, block), [])
                self.assertEqual(block.params["harq_buffers"].hide, "all")
                self.assertIn("harq_buffers=0", block.templates.render("make"))
                self.assertEqual(self.make(block).harq_buffers(), 0)

    def test_fec_decoder_options_reach_the_object(self):
        fg, block = self.block("variable_ldpcgpu_fec_decoder_def")
        settings = {"standard": "wimax", "wimax_n": "576", "wimax_rate": "1/2",
                    "llr_sign": "False", "noise_given_as": "gain", "llr_gain": "2.5",
                    "max_iterations": "17",
                    "msg_format": "int8", "backend": "cpu", "info_placement": "ldpcgpu",
                    "algorithm": "nms", "nms_alpha": "0.7"}
        for key, value in settings.items():
            block.params[key].set_value(value)
        self.assertEqual(self.param_errors(fg, block), [])
        dec = self.make_fec_def(block)
        self.assertFalse(dec.llr_positive_is_one())
        self.assertAlmostEqual(dec.llr_gain(), 2.5)
        self.assertEqual(dec.max_iterations(), 17)
        self.assertEqual(dec.msg_format(), "int8")
        self.assertEqual(dec.info_placement(), "ldpcgpu")
        code = block.templates.render("var_make")
        self.assertIn("algorithm='nms'", code)
        self.assertIn("nms_alpha=0.7", code)
        block.params["algorithm"].set_value("default")
        self.assertIn("ldpcgpu.default_algorithm()", block.templates.render("var_make"))

    def test_fec_decoder_noise_as_grfec_asks(self):
        """The definition asks for the noise as gr-fec's LDPC Decoder Definition does: sigma by
        default (0.5, gain 2/sigma^2 = 8), or Es/N0 in dB, or the gain."""
        fg, block = self.block("variable_ldpcgpu_fec_decoder_def")
        block.params["standard"].set_value("wimax")
        self.assertEqual(block.params["noise_given_as"].get_value(), "sigma")
        self.assertEqual(self.param_errors(fg, block), [])
        self.assertAlmostEqual(self.make_fec_def(block).llr_gain(), 8.0, places=5)
        block.params["sigma"].set_value("0.25")
        self.assertAlmostEqual(self.make_fec_def(block).llr_gain(), 32.0, places=4)
        block.params["sigma"].set_value("0")
        self.assertTrue(self.param_errors(fg, block))
        block.params["noise_given_as"].set_value("esn0")
        block.params["esn0_db"].set_value("3.0")
        self.assertEqual(self.param_errors(fg, block), [])
        self.assertAlmostEqual(self.make_fec_def(block).llr_gain(), 4 * 10 ** 0.3, places=4)
        block.params["noise_given_as"].set_value("gain")
        self.assertAlmostEqual(self.make_fec_def(block).llr_gain(), 1.0)

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
            # alpha and beta: the code's own (ldpcgpu.code_default, a NaN the core resolves)
            self.assertEqual(p["nms_alpha"].get_value(), "ldpcgpu.code_default")
            self.assertEqual(p["oms_beta"].get_value(), "ldpcgpu.code_default")
            self.assertTrue(math.isnan(p["oms_beta"].get_evaluated()))
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
