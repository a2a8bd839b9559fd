# Writes OUT (a C header defining KK_GIT_COMMIT) from `git rev-parse --short HEAD` in SRC,
# rewriting it only when the commit changed, so the kark program always reports the
# commit it was built from without rebuilding anything when it did not change.
# Run by the build (cmake -DSRC=... -DOUT=... -P commit.cmake), not by hand.
execute_process(COMMAND git rev-parse --short HEAD WORKING_DIRECTORY "${SRC}"
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(NOT commit)
  set(commit "unknown")
endif()
execute_process(COMMAND git status --porcelain --untracked-files=no WORKING_DIRECTORY "${SRC}"
                OUTPUT_VARIABLE dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
if(dirty)
  string(APPEND commit "+changes")
endif()
set(text "#define KK_GIT_COMMIT \"${commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
else()
  set(old "")
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
