# rules_selfcheck.cmake: fails when a clause ID in rules/ is named by no test,
# or when a test names a clause ID that rules/ does not define.
#
# A clause is defined in rules/*.md as a bold ID at the start of a line or
# of a list item ("**TW-3.2** ...", "**RU-4 Title.** ...", "- **CH-1.1 Title.** ..."); a test names it anywhere in a file under tests/.
# IDs look like CO-2.1, TW-6.4, TI-3.3, RU-12 (two capitals, a dash, numbers).
cmake_minimum_required(VERSION 3.25)
set(id_regex "[A-Z][A-Z]-[0-9]+(\\.[0-9]+)*")

file(GLOB rule_files "${RULES_DIR}/*.md")
set(defined "")
foreach(f IN LISTS rule_files)
  file(STRINGS "${f}" lines REGEX "^(- )?\\*\\*${id_regex}[* ]")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "${id_regex}" id "${line}")
    list(APPEND defined "${id}")
  endforeach()
endforeach()
list(REMOVE_DUPLICATES defined)
list(LENGTH defined defined_count)
if(defined_count EQUAL 0)
  message(FATAL_ERROR "no clause found in ${RULES_DIR}")
endif()

file(GLOB_RECURSE test_files "${TESTS_DIR}/*.c" "${TESTS_DIR}/*.h" "${TESTS_DIR}/*.scn" "${TESTS_DIR}/*.sh")
set(named "")
foreach(f IN LISTS test_files)
  file(READ "${f}" text)
  string(REGEX MATCHALL "${id_regex}" ids "${text}")
  list(APPEND named ${ids})
endforeach()
list(REMOVE_DUPLICATES named)

set(failures "")
foreach(id IN LISTS defined)
  if(NOT id IN_LIST named)
    list(APPEND failures "clause ${id} is named by no test")
  endif()
endforeach()
foreach(id IN LISTS named)
  if(NOT id IN_LIST defined)
    list(APPEND failures "tests name ${id}, which rules/ does not define")
  endif()
endforeach()

if(failures)
  list(JOIN failures "\n  " report)
  message(FATAL_ERROR "rules self-check failed:\n  ${report}")
endif()
message(STATUS "rules self-check: ${defined_count} clauses, each named by a test")
