# tilec_add_kernel: compile one kernel of a Python file to PTX with tilec.
#
#   tilec_add_kernel(NAME <out-basename> SOURCE <file.py> KERNEL <function>
#                    SIGNATURE <sig> [NUM_WARPS <n>] [NUM_STAGES <s>]
#                    [DEFINES A=1 ...] [CUBIN]
#                    [LAUNCHER [LAUNCHER_NAME <fn>] [LAUNCHER_VARIANTS <sig>...]])
#
# runs, at build time,
#
#   tilec <file.py> --kernel <function> --signature '<sig>' --num-warps <n>
#         [--num-stages <s>] [-D A=1 ...] --emit ptx
#         -o <build>/kernels/<out-basename>.ptx
#
# (tilec writes <out-basename>.json beside the .ptx) and adds the target
# tilec-kernel-<out-basename>; every kernel is also a dependency of the one
# target `tilec-kernels`. SIGNATURE is Triton's AOT format: one entry per
# kernel parameter in order, `*fp32:16` a pointer promised 16-byte aligned,
# `i32:16` an integer promised divisible by 16, a bare number a constexpr.
#
# CUBIN runs `--emit cubin -o <build>/kernels/<out-basename>.cubin` instead:
# tilec assembles the PTX with ptxas for the target and writes the cubin, the
# PTX and a manifest naming both; the runtime loads the cubin on a device of
# its compute capability and the PTX elsewhere (docs/runtime.md).
#
# LAUNCHER also generates a typed C++ launcher (`tilec ... --emit cpp`,
# docs/tilec.md) and builds it into the static library
# tilec_launcher_<out-basename>, which links tilec::runtime and puts the
# header on the include path: link it and
#
#   #include "tilec/kernels/<out-basename>.h"
#   tilec::kernels::<function>(grid, x, y, n);   // typed; PTX embedded
#
# (and the cubin too when tilec has a ptxas, with or without CUBIN).
#
# The function is named after the kernel, or LAUNCHER_NAME (needed when two
# launchers of one kernel are linked into the same program). LAUNCHER_VARIANTS
# <sig>... adds signatures to the launcher after SIGNATURE: each launch takes
# the first whose promises (`:16`, `:1`) the arguments keep, so end with the
# generic one (tilec --emit cpp with several --signature, docs/tilec.md). The files are
# <build>/kernels/launchers/tilec/kernels/<out-basename>.h and .cpp.
#
# The compiler is TILEC_COMPILER: a target (`tilec` in this build,
# `tilec::tilec` from the installed package) or the absolute path of a tilec
# executable (for a runtime-only package). Without one the commands compile
# nothing and configuring says so once; whether there is one is decided where
# tilec_add_kernel is called (examples/ is added after tools/). Every call is
# recorded either way in the global property TILEC_KERNEL_SPECS, as
# "name|source|kernel|signature|num_warps|defines", for tools that need the
# list (the fake-driver tests write stand-in manifests from it).

set(TILEC_KERNELS_DIR "${CMAKE_BINARY_DIR}/kernels" CACHE INTERNAL
    "where tilec_add_kernel writes PTX and manifests")

# Always defined, so `ninja tilec-kernels` works in builds without the
# compiler too, and says why it does nothing there.
if(NOT TILEC_COMPILER)
  set(TILEC_COMPILER tilec)
endif()

# Sets <out> to whether TILEC_COMPILER names a target or an existing file;
# with WARN, says once why nothing is compiled when it does not.
function(_tilec_have_compiler out)
  if(TARGET "${TILEC_COMPILER}" OR
     (IS_ABSOLUTE "${TILEC_COMPILER}" AND EXISTS "${TILEC_COMPILER}"))
    set(${out} TRUE PARENT_SCOPE)
    return()
  endif()
  set(${out} FALSE PARENT_SCOPE)
  if(NOT ARGV1 STREQUAL "WARN")
    return()
  endif()
  get_property(warned GLOBAL PROPERTY TILEC_WARNED_NO_COMPILER)
  if(NOT warned)
    set_property(GLOBAL PROPERTY TILEC_WARNED_NO_COMPILER TRUE)
    message(WARNING "tilec_add_kernel: no tilec to compile kernels with "
            "(TILEC_COMPILER is '${TILEC_COMPILER}', neither a target nor an "
            "existing file): no kernels are built. Set TILEC_COMPILER to the "
            "path of a tilec executable, or use a package that has one.")
  endif()
endfunction()

if(NOT TARGET tilec-kernels)
  _tilec_have_compiler(have_compiler)
  if(have_compiler)
    add_custom_target(tilec-kernels)
  else()
    add_custom_target(tilec-kernels
      COMMAND ${CMAKE_COMMAND} -E echo
              "tilec-kernels: no kernels built: no tilec (TILEC_COMPILER)"
      VERBATIM)
  endif()
endif()

function(tilec_add_kernel)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "LAUNCHER;CUBIN"
                        "NAME;SOURCE;KERNEL;SIGNATURE;NUM_WARPS;NUM_STAGES;LAUNCHER_NAME"
                        "DEFINES;LAUNCHER_VARIANTS")
  foreach(required NAME SOURCE KERNEL SIGNATURE)
    if(NOT ARG_${required})
      message(FATAL_ERROR "tilec_add_kernel: ${required} is required")
    endif()
  endforeach()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
            "tilec_add_kernel(${ARG_NAME}): unknown arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_NUM_WARPS)
    set(ARG_NUM_WARPS 4)
  endif()
  if(ARG_LAUNCHER_NAME AND NOT ARG_LAUNCHER)
    message(FATAL_ERROR "tilec_add_kernel(${ARG_NAME}): LAUNCHER_NAME needs LAUNCHER")
  endif()
  if(ARG_LAUNCHER_VARIANTS AND NOT ARG_LAUNCHER)
    message(FATAL_ERROR "tilec_add_kernel(${ARG_NAME}): LAUNCHER_VARIANTS needs LAUNCHER")
  endif()
  if(NOT ARG_NAME MATCHES "^[A-Za-z0-9_.-]+$")
    message(FATAL_ERROR "tilec_add_kernel: NAME '${ARG_NAME}' must be a plain file name")
  endif()
  get_property(names GLOBAL PROPERTY TILEC_KERNEL_NAMES)
  if(ARG_NAME IN_LIST names)
    message(FATAL_ERROR "tilec_add_kernel: NAME '${ARG_NAME}' is used twice")
  endif()
  get_filename_component(source "${ARG_SOURCE}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${source}")
    message(FATAL_ERROR "tilec_add_kernel(${ARG_NAME}): no such file ${source}")
  endif()

  set_property(GLOBAL APPEND PROPERTY TILEC_KERNEL_NAMES "${ARG_NAME}")
  string(REPLACE ";" "," defines_text "${ARG_DEFINES}")
  set_property(GLOBAL APPEND PROPERTY TILEC_KERNEL_SPECS
    "${ARG_NAME}|${source}|${ARG_KERNEL}|${ARG_SIGNATURE}|${ARG_NUM_WARPS}|${defines_text}")

  _tilec_have_compiler(have_compiler WARN)
  if(NOT have_compiler)
    return()
  endif()

  set(ptx "${TILEC_KERNELS_DIR}/${ARG_NAME}.ptx")
  set(manifest "${TILEC_KERNELS_DIR}/${ARG_NAME}.json")
  set(define_flags)
  foreach(define IN LISTS ARG_DEFINES)
    list(APPEND define_flags -D "${define}")
  endforeach()
  if(ARG_NUM_STAGES)
    list(APPEND define_flags --num-stages "${ARG_NUM_STAGES}")
  endif()
  # The -o file first: Ninja wants a depfile to name the first output.
  set(outputs "${ptx}" "${manifest}")
  set(emit --emit ptx -o "${ptx}")
  if(ARG_CUBIN)
    set(cubin "${TILEC_KERNELS_DIR}/${ARG_NAME}.cubin")
    list(PREPEND outputs "${cubin}")
    set(emit --emit cubin -o "${cubin}")
  endif()
  list(GET outputs 0 main_output)
  _tilec_depfile_args("${main_output}" dep_flags dep_keyword)
  add_custom_command(
    OUTPUT ${outputs}
    COMMAND ${CMAKE_COMMAND} -E make_directory "${TILEC_KERNELS_DIR}"
    COMMAND ${TILEC_COMPILER} "${source}" --kernel "${ARG_KERNEL}"
            --signature "${ARG_SIGNATURE}" --num-warps "${ARG_NUM_WARPS}"
            ${define_flags} ${emit} ${dep_flags}
    DEPENDS ${TILEC_COMPILER} "${source}"
    ${dep_keyword}
    COMMENT "tilec ${ARG_NAME}: ${ARG_KERNEL} [${ARG_SIGNATURE}] ${ARG_NUM_WARPS} warps"
    VERBATIM)
  add_custom_target(tilec-kernel-${ARG_NAME} DEPENDS ${outputs})
  add_dependencies(tilec-kernels tilec-kernel-${ARG_NAME})

  if(NOT ARG_LAUNCHER)
    return()
  endif()
  set(flags)
  foreach(variant IN LISTS ARG_LAUNCHER_VARIANTS)
    list(APPEND flags --signature "${variant}")
  endforeach()
  _tilec_add_launcher("${ARG_NAME}" "${source}" "${ARG_LAUNCHER_NAME}"
    --kernel "${ARG_KERNEL}" --signature "${ARG_SIGNATURE}"
    --num-warps "${ARG_NUM_WARPS}" ${define_flags} ${flags})
endfunction()

# Sets `out` to the arguments that make the custom command writing `output`
# rerun when a Python file the kernel's source imports changes: tilec's
# --depfile and CMake's DEPFILE, where the generator reads depfiles
# (Ninja, Makefiles); elsewhere nothing, and only the source is tracked.
function(_tilec_depfile_args output out_flags out_depfile)
  set(${out_flags} "" PARENT_SCOPE)
  set(${out_depfile} "" PARENT_SCOPE)
  if(CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    set(${out_flags} --depfile "${output}.d" PARENT_SCOPE)
    set(${out_depfile} DEPFILE "${output}.d" PARENT_SCOPE)
  endif()
endfunction()

# The library tilec_launcher_<name>: `tilec <source> <flags...> --emit cpp`
# writes <build>/kernels/launchers/tilec/kernels/<name>.h and .cpp (the
# function named <fn> when given), built against tilec::runtime.
function(_tilec_add_launcher name source fn)
  set(launcher_dir "${TILEC_KERNELS_DIR}/launchers")
  set(header "${launcher_dir}/tilec/kernels/${name}.h")
  set(launcher_source "${launcher_dir}/tilec/kernels/${name}.cpp")
  set(name_flags)
  if(fn)
    set(name_flags --launcher-name "${fn}")
  endif()
  _tilec_depfile_args("${header}" dep_flags dep_keyword)
  add_custom_command(
    OUTPUT "${header}" "${launcher_source}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${launcher_dir}/tilec/kernels"
    COMMAND ${TILEC_COMPILER} "${source}" ${ARGN} --emit cpp ${name_flags}
            -o "${header}" ${dep_flags}
    DEPENDS ${TILEC_COMPILER} "${source}"
    ${dep_keyword}
    COMMENT "tilec ${name}: C++ launcher"
    VERBATIM)
  add_library(tilec_launcher_${name} STATIC "${launcher_source}" "${header}")
  target_include_directories(tilec_launcher_${name} PUBLIC "${launcher_dir}")
  target_link_libraries(tilec_launcher_${name} PUBLIC tilec::runtime)
  target_compile_features(tilec_launcher_${name} PUBLIC cxx_std_17)
endfunction()

# tilec_add_autotuned_kernel: every config of a kernel's @triton.autotune.
#
#   tilec_add_autotuned_kernel(NAME <index-basename> SOURCE <file.py>
#                              KERNEL <function> SIGNATURE <sig>
#                              [LAUNCHER [LAUNCHER_NAME <fn>]])
#
# runs `tilec <file.py> --kernel <function> --signature '<sig>' --autotune
# -o <build>/kernels/<index-basename>.json`, which writes the index and, per
# config N, <index-basename>_c<N>.ptx and .json. SIGNATURE lists the
# parameters the configs leave unbound. The index names are recorded in the
# global property TILEC_AUTOTUNED_NAMES (tools/gpu/bundle.sh copies them
# with their configs).
#
# LAUNCHER also generates one typed C++ launcher of every config (`tilec
# --autotune --emit cpp`): the library tilec_launcher_<index-basename> and
# the header tilec/kernels/<index-basename>.h, whose function (named after
# the kernel, or LAUNCHER_NAME) takes a grid function and the kernel's typed
# arguments, tunes per key on first use and launches the pick.
function(tilec_add_autotuned_kernel)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "LAUNCHER"
                        "NAME;SOURCE;KERNEL;SIGNATURE;LAUNCHER_NAME" "")
  foreach(required NAME SOURCE KERNEL SIGNATURE)
    if(NOT ARG_${required})
      message(FATAL_ERROR "tilec_add_autotuned_kernel: ${required} is required")
    endif()
  endforeach()
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tilec_add_autotuned_kernel(${ARG_NAME}): unknown "
                        "arguments ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(ARG_LAUNCHER_NAME AND NOT ARG_LAUNCHER)
    message(FATAL_ERROR "tilec_add_autotuned_kernel(${ARG_NAME}): LAUNCHER_NAME needs LAUNCHER")
  endif()
  get_filename_component(source "${ARG_SOURCE}" ABSOLUTE
                         BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
  if(NOT EXISTS "${source}")
    message(FATAL_ERROR "tilec_add_autotuned_kernel(${ARG_NAME}): no such file ${source}")
  endif()
  set_property(GLOBAL APPEND PROPERTY TILEC_AUTOTUNED_NAMES "${ARG_NAME}")
  _tilec_have_compiler(have_compiler WARN)
  if(NOT have_compiler)
    return()
  endif()
  set(index "${TILEC_KERNELS_DIR}/${ARG_NAME}.json")
  _tilec_depfile_args("${index}" dep_flags dep_keyword)
  add_custom_command(
    OUTPUT "${index}"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${TILEC_KERNELS_DIR}"
    COMMAND ${TILEC_COMPILER} "${source}" --kernel "${ARG_KERNEL}"
            --signature "${ARG_SIGNATURE}" --autotune -o "${index}"
            ${dep_flags}
    DEPENDS ${TILEC_COMPILER} "${source}"
    ${dep_keyword}
    COMMENT "tilec --autotune ${ARG_NAME}: ${ARG_KERNEL} [${ARG_SIGNATURE}]"
    VERBATIM)
  add_custom_target(tilec-kernel-${ARG_NAME} DEPENDS "${index}")
  add_dependencies(tilec-kernels tilec-kernel-${ARG_NAME})

  if(NOT ARG_LAUNCHER)
    return()
  endif()
  _tilec_add_launcher("${ARG_NAME}" "${source}" "${ARG_LAUNCHER_NAME}"
    --kernel "${ARG_KERNEL}" --signature "${ARG_SIGNATURE}" --autotune)
endfunction()
