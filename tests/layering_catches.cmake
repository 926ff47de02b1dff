# layering_catches.cmake: the layering check's own test. On a made-up tree
# that keeps the layers it passes; each wrong-way arrow added to it alone
# (the ui or the command line reaching the store, the core reaching the
# session, the command line reaching the ui's private header, curses or
# SQLite outside their layer) makes it fail, naming the file.
#
# -DCHECK=tests/layering.cmake -DWORK_DIR=<scratch folder>
cmake_minimum_required(VERSION 3.25)

function(write_tree root)
  file(REMOVE_RECURSE "${root}")
  file(WRITE "${root}/include/chesscubing/match.h" "#include \"chesscubing/common.h\"\n")
  file(WRITE "${root}/include/chesscubing/common.h" "#include <stdint.h>\n")
  file(WRITE "${root}/include/chesscubing/session.h" "#include \"chesscubing/match.h\"\n")
  file(WRITE "${root}/include/chesscubing/ui.h" "#include \"chesscubing/session.h\"\n")
  file(WRITE "${root}/include/chesscubing/support_dynlib.h" "#include \"chesscubing/common.h\"\n")
  file(WRITE "${root}/src/support/dynlib.c" "#include \"chesscubing/support_dynlib.h\"\n")
  file(WRITE "${root}/src/core/match/match.c" "#include \"chesscubing/match.h\"\n#include \"match_internal.h\"\n")
  file(WRITE "${root}/src/core/match/match_internal.h" "#include \"chesscubing/common.h\"\n")
  file(WRITE "${root}/src/store/store.h" "#include \"chesscubing/match.h\"\n")
  file(WRITE "${root}/src/store/store.c" "#include \"store.h\"\n#include <sqlite3.h>\n")
  file(WRITE "${root}/src/session/session.c" "#include \"chesscubing/session.h\"\n#include \"store.h\"\n")
  file(WRITE "${root}/src/ui/ui_internal.h" "#include \"chesscubing/ui.h\"\n")
  file(WRITE "${root}/src/ui/console.c" "#include \"ui_internal.h\"\n#include <curses.h>\n")
  file(WRITE "${root}/src/cli/main.c" "#include \"chesscubing/ui.h\"\n#include \"chesscubing/session.h\"\n")
endfunction()

function(run_check root expect_fail needle label)
  execute_process(COMMAND ${CMAKE_COMMAND} -DSRC_DIR=${root}/src -DINCLUDE_DIR=${root}/include -P ${CHECK}
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(expect_fail AND rc EQUAL 0)
    message(FATAL_ERROR "layering check passed a tree where ${label}")
  elseif(NOT expect_fail AND NOT rc EQUAL 0)
    message(FATAL_ERROR "layering check failed a tree that keeps the layers:\n${out}")
  elseif(expect_fail AND NOT out MATCHES "${needle}")
    message(FATAL_ERROR "layering check failed (${label}) without naming ${needle}:\n${out}")
  endif()
endfunction()

# A tree of its own: rules_selfcheck runs this test too (in list mode),
# maybe at the same time as ctest does, and two runs in one folder would
# remove each other's files.
string(RANDOM LENGTH 12 run)
set(root "${WORK_DIR}/tree-${run}")
write_tree("${root}")
run_check("${root}" FALSE "" "")

# name|file to add to|line it includes|what the arrow is
set(cases
  "ui_store|src/ui/bad_ui.c|#include \"../store/store.h\"|the ui includes the store's header"
  "ui_store_name|src/ui/bad_ui2.c|#include \"store.h\"|the ui names the store's header"
  "cli_store|src/cli/bad_cli.c|#include \"../store/store.h\"|the command line includes the store's header"
  "core_session|src/core/match/bad_core.c|#include \"chesscubing/session.h\"|the core includes the session's header"
  "core_ui|include/chesscubing/badcore.h|#include \"chesscubing/ui.h\"|a core header includes the ui's"
  "core_support|src/core/match/bad_core2.c|#include \"chesscubing/support_dynlib.h\"|the core includes the support layer's header"
  "support_session|src/support/bad_support.c|#include \"chesscubing/session.h\"|the support layer includes the session's header"
  "cli_ui_private|src/cli/bad_cli2.c|#include \"../ui/ui_internal.h\"|the command line includes the ui's private header"
  "session_ui|src/session/bad_session.c|#include \"chesscubing/ui.h\"|the session includes the ui's header"
  "store_session|src/store/bad_store.c|#include \"chesscubing/session.h\"|the store includes the session's header"
  "curses|src/session/bad_curses.c|#include <curses.h>|curses outside the ui"
  "sqlite|src/ui/bad_sqlite.c|#include <sqlite3.h>|SQLite outside the store")
foreach(c IN LISTS cases)
  string(REPLACE "|" ";" parts "${c}")
  list(GET parts 1 file)
  list(GET parts 2 line)
  list(GET parts 3 label)
  write_tree("${root}")
  file(WRITE "${root}/${file}" "${line}\n")
  get_filename_component(needle "${file}" NAME)
  run_check("${root}" TRUE "${needle}" "${label}")
endforeach()
file(REMOVE_RECURSE "${root}")
list(LENGTH cases n)
message(STATUS "layering check: ${n} wrong-way arrows caught, the good tree passed")
