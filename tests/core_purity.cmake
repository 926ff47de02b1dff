# core_purity.cmake: the core reads no clock, does no I/O and includes no
# front-end or storage library (docs/architecture.md). A call that slips in
# fails this test before it can make the core untestable to the millisecond.
cmake_minimum_required(VERSION 3.25)
file(GLOB_RECURSE core_files "${CORE_DIR}/*.c" "${INCLUDE_DIR}/*.h")
set(forbidden
  "clock_gettime" "gettimeofday" "[^a-z_]time\\(" "[^a-z_]clock\\(" "getrandom"
  "[^a-z_]printf\\(" "fprintf" "[^a-z_]puts\\(" "fopen" "[^a-z_]open\\(" "[^a-z_]read\\("
  "[^a-z_]write\\(" "getenv" "[^a-z_]rand\\(" "srand"
  "#include <curses.h>" "#include <ncurses" "#include <sqlite3.h>")
set(failures "")
foreach(f IN LISTS core_files)
  file(READ "${f}" text)
  foreach(pattern IN LISTS forbidden)
    if(text MATCHES "${pattern}")
      list(APPEND failures "${f}: matches '${pattern}'")
    endif()
  endforeach()
endforeach()
if(failures)
  list(JOIN failures "\n  " report)
  message(FATAL_ERROR "the core must stay pure:\n  ${report}")
endif()
list(LENGTH core_files n)
message(STATUS "core purity: ${n} files, no clock, no I/O")
