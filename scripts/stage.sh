# Sourced by the test scripts: `stage NAME COMMAND…` runs one stage and prints its duration;
# `stages_together NAME1 'CMD1' NAME2 'CMD2'` runs two single-threaded stages side by side on the
# two cores, each printing its output once done, and fails if either fails.

stage() {
  local name=$1 start=$SECONDS
  shift
  echo "==> ${name}"
  "$@"
  echo "    ${name}: $((SECONDS - start)) s"
}

stages_together() {
  local start=$SECONDS first_log second_log first_status=0 second_status=0
  first_log=$(mktemp)
  second_log=$(mktemp)
  echo "==> $1 and $3, side by side"
  bash -c "$2" >"${first_log}" 2>&1 &
  local first=$!
  bash -c "$4" >"${second_log}" 2>&1 &
  local second=$!
  wait "${first}" || first_status=$?
  wait "${second}" || second_status=$?
  echo "--- $1"
  cat "${first_log}"
  echo "--- $3"
  cat "${second_log}"
  rm -f "${first_log}" "${second_log}"
  echo "    $1 and $3: $((SECONDS - start)) s"
  [ "${first_status}" = 0 ] && [ "${second_status}" = 0 ]
}
