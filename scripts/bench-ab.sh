#!/bin/bash
# A/B throughput of production builds, interleaved (issue 12: fast path on/off, log implementations).
#   scripts/bench-ab.sh NAME:ENV:SCRIPT [NAME:ENV:SCRIPT …]
# Each server is `node --enable-source-maps dist/SCRIPT` with NODE_ENV=production and ENV (space-
# separated assignments), on ports 4320, 4321, …, stdout to /dev/null; signed in; then for each of
# TARGETS (team-br team-none api-br redirect) `wrk -t1 -c32 -d${SEC:-3}s` per server, ROUNDS (3)
# rounds, the servers' order rotated every round. Prints "round target name req/s p99 non2xx".
# Example: scripts/bench-ab.sh "on:LOG_FORMAT=json FAST_PATH=on:server.js" "off:LOG_FORMAT=json FAST_PATH=off:server.js"
# Needs wrk (apt-get install -y wrk) and a build (npx tsx scripts/build.ts).
cd "$(dirname "$0")/.."
SEC=${SEC:-3}; ROUNDS=${ROUNDS:-3}
i=0; declare -a NAMES PORTS PIDS
for spec in "$@"; do
  IFS=: read -r name envs script <<< "$spec"
  port=$((4320+i)); dd=${TMPDIR:-/tmp}/bench-ab-data-$i; rm -rf $dd; mkdir -p $dd
  env PORT=$port NODE_ENV=production SITE_PASSWORD=pw SESSION_SECRET=0123456789abcdef0123456789abcdef0123456789abcdef DATA_DIR=$dd $envs node --enable-source-maps dist/$script > /dev/null 2>${TMPDIR:-/tmp}/bench-ab-err-$i.log &
  PIDS[$i]=$!; NAMES[$i]=$name; PORTS[$i]=$port; i=$((i+1))
done
n=$i
for j in $(seq 0 $((n-1))); do for k in $(seq 1 100); do curl -s -o /dev/null http://127.0.0.1:${PORTS[$j]}/healthz && break; sleep 0.1; done; done
declare -a COOK
for j in $(seq 0 $((n-1))); do
  p=${PORTS[$j]}
  COOK[$j]=$(curl -s -D - -o /dev/null -X POST -H "Origin: http://127.0.0.1:$p" -H 'Content-Type: application/json' -d '{"password":"pw"}' http://127.0.0.1:$p/api/login | grep -i '^set-cookie' | sed -E 's/^[Ss]et-[Cc]ookie: ([^;]*);.*/\1/')
  for u in /team /api/news; do curl -s -o /dev/null -b "${COOK[$j]}" http://127.0.0.1:$p$u; curl -s -o /dev/null -H 'Accept-Encoding: br' -b "${COOK[$j]}" http://127.0.0.1:$p$u; done
done
TARGETS=${TARGETS:-"team-br team-none api-br redirect"}
for r in $(seq 1 $ROUNDS); do
  for t in $TARGETS; do
    for jj in $(seq 0 $((n-1))); do
      j=$(( (jj + r) % n )); p=${PORTS[$j]}
      case $t in
        team-br) args=(-H 'Accept-Encoding: br' -H "Cookie: ${COOK[$j]}" http://127.0.0.1:$p/team);;
        team-none) args=(-H "Cookie: ${COOK[$j]}" http://127.0.0.1:$p/team);;
        api-br) args=(-H 'Accept-Encoding: br' -H "Cookie: ${COOK[$j]}" http://127.0.0.1:$p/api/news);;
        redirect) args=(-H 'Accept-Encoding: br' -H 'Accept: text/html' http://127.0.0.1:$p/team);;
      esac
      out=$(wrk -t1 -c32 -d${SEC}s --latency "${args[@]}" 2>&1)
      rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}'); p99=$(echo "$out" | awk '$1=="99%" {print $2}'); non=$(echo "$out" | awk '/Non-2xx/ {print $4}')
      echo "$r $t ${NAMES[$j]} $rps p99=$p99 non2xx=${non:-0}"
    done
  done
done
for j in $(seq 0 $((n-1))); do kill ${PIDS[$j]}; done; wait 2>/dev/null
