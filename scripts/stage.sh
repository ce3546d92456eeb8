# Sourced by the test scripts: `stage NAME COMMAND…` runs one stage and prints its duration and
# the CPU time its processes used (how many cores it kept busy tells where running stages side by
# side would pay); `stages_together NAME1 'CMD1' NAME2 'CMD2'` runs two single-threaded stages side
# by side on the two cores, each printing its output once done, and fails if either fails.

TICKS_PER_SECOND=$(getconf CLK_TCK)
# The kernel's CPU accounting of a group of processes, where this user may make one (root on the
# CI's machine): it counts every process the stage starts, including those whose parent did not
# wait for them (a browser's helpers, a server killed by its test runner). Elsewhere the CPU time
# is that of the processes this shell has waited for, which leaves those out.
CPUACCT_ROOT=/sys/fs/cgroup/cpuacct

# A new accounting group for a stage, or nothing where none can be made.
new_cpu_group() {
  local group="${CPUACCT_ROOT}/vroum-stage-$$-${SECONDS}-${RANDOM}"
  if [ -w "${CPUACCT_ROOT}" ] && mkdir "${group}" 2>/dev/null; then echo "${group}"; fi
}

# CPU time, in ticks, of the processes this shell has waited for (and theirs, once reaped).
children_cpu_ticks() {
  awk '{ print $16 + $17 }' "/proc/$$/stat"
}

# "<seconds> s (CPU <seconds> s, <cores> cores busy)" for a stage started at $1 s with $2 ticks,
# its processes accounted in group $3 when there is one.
stage_time() {
  local elapsed=$((SECONDS - $1)) cpu
  if [ -n "${3:-}" ]; then
    cpu=$(awk '{ printf "%.1f", $1 / 1e9 }' "$3/cpuacct.usage")
    rmdir "$3" 2>/dev/null || true
  else
    cpu=$(awk -v ticks="$(($(children_cpu_ticks) - $2))" -v hz="${TICKS_PER_SECOND}" \
      'BEGIN { printf "%.1f", ticks / hz }')
  fi
  awk -v cpu="${cpu}" -v elapsed="${elapsed}" 'BEGIN {
    printf "%d s (CPU %.0f s, %.1f cores busy)\n", elapsed, cpu, (elapsed > 0 ? cpu / elapsed : 0)
  }'
}

# Runs a command inside accounting group $1 (if any): the processes it starts stay in it.
in_cpu_group() {
  local group=$1
  shift
  if [ -n "${group}" ]; then
    bash -c 'echo $$ > "$0/tasks" && exec "$@"' "${group}" "$@"
  else
    "$@"
  fi
}

stage() {
  local name=$1 start=$SECONDS ticks group
  ticks=$(children_cpu_ticks)
  group=$(new_cpu_group)
  shift
  echo "==> ${name}"
  in_cpu_group "${group}" "$@"
  echo "    ${name}: $(stage_time "${start}" "${ticks}" "${group}")"
}

stages_together() {
  local start=$SECONDS ticks group first_log second_log first_status=0 second_status=0
  ticks=$(children_cpu_ticks)
  group=$(new_cpu_group)
  first_log=$(mktemp)
  second_log=$(mktemp)
  echo "==> $1 and $3, side by side"
  in_cpu_group "${group}" bash -c "$2" >"${first_log}" 2>&1 &
  local first=$!
  in_cpu_group "${group}" bash -c "$4" >"${second_log}" 2>&1 &
  local second=$!
  wait "${first}" || first_status=$?
  wait "${second}" || second_status=$?
  echo "--- $1"
  cat "${first_log}"
  echo "--- $3"
  cat "${second_log}"
  rm -f "${first_log}" "${second_log}"
  echo "    $1 and $3: $(stage_time "${start}" "${ticks}" "${group}")"
  [ "${first_status}" = 0 ] && [ "${second_status}" = 0 ]
}
