#!/usr/bin/env bash
# Single-row predictions through the platform's API (`POST /api/v1/inference/{model}`, the name's
# champion) against the same saved model straight through `svc serve-model` (`POST /predict`),
# under the same wrk load, in one run.
#
#   bench/inference-vs-serve-model.sh            # wrk -t2 -c16 -d20s on each, after a 20 s warm-up each
#   DURATION=10s CONNECTIONS=8 bench/inference-vs-serve-model.sh
#
# Builds the jars it needs (offline, no install), starts `svc server` with its default settings on
# a temporary SVC_HOME with an admin API key, runs one fast_prototype pipeline on German Credit and
# approves its registration (the run's model becomes the champion of the name `german_credit`),
# starts `svc serve-model` on that run's model/, then drives both with the first row of the dataset
# and prints requests per second, p99 latency and server CPU per request. Every API request is
# authenticated (X-API-Key), routed by traffic share, stored for feedback (asynchronously) and fed
# to the drift window; serve-model does none of that. Needs wrk, curl and jq
# (apt-get install -y wrk curl jq). Not part of the test suite.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

THREADS="${THREADS:-2}"
CONNECTIONS="${CONNECTIONS:-16}"
DURATION="${DURATION:-20s}"
WARMUP="${WARMUP:-20s}"
KEY="bench-key-$(date +%s%N)"
JAVA_OPTS=(-Djava.util.concurrent.ForkJoinPool.common.parallelism=4)
export OMP_WAIT_POLICY="${OMP_WAIT_POLICY:-PASSIVE}"

for tool in wrk curl jq java; do
  command -v "$tool" >/dev/null || { echo "inference-bench: $tool is missing (apt-get install -y $tool)" >&2; exit 2; }
done

work="$(mktemp -d /tmp/svc-inference-bench.XXXXXX)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

echo "== building cli (offline, -DskipTests)"
./mvnw -q -B -o -pl cli -am package -DskipTests >"$work/build.log" 2>&1 || {
  tail -40 "$work/build.log" >&2
  exit 1
}

# Waits until FILE holds a "http://HOST:PORT" address after PATTERN and prints it.
await_address() {
  local file="$1" pattern="$2" deadline=$((SECONDS + 120))
  while ((SECONDS < deadline)); do
    local url
    url="$(grep -o "$pattern http://[0-9.]*:[0-9]*" "$file" 2>/dev/null | head -1 | grep -o 'http://.*')" || true
    if [ -n "$url" ]; then echo "$url"; return 0; fi
    sleep 0.5
  done
  echo "inference-bench: no '$pattern' address in $file after 120 s" >&2
  return 1
}

echo "== starting svc server (SVC_HOME=$work/home)"
SVC_HOME="$work/home" SVC_API_KEYS="$KEY" \
  java "${JAVA_OPTS[@]}" -jar cli/target/svc.jar server --host 127.0.0.1 --port 0 \
  >"$work/server.out" 2>"$work/server.err" &
pids+=($!)
api="$(await_address "$work/server.out" 'listening on')"
echo "   $api"
call() { curl -sf -H "X-API-Key: $KEY" -H 'Content-Type: application/json' "$@"; }

echo "== one fast_prototype run on German Credit; approving its registration"
dataset="$root/data/german_credit/german_credit.csv"
run="$(jq -n --arg d "$dataset" \
  '{problem: "Predict whether a loan applicant is a good or a bad credit risk.", dataset_path: $d, template: "fast_prototype"}' |
  call -X POST --data-binary @- "$api/api/v1/pipelines" | jq -r .run_id)"
deadline=$((SECONDS + 300))
while :; do
  record="$(call "$api/api/v1/pipelines/$run")"
  state="$(jq -r .state <<<"$record")"
  gate="$(jq -r '.pending_gates[0].gate_id // empty' <<<"$record")"
  if [ -n "$gate" ]; then
    call -X POST --data '{"decision":"approve","rationale":"bench"}' "$api/api/v1/approvals/$gate" >/dev/null
  fi
  [ "$state" = "succeeded" ] && break
  if [ "$state" = "failed" ] || ((SECONDS >= deadline)); then
    echo "inference-bench: run $run is $state: $(jq -r .failure <<<"$record")" >&2
    exit 1
  fi
  sleep 1
done
champion="$(call "$api/api/v1/deployments/german_credit" | jq -r '.champion | "\(.deployment_id) \(.model)"')"
echo "   run $run succeeded; champion of german_credit: $champion"

echo "== starting svc serve-model on the run's model/"
java "${JAVA_OPTS[@]}" -jar cli/target/svc.jar serve-model --model "$work/home/runs/$run/model" --host 127.0.0.1 --port 0 \
  >"$work/model.out" 2>"$work/model.err" &
pids+=($!)
direct="$(await_address "$work/model.out" 'on')"
echo "   $direct"

# The dataset's first row, numbers as numbers, the target left out.
row="$(head -2 "$dataset" | jq -R -s -c 'split("\n") | map(select(length > 0) | split(",")) |
  . as $l | [range(0; $l[0] | length)] | map({key: $l[0][.], value: ($l[1][.] | tonumber? // .)})
  | from_entries | del(.credit_risk)')"
body="{\"rows\":[$row]}"
cat >"$work/post.lua" <<EOF
wrk.method = "POST"
wrk.body = '$body'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-API-Key"] = "$KEY"
EOF
call -X POST --data "$body" "$api/api/v1/inference/german_credit" | jq -c '{deployment_id, predictions}'
curl -sf -X POST -H 'Content-Type: application/json' --data "$body" "$direct/predict" | jq -c '{predictions}'

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# Runs wrk and prints "<req/s> <p99 in ms> <non-2xx count> <requests>".
drive() {
  local url="$1" duration="$2" out
  out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$duration" --latency -s "$work/post.lua" "$url")"
  echo "$out" >>"$work/wrk.log"
  local rps p99 bad
  rps="$(awk '/^Requests\/sec:/ {print $2}' <<<"$out")"
  p99="$(awk '$1 == "99%" {v = $2; if (v ~ /us$/) {sub(/us$/, "", v); v /= 1000} else if (v ~ /ms$/) {sub(/ms$/, "", v)} else if (v ~ /s$/) {sub(/s$/, "", v); v *= 1000}; print v}' <<<"$out")"
  bad="$(awk '/Non-2xx or 3xx responses:/ {print $NF}' <<<"$out")"
  echo "$rps $p99 ${bad:-0} $(awk '/requests in/ {print $1}' <<<"$out")"
}
per_request() { awk -v a="$1" -v b="$2" -v n="$3" -v t="$(getconf CLK_TCK)" 'BEGIN {printf "%.0f", (b - a) / t * 1e6 / n}'; }

echo "== warm-up ($WARMUP each)"
drive "$api/api/v1/inference/german_credit" "$WARMUP" >/dev/null
drive "$direct/predict" "$WARMUP" >/dev/null

echo "== wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency, API then serve-model"
t0="$(cpu_ticks "${pids[0]}")"
read -r api_rps api_p99 api_bad api_n < <(drive "$api/api/v1/inference/german_credit" "$DURATION")
t1="$(cpu_ticks "${pids[0]}")"
d0="$(cpu_ticks "${pids[1]}")"
read -r direct_rps direct_p99 direct_bad direct_n < <(drive "$direct/predict" "$DURATION")
d1="$(cpu_ticks "${pids[1]}")"
if [ "$api_bad" != "0" ] || [ "$direct_bad" != "0" ]; then
  echo "inference-bench: non-2xx answers (API $api_bad, serve-model $direct_bad); see the wrk output:" >&2
  cat "$work/wrk.log" >&2
  exit 1
fi
stored="$(curl -sf -H "X-API-Key: $KEY" "$api/metrics" | awk '/^svc_inference_requests_total/ {s += $NF} END {print s}')"

printf '\n%-44s %12s %10s %16s\n' "single-row prediction" "req/s" "p99 ms" "server CPU us/req"
printf '%-44s %12.0f %10.2f %16s\n' "POST /api/v1/inference/german_credit" "$api_rps" "$api_p99" \
  "$(per_request "$t0" "$t1" "$api_n")"
printf '%-44s %12.0f %10.2f %16s\n' "svc serve-model POST /predict" "$direct_rps" "$direct_p99" \
  "$(per_request "$d0" "$d1" "$direct_n")"
printf '%-44s %11.1f%%\n' "API / serve-model" "$(awk -v a="$api_rps" -v b="$direct_rps" 'BEGIN {print 100 * a / b}')"
echo "(model $champion; API requests counted by svc_inference_requests_total: $stored;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg))"
