# tilec_write_fake_kernels(<dir>): for every kernel registered with
# tilec_add_kernel, writes at configure time the manifest tilec is expected
# to produce (<dir>/<name>.json, same format and parameter order) and a
# stand-in <dir>/<name>.ptx for the fake CUDA driver
# (test/unit/runtime_fakecuda), which runs the lecture's kernels on the CPU.
# This lets the host programs, the GPU tests and the device bundle run end
# to end on machines without a GPU or a compiler. Parameter names come from
# the kernel's `def`; the signature gives kinds, types, divisibility and
# constexpr values.

function(_tilec_fake_kernel spec dir)
  string(REPLACE "|" ";" fields "${spec}")
  list(GET fields 0 name)
  list(GET fields 1 source)
  list(GET fields 2 kernel)
  list(GET fields 3 signature)
  list(GET fields 4 warps)

  # The parameter list may span lines (the lecture's matmul does).
  file(READ "${source}" text)
  if(NOT text MATCHES "\ndef ${kernel}\\(([^)]*)\\)")
    message(FATAL_ERROR "fake kernels: no 'def ${kernel}(...)' in ${source}")
  endif()
  string(REGEX REPLACE "[ \t\r\n]+" " " params_text "${CMAKE_MATCH_1}")
  string(REGEX REPLACE ", *$" "" params_text "${params_text}")
  string(REPLACE "," ";" param_texts "${params_text}")
  # A tensordesc<fp16[64,32]> entry keeps its block shape's commas (as x).
  set(previous "")
  while(NOT previous STREQUAL signature)
    set(previous "${signature}")
    string(REGEX REPLACE "(\\[[0-9 x]*)," "\\1x" signature "${signature}")
  endwhile()
  string(REPLACE "," ";" entries "${signature}")
  list(LENGTH param_texts param_count)
  list(LENGTH entries entry_count)
  if(NOT param_count EQUAL entry_count)
    message(FATAL_ERROR "fake kernels: ${name}: ${entry_count} signature "
                        "entries for ${param_count} parameters")
  endif()

  set(params_json "")
  set(constexprs_json "")
  set(ptx_params "")
  set(directives "")
  set(maps_json "")
  set(map_params "")
  set(index 0)
  math(EXPR last "${param_count} - 1")
  foreach(i RANGE ${last})
    list(GET param_texts ${i} param_text)
    list(GET entries ${i} entry)
    string(REGEX REPLACE ":.*" "" param_name "${param_text}")
    string(STRIP "${param_name}" param_name)
    string(STRIP "${entry}" entry)
    if(entry MATCHES "^[0-9]+$")
      list(APPEND constexprs_json "{\"name\": \"${param_name}\", \"value\": ${entry}}")
      string(APPEND directives "// tilec-fake: ${param_name}=${entry}\n")
      continue()
    endif()
    # A bool constexpr: recorded as a bool, not emulated.
    if(entry MATCHES "^(True|False)$")
      string(TOLOWER "${entry}" json_bool)
      list(APPEND constexprs_json "{\"name\": \"${param_name}\", \"value\": ${json_bool}}")
      continue()
    endif()
    # A string constexpr ('name' or "name"): recorded, not emulated.
    if(entry MATCHES "^['\"]([A-Za-z0-9_.-]*)['\"]$")
      list(APPEND constexprs_json "{\"name\": \"${param_name}\", \"value\": \"${CMAKE_MATCH_1}\"}")
      continue()
    endif()
    # A tensor descriptor: its base, shapes and strides, and a tensor map
    # after every other parameter (with an empty box, which the runtime
    # passes as zeros: the fake does not run these kernels).
    if(entry MATCHES "^tensordesc<([a-z0-9]+)\\[([0-9 x]+)\\]>$")
      set(type "${CMAKE_MATCH_1}")
      string(REPLACE "x" ";" dims "${CMAKE_MATCH_2}")
      list(LENGTH dims rank)
      set(leaves "${index}")
      list(APPEND params_json
        "    {\"name\": \"${param_name}.base\", \"kind\": \"pointer\", \"type\": \"${type}\", \"divisibility\": 16}")
      list(APPEND ptx_params "\t.param .u64 .ptr .global .align 16 ${kernel}_param_${index}")
      math(EXPR index "${index} + 1")
      math(EXPR last_dim "${rank} - 1")
      foreach(d RANGE ${last_dim})
        list(APPEND params_json
          "    {\"name\": \"${param_name}.shape${d}\", \"kind\": \"scalar\", \"type\": \"i32\", \"divisibility\": 1}")
        list(APPEND ptx_params "\t.param .u32 ${kernel}_param_${index}")
        string(APPEND leaves ", ${index}")
        math(EXPR index "${index} + 1")
      endforeach()
      foreach(d RANGE ${last_dim})
        set(stride_extra "")
        if(d EQUAL last_dim)
          set(stride_extra ", \"equal_to\": 1")
        endif()
        list(APPEND params_json
          "    {\"name\": \"${param_name}.stride${d}\", \"kind\": \"scalar\", \"type\": \"i64\", \"divisibility\": 1${stride_extra}}")
        list(APPEND ptx_params "\t.param .u64 ${kernel}_param_${index}")
        if(NOT d EQUAL last_dim)
          string(APPEND leaves ", ${index}")
        endif()
        math(EXPR index "${index} + 1")
      endforeach()
      list(APPEND maps_json
        "{\"name\": \"${param_name}\", \"type\": \"${type}\", \"leaves\": [${leaves}], \"box\": [], \"swizzle\": 0}")
      list(APPEND map_params "${param_name}")
      continue()
    endif()
    if(NOT entry MATCHES "^(\\*?)([a-z0-9]+)(:([0-9]+))?$")
      message(FATAL_ERROR "fake kernels: ${name}: bad signature entry '${entry}'")
    endif()
    set(type "${CMAKE_MATCH_2}")
    set(divisibility 1)
    if(CMAKE_MATCH_4)
      set(divisibility "${CMAKE_MATCH_4}")
    endif()
    if(CMAKE_MATCH_1)
      set(kind pointer)
      set(ptx_type ".u64 .ptr .global .align 1")
    else()
      set(kind scalar)
      if(type MATCHES "64$")
        set(ptx_type ".u64")
      elseif(type MATCHES "16$")
        set(ptx_type ".b16")
      elseif(type MATCHES "^i(1|8)$")
        set(ptx_type ".u8")
      else()
        set(ptx_type ".u32")
      endif()
    endif()
    list(APPEND params_json
      "    {\"name\": \"${param_name}\", \"kind\": \"${kind}\", \"type\": \"${type}\", \"divisibility\": ${divisibility}}")
    list(APPEND ptx_params "\t.param ${ptx_type} ${kernel}_param_${index}")
    math(EXPR index "${index} + 1")
  endforeach()

  foreach(map IN LISTS map_params)
    list(APPEND ptx_params "\t.param .align 64 .b8 ${kernel}_param_${index}[128]")
    math(EXPR index "${index} + 1")
  endforeach()
  list(JOIN params_json ",\n" params_json)
  list(JOIN maps_json ", " maps_json)
  list(JOIN constexprs_json ", " constexprs_json)
  list(JOIN ptx_params ",\n" ptx_params)
  math(EXPR threads "${warps} * 32")
  file(CONFIGURE OUTPUT "${dir}/${name}.json" CONTENT "{
  \"name\": \"${kernel}\",
  \"ptx\": \"${name}.ptx\",
  \"arch\": \"sm_90a\",
  \"num_warps\": ${warps},
  \"threads_per_block\": ${threads},
  \"shared_bytes\": 0,
  \"params\": [
${params_json}
  ],
  \"tensor_maps\": [${maps_json}],
  \"constexprs\": [${constexprs_json}]
}
" @ONLY)
  file(CONFIGURE OUTPUT "${dir}/${name}.ptx" CONTENT "//
// Stand-in PTX for the fake CUDA driver (test/unit/runtime_fakecuda), which
// runs ${kernel} on the CPU. Not compiled code.
//
${directives}.version 8.7
.target sm_90a
.address_size 64

.visible .entry ${kernel}(
${ptx_params}
)
{
\tret;
}
" @ONLY)
endfunction()

function(tilec_write_fake_kernels dir)
  get_property(specs GLOBAL PROPERTY TILEC_KERNEL_SPECS)
  foreach(spec IN LISTS specs)
    _tilec_fake_kernel("${spec}" "${dir}")
  endforeach()
endfunction()
