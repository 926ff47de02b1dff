# doc_paths_catches.cmake: the doc check's own test. On a made-up tree
# whose docs are true it passes (a path in a fenced block, a command after
# the path, a place ":12", a placeholder, a folder, another project's path
# written with its repository); each lie added alone (a path that does not
# exist, a folder that is a file, a pattern that matches nothing, a file of
# src/ the architecture page does not name, or names only inside a longer
# name) makes it fail, naming it.
#
#   cmake -DCHECK=tests/doc_paths.cmake -DWORK_DIR=<scratch folder> -P doc_paths_catches.cmake
cmake_minimum_required(VERSION 3.25)
foreach(var CHECK WORK_DIR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "doc_paths_catches.cmake needs -D${var}=...")
  endif()
endforeach()
string(RANDOM LENGTH 12 run)
set(root "${WORK_DIR}/run-${run}")

set(arch "# Architecture\n\n`src/ui/term.c` owns the terminal; `qr.c` the code; ui/loop.c the loop.\n")
set(guide "Run `scripts/dev.sh test`; see `src/ui/term.c:12`, `tests/fuzz/corpus/<harness>/`, `src/ui/`,
`other/project:src/gone.c`.\n\n```\nsrc/not/there.c in a fenced block\n```\n")

# check(<case> <expect fail?> <text the failure must name> <file> <content>...)
function(check case expect_fail needle)
  set(dir "${root}/${case}")
  file(REMOVE_RECURSE "${dir}")
  file(WRITE "${dir}/src/ui/term.c" "")
  file(WRITE "${dir}/src/ui/qr.c" "")
  file(WRITE "${dir}/src/ui/loop.c" "")
  file(WRITE "${dir}/scripts/dev.sh" "")
  file(WRITE "${dir}/tests/fuzz/corpus/web/seed" "")
  file(WRITE "${dir}/docs/architecture.md" "${arch}")
  file(WRITE "${dir}/docs/guide.md" "${guide}")
  set(args ${ARGN})
  while(args)
    list(POP_FRONT args file content)
    file(WRITE "${dir}/${file}" "${content}")
  endwhile()
  execute_process(COMMAND ${CMAKE_COMMAND} -DROOT=${dir} -P ${CHECK}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(expect_fail AND rc EQUAL 0)
    message(FATAL_ERROR "the doc check passed ${case}")
  elseif(NOT expect_fail AND NOT rc EQUAL 0)
    message(FATAL_ERROR "the doc check failed true docs (${case}):\n${out}")
  elseif(expect_fail AND NOT out MATCHES "${needle}")
    message(FATAL_ERROR "the doc check failed ${case} without naming ${needle}:\n${out}")
  endif()
endfunction()

check(true FALSE "")
check(missing_path TRUE "extra.md:1: `src/ui/gone.c` does not exist" docs/extra.md "See `src/ui/gone.c`.\n")
check(file_as_folder TRUE "`src/ui/term.c/` is no folder" docs/extra.md "In `src/ui/term.c/`.\n")
check(empty_pattern TRUE "`tests/\\*.py` matches nothing" docs/extra.md "`tests/*.py`\n")
check(top_level TRUE "extra.md:3: `README.md` does not exist" docs/extra.md "\n\nRead `README.md` first.\n")
check(unnamed TRUE "src/web/feed.c is not named" src/web/feed.c "")
check(inside_longer_name TRUE "src/ui/draw.c is not named" src/ui/draw.c "" docs/architecture.md
      "${arch}`console_draw.c` and draw.cmake\n")
file(REMOVE_RECURSE "${root}")
message(STATUS "doc check: 6 lies caught, the true docs passed")
