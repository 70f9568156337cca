# Runtime and example-host unit tests (Catch2), and the fake CUDA driver that
# lets the driver-facing code run in CI without a GPU. Included from
# test/unit/CMakeLists.txt.

# Tests that need no driver at all.
add_executable(runtime_tests
  runtime_arch_test.cpp
  runtime_autotune_test.cpp
  runtime_examples_test.cpp
  runtime_json_test.cpp
  runtime_launch_test.cpp
  runtime_manifest_test.cpp
  runtime_manifest_fuzz_test.cpp
)
target_link_libraries(runtime_tests PRIVATE tilec_catch_main tilec_runtime
  tilec_example_gelu tilec_example_softmax tilec_example_rowsum
  tilec_example_matmul)
target_compile_options(runtime_tests PRIVATE -fexceptions -frtti -Wall -Wextra)
catch_discover_tests(runtime_tests TEST_PREFIX "runtime: "
  PROPERTIES LABELS "unit;runtime")

# Driver state is per process, so the no-driver and fake-driver tests are
# separate executables run with TILEC_LIBCUDA set.
add_executable(runtime_nodriver_test runtime_nodriver_test.cpp)
target_link_libraries(runtime_nodriver_test PRIVATE tilec_catch_main tilec_runtime)
target_compile_options(runtime_nodriver_test PRIVATE -fexceptions -frtti -Wall -Wextra)
add_test(NAME runtime.nodriver COMMAND runtime_nodriver_test)
set_tests_properties(runtime.nodriver PROPERTIES LABELS "unit;runtime"
  ENVIRONMENT "TILEC_LIBCUDA=libtilec-no-such-driver.so.1")

# The toolkit's stub libcuda exports the real symbol names (and fails
# cuInit): every entry point the runtime needs must resolve in it.
find_file(TILEC_CUDA_STUB_LIBRARY libcuda.so
  PATHS ${TILEC_CUDA_INCLUDE_DIR}/../lib64/stubs ${TILEC_CUDA_INCLUDE_DIR}/../lib/stubs
  NO_DEFAULT_PATH)
if(TILEC_CUDA_STUB_LIBRARY)
  add_test(NAME runtime.stubdriver COMMAND runtime_nodriver_test "[.stub]")
  set_tests_properties(runtime.stubdriver PROPERTIES LABELS "unit;runtime"
    ENVIRONMENT "TILEC_LIBCUDA=${TILEC_CUDA_STUB_LIBRARY}")
endif()

add_library(tilec_fake_cuda SHARED
  runtime_fakecuda/FakeCuda.cpp
  runtime_fakecuda/FakeCubin.cpp
  runtime_fakecuda/FakeKernels.cpp
)
target_include_directories(tilec_fake_cuda SYSTEM PRIVATE ${TILEC_CUDA_INCLUDE_DIR})
target_compile_options(tilec_fake_cuda PRIVATE -fexceptions -frtti -Wall -Wextra)
set(TILEC_FAKE_CUDA $<TARGET_FILE:tilec_fake_cuda> PARENT_SCOPE)
set(TILEC_FAKE_CUDA $<TARGET_FILE:tilec_fake_cuda>)

add_executable(runtime_fakedriver_test runtime_fakedriver_test.cpp)
target_include_directories(runtime_fakedriver_test PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(runtime_fakedriver_test PRIVATE tilec_catch_main tilec_runtime
  ${CMAKE_DL_LIBS})
target_compile_options(runtime_fakedriver_test PRIVATE -fexceptions -frtti -Wall -Wextra)
add_dependencies(runtime_fakedriver_test tilec_fake_cuda)
foreach(tag fake sticky nodevice)
  add_test(NAME runtime.fakedriver.${tag}
           COMMAND runtime_fakedriver_test "[${tag}]")
  set(env "TILEC_LIBCUDA=${TILEC_FAKE_CUDA}")
  if(tag STREQUAL "nodevice")
    list(APPEND env "TILEC_FAKE_CUDA_NO_DEVICE=1")
  endif()
  set_tests_properties(runtime.fakedriver.${tag} PROPERTIES
    LABELS "unit;runtime" ENVIRONMENT "${env}")
endforeach()

# Autotuning against the fake driver: configs made faster or slower on the
# fake device clock, picks files, told picks.
add_executable(runtime_autotune_fakedriver_test runtime_autotune_fakedriver_test.cpp)
target_include_directories(runtime_autotune_fakedriver_test PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})
target_link_libraries(runtime_autotune_fakedriver_test PRIVATE tilec_catch_main
  tilec_runtime ${CMAKE_DL_LIBS})
target_compile_options(runtime_autotune_fakedriver_test PRIVATE -fexceptions -frtti -Wall -Wextra)
add_dependencies(runtime_autotune_fakedriver_test tilec_fake_cuda)
add_test(NAME runtime.autotune.fake COMMAND runtime_autotune_fakedriver_test)
set_tests_properties(runtime.autotune.fake PROPERTIES LABELS "unit;runtime"
  ENVIRONMENT "TILEC_LIBCUDA=${TILEC_FAKE_CUDA}")

# Launchers this build's tilec generates (tilec --emit cpp) for the
# lecture's GeLU and for a kernel that only takes arguments, called through
# the fake driver; the GeLU's manifest is also written (--emit ptx) to
# compare with the embedded one. The generated code must compile without
# warnings.
if(TARGET tilec)
  set(launcher_dir ${CMAKE_CURRENT_BINARY_DIR}/launchers)
  set(gelu_py ${PROJECT_SOURCE_DIR}/examples/gelu/gelu.py)
  set(gelu_flags --kernel triton_gelu_kernel
      --signature "*fp32:16,*fp32:16,i32,1024" --num-warps 4)
  set(typed_py ${CMAKE_CURRENT_SOURCE_DIR}/launcher_kernels.py)
  add_custom_command(
    OUTPUT ${launcher_dir}/gelu.h ${launcher_dir}/gelu.cpp
           ${launcher_dir}/gelu.ptx ${launcher_dir}/gelu.json
           ${launcher_dir}/typed_args.h ${launcher_dir}/typed_args.cpp
           ${launcher_dir}/gelu_variants.h ${launcher_dir}/gelu_variants.cpp
           ${launcher_dir}/accumulate.h ${launcher_dir}/accumulate.cpp
    COMMAND ${CMAKE_COMMAND} -E make_directory ${launcher_dir}
    COMMAND tilec ${gelu_py} ${gelu_flags} --emit cpp -o ${launcher_dir}/gelu.h
    COMMAND tilec ${gelu_py} ${gelu_flags} --emit ptx -o ${launcher_dir}/gelu.ptx
    COMMAND tilec ${typed_py} --kernel typed_args
            --signature "*fp32:16,*fp16,i32:16,i64,u32,fp32,fp64,i1,fp16,i32:1,128"
            --emit cpp -o ${launcher_dir}/typed_args.h
    COMMAND tilec ${gelu_py} --kernel triton_gelu_kernel --num-warps 4
            --signature "*fp32:16,*fp32:16,i32:16,1024"
            --signature "*fp32,*fp32,i32,1024"
            --launcher-name gelu_variants --emit cpp
            -o ${launcher_dir}/gelu_variants.h
    COMMAND tilec ${typed_py} --kernel accumulate_kernel
            --signature "*fp32:16,*fp32:16,i32" --autotune --emit cpp
            -o ${launcher_dir}/accumulate.h
    DEPENDS tilec ${gelu_py} ${typed_py}
    COMMENT "tilec --emit cpp: launchers for runtime_launcher_fakedriver_test"
    VERBATIM)
  add_executable(runtime_launcher_fakedriver_test
    runtime_launcher_fakedriver_test.cpp
    ${launcher_dir}/gelu.cpp
    ${launcher_dir}/typed_args.cpp
    ${launcher_dir}/gelu_variants.cpp
    ${launcher_dir}/accumulate.cpp)
  set_source_files_properties(${launcher_dir}/gelu.cpp ${launcher_dir}/typed_args.cpp
    ${launcher_dir}/gelu_variants.cpp ${launcher_dir}/accumulate.cpp
    PROPERTIES COMPILE_OPTIONS "-Werror")
  target_include_directories(runtime_launcher_fakedriver_test PRIVATE
    ${CMAKE_CURRENT_SOURCE_DIR} ${launcher_dir})
  target_compile_definitions(runtime_launcher_fakedriver_test PRIVATE
    TILEC_TEST_GELU_MANIFEST="${launcher_dir}/gelu.json")
  target_link_libraries(runtime_launcher_fakedriver_test PRIVATE
    tilec_catch_main tilec_runtime ${CMAKE_DL_LIBS})
  target_compile_options(runtime_launcher_fakedriver_test PRIVATE
    -fexceptions -frtti -Wall -Wextra)
  add_dependencies(runtime_launcher_fakedriver_test tilec_fake_cuda)
  add_test(NAME runtime.launcher.fake COMMAND runtime_launcher_fakedriver_test)
  # record_only: the launcher test's own kernels are only recorded.
  set_tests_properties(runtime.launcher.fake PROPERTIES LABELS "unit;runtime"
    ENVIRONMENT "TILEC_LIBCUDA=${TILEC_FAKE_CUDA};TILEC_FAKE_CUDA_CONSTANTS=BLOCK_SIZE=1024,record_only=1")

  # Cubins (tilec --emit cubin, and the launcher above, which embeds one when
  # ptxas is there) through the fake driver, which reads their ELF.
  if(TILEC_PTXAS)
    set(cubin_dir ${CMAKE_CURRENT_BINARY_DIR}/cubins)
    add_custom_command(
      OUTPUT ${cubin_dir}/gelu.cubin ${cubin_dir}/gelu.ptx ${cubin_dir}/gelu.json
      COMMAND ${CMAKE_COMMAND} -E make_directory ${cubin_dir}
      COMMAND tilec ${gelu_py} ${gelu_flags} --emit cubin -o ${cubin_dir}/gelu.cubin
      DEPENDS tilec ${gelu_py}
      COMMENT "tilec --emit cubin: the GeLU for runtime_cubin_fakedriver_test"
      VERBATIM)
    add_executable(runtime_cubin_fakedriver_test
      runtime_cubin_fakedriver_test.cpp
      ${launcher_dir}/gelu.cpp
      ${cubin_dir}/gelu.cubin)
    set_source_files_properties(${cubin_dir}/gelu.cubin PROPERTIES HEADER_FILE_ONLY TRUE)
    target_include_directories(runtime_cubin_fakedriver_test PRIVATE
      ${CMAKE_CURRENT_SOURCE_DIR} ${launcher_dir})
    target_compile_definitions(runtime_cubin_fakedriver_test PRIVATE
      TILEC_TEST_GELU_CUBIN_MANIFEST="${cubin_dir}/gelu.json")
    target_link_libraries(runtime_cubin_fakedriver_test PRIVATE
      tilec_catch_main tilec_runtime ${CMAKE_DL_LIBS})
    target_compile_options(runtime_cubin_fakedriver_test PRIVATE
      -fexceptions -frtti -Wall -Wextra)
    add_dependencies(runtime_cubin_fakedriver_test tilec_fake_cuda)
    add_test(NAME runtime.cubin.fake COMMAND runtime_cubin_fakedriver_test)
    set_tests_properties(runtime.cubin.fake PROPERTIES LABELS "unit;runtime"
      ENVIRONMENT "TILEC_LIBCUDA=${TILEC_FAKE_CUDA};TILEC_FAKE_CUDA_CONSTANTS=BLOCK_SIZE=1024")
  endif()
endif()
