# Install and export of the C core: libldpcgpu-core, its headers (include/ldpcgpu), a CMake
# package (find_package(ldpcgpu) gives the target ldpcgpu::core) and a pkg-config file
# (pkg-config --cflags --libs ldpcgpu). Everything goes where Debian looks for it under the
# prefix (GNUInstallDirs; /usr/local by default). The ldpcgpu tool installs itself from
# apps/CMakeLists.txt; the GNU Radio parts (blocks, Python, GRC) install from their own folders.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(LDPCGPU_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/ldpcgpu)

set_target_properties(ldpcgpu_core PROPERTIES EXPORT_NAME core)
install(TARGETS ldpcgpu_core EXPORT ldpcgpuTargets
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/ldpcgpu DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")

install(EXPORT ldpcgpuTargets NAMESPACE ldpcgpu:: DESTINATION ${LDPCGPU_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/ldpcgpuConfig.cmake.in
  ${PROJECT_BINARY_DIR}/ldpcgpuConfig.cmake INSTALL_DESTINATION ${LDPCGPU_CMAKE_DIR})
# 0.x: a minor version may change the API, so only the same major.minor is compatible.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/ldpcgpuConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/ldpcgpuConfig.cmake ${PROJECT_BINARY_DIR}/ldpcgpuConfigVersion.cmake
  DESTINATION ${LDPCGPU_CMAKE_DIR})

# The .pc file is written at install time, so that `cmake --install --prefix DIR` gets DIR in it
# and not the prefix the build was configured with.
install(CODE "
  set(LDPCGPU_PC_PREFIX \"\${CMAKE_INSTALL_PREFIX}\")
  set(LDPCGPU_PC_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
  set(LDPCGPU_PC_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(PROJECT_VERSION \"${PROJECT_VERSION}\")
  configure_file(\"${PROJECT_SOURCE_DIR}/cmake/ldpcgpu.pc.in\" \"${PROJECT_BINARY_DIR}/ldpcgpu.pc\" @ONLY)
")
install(FILES ${PROJECT_BINARY_DIR}/ldpcgpu.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# `cmake --build BUILD --target uninstall`: removes what `cmake --install BUILD` installed
# (cmake/uninstall.cmake, from BUILD/install_manifest.txt).
if(NOT TARGET uninstall)
  add_custom_target(uninstall
    COMMAND ${CMAKE_COMMAND} -DMANIFEST=${PROJECT_BINARY_DIR}/install_manifest.txt
            -P ${PROJECT_SOURCE_DIR}/cmake/uninstall.cmake
    COMMENT "Removing the files listed in install_manifest.txt")
endif()
