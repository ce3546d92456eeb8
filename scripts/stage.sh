# Sourced by the test scripts: `stage NAME COMMAND…` runs one stage and prints its duration and
# the CPU time its processes used (how many cores it kept busy tells where running stages side by
# side would pay); `stages_together NAME1 'CMD1' NAME2 'CMD2'` runs two single-threaded stages side
# by side on the two cores, each printing its output once done, and fails if either fails.

TICKS_PER_SECOND=$(getconf CLK_TCK)

# CPU time, in ticks, of the processes this shell has waited for (and theirs, once reaped).
children_cpu_ticks() {
  awk '{ print $16 + $17 }' "/proc/$$/stat"
}

# "<seconds> s (CPU <seconds> s, <cores> cores busy)" for a stage started at $1 s with $2 ticks.
stage_time() {
  local elapsed=$((SECONDS - $1)) ticks=$(($(children_cpu_ticks) - $2))
  awk -v ticks="${ticks}" -v hz="${TICKS_PER_SECOND}" -v elapsed="${elapsed}" 'BEGIN {
    cpu = ticks / hz
    printf "%d s (CPU %.0f s, %.1f cores busy)\n", elapsed, cpu, (elapsed > 0 ? cpu / elapsed : 0)
  }'
}

stage() {
  local name=$1 start=$SECONDS ticks
  ticks=$(children_cpu_ticks)
  shift
  echo "==> ${name}"
  "$@"
  echo "    ${name}: $(stage_time "${start}" "${ticks}")"
}

stages_together() {
  local start=$SECONDS ticks first_log second_log first_status=0 second_status=0
  ticks=$(children_cpu_ticks)
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
  echo "    $1 and $3: $(stage_time "${start}" "${ticks}")"
  [ "${first_status}" = 0 ] && [ "${second_status}" = 0 ]
}
