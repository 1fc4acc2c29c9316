# Usage: cuobjdump -sass libapsp_engine.a | awk -f scripts/sass-k-loop.awk | c++filt   (scripts/gpu-headroom.sh sass)
# Prints one line per tuned_independent_kernel instantiation.
# The phase-3 k loop of each tuned_independent_kernel: the range from a backward branch's target to the branch,
# taken for the backward branch that encloses the most VIADDMNMX. Within it, VIADDMNMX must be the only min and
# there must be no local-memory access.
function hex(s,   i, c, v) { v = 0; s = tolower(s); sub(/^0x/, "", s)
  for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; v = v * 16 + c } return v }
function report(   i, j, best, bs, be, cnt, other, local, total) {
  if (name !~ /tuned_independent/) return
  best = -1
  for (i = 1; i <= n; i++) {
    if (text[i] ~ /BRA 0x/ && match(text[i], /BRA 0x[0-9a-f]+/)) {
      t = hex(substr(text[i], RSTART + 4, RLENGTH - 4))
      if (t >= addr[i]) continue
      cnt = 0
      for (j = 1; j <= i; j++) if (addr[j] >= t && text[j] ~ /VIADDMNMX/) cnt++
      if (cnt > best) { best = cnt; bs = t; be = addr[i] } } }
  if (best <= 0) { printf "k loop not found (no backward branch around a VIADDMNMX)  %s\n", name; return }
  other = 0; local = 0; total = 0
  for (i = 1; i <= n; i++) {
    if (text[i] ~ /VIADDMNMX/) total++
    if (addr[i] < bs || addr[i] > be) continue
    if (text[i] ~ /IMNMX|VIMNMX|VIMNMX3/ && text[i] !~ /VIADDMNMX/) other++
    if (text[i] ~ /STL|LDL/) local++ }
  printf "k loop 0x%x..0x%x: %d VIADDMNMX (of %d), %d other mins, %d local-memory  %s\n", bs, be, best, total, other, local, name }
/Function :/ { if (name != "") report(); name = $3; n = 0; next }
match($0, /\/\*[0-9a-f]+\*\//) { a = substr($0, RSTART + 2, RLENGTH - 4); n++; addr[n] = hex(a); text[n] = $0 }
END { report() }
