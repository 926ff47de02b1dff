# rules_selfcheck_catches.cmake: the rules self-check's own test. It makes
# small projects in WORK_DIR (a rules/ folder with made-up clauses, and a
# CTestTestfile.cmake registering tests, which is all ctest reads), runs
# rules_selfcheck.cmake on each and checks that it passes or fails, naming
# the clause, as it should:
#
#   - passes: RU-98, declared by a test that runs (the control);
#   - RU-97 named only in comments (in the suite's source and in a test
#     file beside the rules): fails, naming RU-97;
#   - RU-99 declared by a test function no TCase runs: fails, naming RU-99;
#   - RU-98 declared by a suite ctest does not register: fails;
#   - a test declares RU-98, which the rules do not define: fails;
#   - a test that fails when asked: fails, naming the test;
#   - a test that is skipped (exit 77) while clauses lack a test: skipped,
#     and failed under CI=true.
#
#   cmake -DSELFCHECK=... -DFAKE_SUITE=... -DCTEST=... -DWORK_DIR=... -P rules_selfcheck_catches.cmake
cmake_minimum_required(VERSION 3.25)
set(failures "")

# expect(<case> <pass|fail|skip> <text the output must hold> <rules> <tests> [CI]):
# rules is the text of rules/made-up.md, tests the body of CTestTestfile.cmake.
function(expect case outcome text rules tests)
  set(dir "${WORK_DIR}/${case}")
  file(REMOVE_RECURSE "${dir}")
  file(MAKE_DIRECTORY "${dir}/rules" "${dir}/tests")
  file(WRITE "${dir}/rules/made-up.md" "${rules}")
  file(WRITE "${dir}/tests/comment.c" "/* RU-97: a comment naming a clause */\n")
  file(WRITE "${dir}/CTestTestfile.cmake" "${tests}")
  set(env "")
  if(ARGN STREQUAL "CI")
    set(env CI=true)
  else()
    set(env --unset=CI)
  endif()
  execute_process(COMMAND "${CMAKE_COMMAND}" -E env ${env} "${CMAKE_COMMAND}" -DRULES_DIR=${dir}/rules
                          -DBUILD_DIR=${dir} -DCTEST=${CTEST} -P "${SELFCHECK}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  set(got fail)
  if(rc EQUAL 0)
    set(got pass)
    if(out MATCHES "rules self-check skipped")
      set(got skip)
    endif()
  endif()
  string(FIND "${out}" "${text}" at)
  if(NOT got STREQUAL outcome OR at EQUAL -1)
    set(failures "${failures}\n${case}: expected ${outcome} with '${text}', got ${got}:\n${out}" PARENT_SCOPE)
  else()
    message(STATUS "${case}: ${got} as expected")
  endif()
endfunction()

set(suite "add_test(fake_suite \"${FAKE_SUITE}\")\n")
set(other "add_test(other \"${CMAKE_COMMAND}\" -E echo \"nothing declared\")\n")
set(broken "add_test(broken \"${CMAKE_COMMAND}\" -E false)\n")
set(skipper "add_test(skipper \"${CMAKE_COMMAND}\" -E env sh -c \"exit 77\")\nset_tests_properties(skipper PROPERTIES SKIP_RETURN_CODE 77)\n")
set(ru97 "**RU-97** Named by comments only.\n")
set(ru98 "**RU-98** Declared by a test that runs.\n")
set(ru99 "**RU-99** Declared by a test no TCase runs.\n")

expect(control pass "1 clauses, each declared by a test that runs" "${ru98}" "${suite}${other}")
expect(comment_only fail "clause RU-97 has no test" "${ru98}${ru97}" "${suite}")
expect(not_in_a_tcase fail "clause RU-99 has no test" "${ru98}${ru99}" "${suite}")
expect(not_registered fail "clause RU-98 has no test" "${ru98}" "${other}")
expect(undefined_clause fail "declares RU-98, which rules/ does not define" "${ru97}" "${suite}")
expect(fails_when_asked fail "test broken failed when asked" "${ru98}" "${suite}${broken}")
expect(skipped_dev skip "clause RU-97 has no test" "${ru98}${ru97}" "${suite}${skipper}")
expect(skipped_ci fail "skipped here, so their clauses are unknown: skipper" "${ru98}${ru97}" "${suite}${skipper}" CI)

if(failures)
  message(FATAL_ERROR "the rules self-check does not catch what it should:${failures}")
endif()
file(REMOVE_RECURSE "${WORK_DIR}")
