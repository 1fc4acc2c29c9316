#!/usr/bin/env bash
# check_sandboxed.py names a test without HOME in the sandbox, one with an XDG directory outside it and one that
# does not require the home guard, and passes a listing where every test is sandboxed.
set -uo pipefail
check="python3 $(dirname "$0")/check_sandboxed.py"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
die() { echo "FAIL: $*" >&2; exit 1; }
env_of() {  # HOME's value, XDG_DATA_HOME's value
  printf '"HOME=set:%s","XDG_CONFIG_HOME=set:/sb/t/config","XDG_DATA_HOME=set:%s","XDG_CACHE_HOME=set:/sb/t/cache","XDG_STATE_HOME=set:/sb/t/state","APSP_HISTORY=set:on"' "$1" "$2"
}
test_json() {  # name, environment modifications, fixture property
  printf '{"name": "%s", "properties": [{"name": "ENVIRONMENT_MODIFICATION", "value": [%s]}, %s]}' "$1" "$2" "$3"
}
good=$(test_json good "$(env_of /sb/t/home /sb/t/data)" '{"name": "FIXTURES_REQUIRED", "value": ["guard"]}')
setup=$(test_json setup "$(env_of /sb/s/home /sb/s/data)" '{"name": "FIXTURES_SETUP", "value": ["guard"]}')
no_home=$(test_json no_home '"XDG_CONFIG_HOME=set:/sb/t/config"' '{"name": "FIXTURES_REQUIRED", "value": ["guard"]}')
outside=$(test_json outside "$(env_of /sb/t/home /root/.local/share)" '{"name": "FIXTURES_REQUIRED", "value": "guard"}')
unguarded=$(test_json unguarded "$(env_of /sb/t/home /sb/t/data)" '{"name": "LABELS", "value": ["x"]}')

echo "{\"tests\": [$good, $setup]}" > "$dir/ok.json"
out=$($check /sb guard --json "$dir/ok.json") || die "a sandboxed listing fails: $out"
echo "{\"tests\": [$good, $no_home, $outside, $unguarded]}" > "$dir/bad.json"
out=$($check /sb guard --json "$dir/bad.json") && die "unsandboxed tests pass: $out"
grep -q "^no_home: HOME not set" <<< "$out" || die "a test without HOME is not named: $out"
grep -q "^outside: XDG_DATA_HOME=/root/.local/share is outside /sb" <<< "$out" || die "an XDG path outside: $out"
grep -q "^unguarded: does not require the fixture guard" <<< "$out" || die "a test without the guard: $out"
grep -q "^good:" <<< "$out" && die "a sandboxed test is named: $out"
echo "sandbox check: ok"
