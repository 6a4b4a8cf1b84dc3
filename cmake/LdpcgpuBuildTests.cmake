# Tests of the module's build shape (included from the top-level CMakeLists.txt when the GNU
# Radio blocks and their Python bindings are built):
#   gr_modtool_add            (label slow: it configures and builds a copy of the tree, minutes)
#                             gr_modtool add + bind of a new C++ block on a copy of the tree,
#                             then the copy builds and the new block's QA passes
#                             (cmake/tests/gr_modtool_add.sh)
#   gr_find_package_consumer  the installed CMake package: a consumer project finds it with
#                             find_package(gnuradio-ldpcgpu) and runs the blocks
#                             (cmake/tests/find_package_consumer.sh, cmake/tests/consumer)
# `ctest -LE slow` leaves the first out; CI runs both.
find_program(LDPCGPU_GR_MODTOOL gr_modtool)
if(LDPCGPU_GR_MODTOOL)
  add_test(NAME gr_modtool_add
           COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/tests/gr_modtool_add.sh ${PROJECT_SOURCE_DIR}
                   ${PROJECT_BINARY_DIR}/gr_modtool_add)
  set_tests_properties(gr_modtool_add PROPERTIES LABELS "slow" TIMEOUT 3600
    ENVIRONMENT "GR_CONF_CONTROLPORT_ON=False")
endif()
add_test(NAME gr_find_package_consumer
         COMMAND bash ${PROJECT_SOURCE_DIR}/cmake/tests/find_package_consumer.sh ${PROJECT_BINARY_DIR}
                 ${PROJECT_SOURCE_DIR}/cmake/tests/consumer ${PROJECT_BINARY_DIR}/find_package_consumer)
set_tests_properties(gr_find_package_consumer PROPERTIES TIMEOUT 900
  ENVIRONMENT "GR_CONF_CONTROLPORT_ON=False")
