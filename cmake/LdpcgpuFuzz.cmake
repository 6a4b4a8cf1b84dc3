# The project's fuzz targets as ctest tests: the alist reader (core/tests/fuzz/fuzz_alist.c),
# simulate's JSON and --resume reading (apps/tests/fuzz/fuzz_sim_json.c) and decode's file
# input (apps/tests/fuzz/fuzz_decode_input.c). Each harness is one LLVMFuzzerTestOneInput that
# aborts on a wrong result. Two tests per harness:
#  - fuzz_replay_<name>: the harness over its stored corpus (<harness dir>/corpus/<name>),
#    built with the project's compiler and flags, so scripts/sanitize runs it under ASan+UBSan;
#  - fuzz_<name>: the harness under clang's libFuzzer with ASan+UBSan for LDPCGPU_FUZZ_SECONDS
#    seconds, starting from a copy of the corpus (new inputs stay in the build tree), where
#    clang is found (ENABLE_FUZZ=AUTO; ON requires it, OFF skips it).
# To fuzz longer: build/fuzz/fuzz_<name> -max_total_time=600 build/fuzz/<name>.work CORPUS
# (libFuzzer's own options); copy a finding into the corpus once the bug it shows is fixed.
set(ENABLE_FUZZ AUTO CACHE STRING "libFuzzer runs of the fuzz targets in ctest (AUTO, ON, OFF)")
set(LDPCGPU_FUZZ_SECONDS 5 CACHE STRING "Seconds each libFuzzer ctest test runs")
set(LDPCGPU_FUZZ_CLANG "")
if(NOT ENABLE_FUZZ STREQUAL "OFF")
  find_program(LDPCGPU_CLANG NAMES clang clang-16 clang-15 clang-14)
  # a clang whose libFuzzer and sanitizer runtimes are missing (a bare clang package) cannot
  # link the targets: probe it once, as the targets are built, so that such a machine replays
  # the corpora only instead of failing the whole build
  set(fuzz_probe_ok FALSE)
  if(LDPCGPU_CLANG)
    set(probe_dir ${PROJECT_BINARY_DIR}/fuzz_probe)
    file(MAKE_DIRECTORY ${probe_dir})
    file(WRITE ${probe_dir}/probe.c
         "#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n")
    execute_process(COMMAND ${LDPCGPU_CLANG} -fsanitize=fuzzer,address,undefined ${probe_dir}/probe.c
                            -o ${probe_dir}/probe
                    RESULT_VARIABLE probe_rc OUTPUT_QUIET ERROR_QUIET)
    if(probe_rc EQUAL 0)
      set(fuzz_probe_ok TRUE)
    endif()
  endif()
  if(fuzz_probe_ok)
    set(LDPCGPU_FUZZ_CLANG ${LDPCGPU_CLANG})
  elseif(ENABLE_FUZZ STREQUAL "ON")
    message(FATAL_ERROR "ENABLE_FUZZ=ON but no clang that links libFuzzer with ASan/UBSan was found")
  elseif(LDPCGPU_CLANG)
    message(STATUS "gr-ldpcgpu: ${LDPCGPU_CLANG} cannot link a libFuzzer program (runtimes missing): corpora replayed only")
  endif()
endif()
message(STATUS "gr-ldpcgpu: fuzz targets replayed in ctest; libFuzzer: ${LDPCGPU_FUZZ_CLANG}")

set(fuzz_dir ${PROJECT_BINARY_DIR}/fuzz)
file(MAKE_DIRECTORY ${fuzz_dir})
set(fuzz_includes -I${PROJECT_SOURCE_DIR}/include -I${PROJECT_SOURCE_DIR}/core/src
    -I${PROJECT_SOURCE_DIR}/apps)

# name: the target; corpus: its stored inputs; HARNESS: the harness's sources (also the files
# clang instruments); LINK: shared (the installed core, as the tool links it) or internal (the
# core's static objects, for harnesses that read internal structures); CLANG_EXTRA: what the
# libFuzzer build compiles besides the harness instead of linking the core (empty: it links
# the shared core).
function(ldpcgpu_fuzz_target name corpus)
  cmake_parse_arguments(F "" "LINK" "HARNESS;CLANG_EXTRA" ${ARGN})
  add_executable(fuzz_replay_${name} ${PROJECT_SOURCE_DIR}/core/tests/fuzz/fuzz_replay.c
                 ${F_HARNESS})
  target_include_directories(fuzz_replay_${name} PRIVATE ${PROJECT_SOURCE_DIR}/apps
                             ${PROJECT_SOURCE_DIR}/core/src)
  if(F_LINK STREQUAL "internal")
    target_link_libraries(fuzz_replay_${name} PRIVATE ldpcgpu_core_internal m)
  else()
    target_link_libraries(fuzz_replay_${name} PRIVATE ldpcgpu_core m)
  endif()
  add_test(NAME fuzz_replay_${name} COMMAND fuzz_replay_${name} ${corpus})
  set_tests_properties(fuzz_replay_${name} PROPERTIES TIMEOUT 300)

  if(LDPCGPU_FUZZ_CLANG)
    set(bin ${fuzz_dir}/fuzz_${name})
    if(F_CLANG_EXTRA)
      set(link ${F_CLANG_EXTRA} -lm)
      set(deps ${F_CLANG_EXTRA})
    else()
      set(link $<TARGET_FILE:ldpcgpu_core> -Wl,-rpath,$<TARGET_FILE_DIR:ldpcgpu_core> -lm)
      set(deps ldpcgpu_core)
    endif()
    add_custom_command(OUTPUT ${bin}
      COMMAND ${LDPCGPU_FUZZ_CLANG} -g -O1 -fsanitize=fuzzer,address,undefined
              -fno-sanitize-recover=undefined ${fuzz_includes} ${F_HARNESS} ${link} -pthread
              -o ${bin}
      DEPENDS ${F_HARNESS} ${deps}
      COMMENT "libFuzzer build of fuzz_${name}" VERBATIM)
    add_custom_target(fuzz_${name} ALL DEPENDS ${bin})
    # a fresh working folder each run: libFuzzer adds what it finds to the first folder
    add_test(NAME fuzz_${name}
             COMMAND sh -c "rm -rf \"$1\" && mkdir -p \"$1\" && exec \"$0\" -max_total_time=$2 -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \"$1\" \"$3\""
                     ${bin} ${fuzz_dir}/${name}.work ${LDPCGPU_FUZZ_SECONDS} ${corpus})
    set_tests_properties(fuzz_${name} PROPERTIES TIMEOUT 600)
  endif()
endfunction()

# the alist reader and the generic encoder, alone (as fuzz_alist.c's comment builds it)
set(core_src ${PROJECT_SOURCE_DIR}/core/src)
ldpcgpu_fuzz_target(alist ${PROJECT_SOURCE_DIR}/core/tests/fuzz/corpus/alist LINK internal
  HARNESS ${PROJECT_SOURCE_DIR}/core/tests/fuzz/fuzz_alist.c
  CLANG_EXTRA ${core_src}/alist.c ${core_src}/code.c ${core_src}/gf2.c ${core_src}/error.c
              ${core_src}/encoder.c ${core_src}/encoder_generic.c
              ${PROJECT_SOURCE_DIR}/core/tests/fuzz/fuzz_stubs.c)
# simulate's JSON reading and writing: the tool's files that do it, on the shared core
set(apps_src ${PROJECT_SOURCE_DIR}/apps)
ldpcgpu_fuzz_target(sim_json ${apps_src}/tests/fuzz/corpus/sim_json
  HARNESS ${apps_src}/tests/fuzz/fuzz_sim_json.c ${apps_src}/json_read.c
          ${apps_src}/sim_output.c ${apps_src}/sim_stats.c ${apps_src}/app_util.c)
# decode's file input: the tool's decode command
ldpcgpu_fuzz_target(decode_input ${apps_src}/tests/fuzz/corpus/decode_input
  HARNESS ${apps_src}/tests/fuzz/fuzz_decode_input.c ${apps_src}/cmd_decode.c
          ${apps_src}/app_util.c)
