#!/usr/bin/env bash
# The API against a bare pekko-http route serving the same bytes, under the same wrk load, in one
# run: `GET /api/v1/pipelines?limit=50` with 20 runs in the table.
#
#   bench/api-vs-bare.sh                 # wrk -t2 -c32 -d20s on each, after a 30 s warm-up each (the JIT needs it on 2 busy cores)
#   DURATION=10s CONNECTIONS=8 bench/api-vs-bare.sh
#   BUILD=0 SERVER_OPTS="-XX:StartFlightRecording=filename=/tmp/api.jfr" bench/api-vs-bare.sh
#                                        # jars as built, extra JVM options for the server (a profile)
#
# Builds the jars it needs (offline, no install), starts `svc server` with its default settings
# (access log on, log level INFO) on a temporary SVC_HOME with an admin API key, starts 20
# fast_prototype runs and waits until none is running (they stop at their approval gate or queue
# behind those; runs still busy after SETTLE seconds are cancelled), saves the exact bytes of the
# list, serves them from svc.bench.http.BareRoute, then drives both and prints requests per second,
# p99 latency and the ratio; then the platform's overhead on a single fast_prototype run
# (PipelineBench, in its own JVM, after both servers are stopped: OVERHEAD_WARMUP single runs, 30 by
# default, then OVERHEAD_RUNS measured ones, 15 by default, and their median; OVERHEAD_RUNS=0 skips it). Needs
# wrk, curl and jq (apt-get install -y wrk curl jq). Not part of the test suite.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-32}"
DURATION="${DURATION:-20s}"
WARMUP="${WARMUP:-30s}"
RUNS="${RUNS:-20}"
SETTLE="${SETTLE:-240}"
KEY="bench-key-$(date +%s%N)"
JAVA_OPTS=(-Djava.util.concurrent.ForkJoinPool.common.parallelism=4)
read -r -a SERVER_OPTS <<<"${SERVER_OPTS:-}"

for tool in wrk curl jq java; do
  command -v "$tool" >/dev/null || { echo "api-vs-bare: $tool is missing (apt-get install -y $tool)" >&2; exit 2; }
done

work="$(mktemp -d /tmp/svc-api-bench.XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

if [ "${BUILD:-1}" != 0 ]; then
  echo "== building cli and bench (offline, -DskipTests)"
  ./mvnw -q -B -o -pl cli,bench -am package dependency:build-classpath -DskipTests \
    -Dmdep.outputFile="$root/bench/target/cp.txt" >"$work/build.log" 2>&1 || {
    tail -40 "$work/build.log" >&2
    exit 1
  }
fi

# Waits until FILE holds a "listening on http://HOST:PORT" line and prints http://HOST:PORT.
await_address() {
  local file="$1" deadline=$((SECONDS + 120))
  while ((SECONDS < deadline)); do
    local url
    url="$(grep -o 'listening on http://[0-9.]*:[0-9]*' "$file" 2>/dev/null | head -1 | sed 's/listening on //')" || true
    if [ -n "$url" ]; then echo "$url"; return 0; fi
    sleep 0.5
  done
  echo "api-vs-bare: no 'listening on' line in $file after 120 s" >&2
  return 1
}

echo "== starting svc server (SVC_HOME=$work/home, default settings, access log to $work/server.err)"
SVC_HOME="$work/home" SVC_API_KEYS="$KEY" \
  java "${JAVA_OPTS[@]}" "${SERVER_OPTS[@]}" -jar cli/target/svc.jar server --host 127.0.0.1 --port 0 \
  >"$work/server.out" 2>"$work/server.err" &
pids+=($!)
api="$(await_address "$work/server.out")"
echo "   $api"

list() { curl -sf -H "X-API-Key: $KEY" "$api/api/v1/pipelines?limit=50"; }

echo "== starting $RUNS fast_prototype runs"
dataset="$root/data/german_credit/german_credit.csv"
for i in $(seq 1 "$RUNS"); do
  jq -n --arg d "$dataset" --arg i "$i" \
    '{problem: ("Predict credit risk, bench run " + $i), dataset_path: $d, template: "fast_prototype"}' |
    curl -sf -o /dev/null -X POST -H "X-API-Key: $KEY" -H 'Content-Type: application/json' \
      --data-binary @- "$api/api/v1/pipelines"
done

echo "== waiting until no run is running (up to ${SETTLE} s)"
deadline=$((SECONDS + SETTLE))
while :; do
  page="$(list)"
  total="$(jq '.total' <<<"$page")"
  busy="$(jq '[.items[] | select(.state == "running")] | length' <<<"$page")"
  if [ "$total" -ge "$RUNS" ] && [ "$busy" -eq 0 ]; then break; fi
  if ((SECONDS >= deadline)); then
    echo "   still $busy running after ${SETTLE} s: cancelling every run that is not over"
    for id in $(jq -r '.items[] | select(.state | IN("queued","running","waiting_approval","paused")) | .run_id' <<<"$page"); do
      curl -s -o /dev/null -X DELETE -H "X-API-Key: $KEY" "$api/api/v1/pipelines/$id"
    done
    deadline=$((SECONDS + 60))
  fi
  sleep 2
done
sleep 3  # the read side trails the journal a little; let the last projections land
list >"$work/body.json"
echo "   $(jq -r '[.items[].state] | group_by(.) | map("\(length) \(.[0])") | join(", ")' "$work/body.json"); $(wc -c <"$work/body.json") bytes"

echo "== starting the bare route with the same bytes"
java "${JAVA_OPTS[@]}" -cp "bench/target/classes:cli/target/lib/*" svc.bench.http.BareRoute "$work/body.json" 0 \
  >"$work/bare.out" 2>"$work/bare.err" &
pids+=($!)
bare="$(await_address "$work/bare.out")"
echo "   $bare"
curl -sf "$bare/api/v1/pipelines?limit=50" | cmp -s - "$work/body.json" || {
  echo "api-vs-bare: the bare route does not serve the same bytes" >&2
  exit 1
}

# CPU time (user + system, in clock ticks) the process has used so far.
cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Runs wrk and prints "<req/s> <p99 in ms> <non-2xx count> <requests>".
drive() {
  local url="$1" duration="$2" header="${3:-}"
  local out
  if [ -n "$header" ]; then
    out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$duration" --latency -H "$header" "$url")"
  else
    out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$duration" --latency "$url")"
  fi
  echo "$out" >>"$work/wrk.log"
  local rps p99 bad
  rps="$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")"
  p99="$(awk '$1 == "99%" {v = $2; if (v ~ /us$/) {sub(/us$/, "", v); v /= 1000} else if (v ~ /ms$/) {sub(/ms$/, "", v)} else if (v ~ /s$/) {sub(/s$/, "", v); v *= 1000}; print v}' <<<"$out")"
  bad="$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$out")"
  echo "$rps $p99 ${bad:-0} $(awk '/requests in/ {print $1}' <<<"$out")"
}

# Server CPU microseconds per request between two tick counts.
per_request() { awk -v a="$1" -v b="$2" -v n="$3" -v t="$(getconf CLK_TCK)" 'BEGIN {printf "%.0f", (b - a) / t * 1e6 / n}'; }

path="/api/v1/pipelines?limit=50"
echo "== warm-up ($WARMUP each)"
drive "$api$path" "$WARMUP" "X-API-Key: $KEY" >/dev/null
drive "$bare$path" "$WARMUP" >/dev/null

echo "== wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency, API then bare route"
api_pid="${pids[0]}"
bare_pid="${pids[1]}"
t0="$(cpu_ticks "$api_pid")"
read -r api_rps api_p99 api_bad api_n < <(drive "$api$path" "$DURATION" "X-API-Key: $KEY")
t1="$(cpu_ticks "$api_pid")"
b0="$(cpu_ticks "$bare_pid")"
read -r bare_rps bare_p99 bare_bad bare_n < <(drive "$bare$path" "$DURATION")
b1="$(cpu_ticks "$bare_pid")"
if [ "$api_bad" != "0" ] || [ "$bare_bad" != "0" ]; then
  echo "api-vs-bare: non-2xx answers (API $api_bad, bare $bare_bad); see the wrk output:" >&2
  cat "$work/wrk.log" >&2
  exit 1
fi

# Server CPU per request tells the two apart even when other work shares the cores (wrk's own
# CPU is not in it); load average at the end says how busy the machine was.
printf '\n%-38s %12s %10s %16s\n' "GET $path" "req/s" "p99 ms" "server CPU us/req"
printf '%-38s %12.0f %10.2f %16s\n' "svc server (default settings)" "$api_rps" "$api_p99" \
  "$(per_request "$t0" "$t1" "$api_n")"
printf '%-38s %12.0f %10.2f %16s\n' "bare pekko-http route, same bytes" "$bare_rps" "$bare_p99" \
  "$(per_request "$b0" "$b1" "$bare_n")"
printf '%-38s %11.1f%%\n' "API / bare" "$(awk -v a="$api_rps" -v b="$bare_rps" 'BEGIN {print 100 * a / b}')"
echo "(body $(wc -c <"$work/body.json") bytes, $RUNS runs; access-log lines written: $(grep -c '"svc.http.access"' "$work/server.err" || true);" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg))"

if [ "${OVERHEAD_RUNS:-15}" != 0 ]; then
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  pids=()
  overhead_args=(--warmup "${OVERHEAD_WARMUP:-30}" --repeat "${OVERHEAD_RUNS:-15}" 1)
  echo
  echo "== single-run overhead: PipelineBench ${overhead_args[*]} (one JVM; warm-up runs not counted)"
  OMP_WAIT_POLICY=PASSIVE java "${JAVA_OPTS[@]}" -cp "bench/target/classes:$(cat bench/target/cp.txt)" \
    svc.bench.e2e.PipelineBench "${overhead_args[@]}" 2>"$work/pipeline-bench.err" | grep -v '^#' || {
    tail -20 "$work/pipeline-bench.err" >&2
    exit 1
  }
  echo "(load average $(cut -d' ' -f1-3 /proc/loadavg))"
fi
