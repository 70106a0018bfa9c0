#!/usr/bin/env bash
# Checks what ./envhub-stack needs from the machine, BEFORE anything is built, and installs what is missing.
#
#   prerequisites.sh up       JDK 17+, bubblewrap with a working user namespace, Debian's /usr/bin/python3 with venv
#                             and pip, util-linux (setpriv, prlimit), free stack ports (or ports held by this stack);
#                             with ENVHUB_SANDBOX=gvisor also gVisor (runsc) able to start a sandbox
#   prerequisites.sh test     the same (busy ports only warn: the stack tests wait for them) plus chromium,
#                             chromium-driver, curl, unzip, twine, npm and pgbouncer for the test suite, and runsc always (the
#                             sandbox contract runs against both backends)
#   prerequisites.sh doctor   the checks of `up` and `test`, reported one per line; never installs anything
#
# When a Debian package is missing and this runs as root with apt-get, `up` and `test` install it (printing what);
# otherwise they stop at once with the exact command to run. A problem no package fixes (no user namespaces, a port
# held by another program) stops them with what to do.
#
# Environment (the defaults are what a user wants; the overrides exist for tests):
#   ENVHUB_AUTO_INSTALL=false   never install, only name the command
#   ENVHUB_PREREQ_PATH          where commands are looked up (default: $PATH); set, nothing is ever installed
#   ENVHUB_PREREQ_PYTHON        the validator's interpreter (default: /usr/bin/python3, as the validator uses); set,
#                               nothing is ever installed
#   ENVHUB_STACK_DIR            the stack's data dir (default ./.stack-data): ports held by its components are ours
#   ENVHUB_VALIDATOR_SANDBOX_UID the uid sandboxed code runs as (default 61000)
#   ENVHUB_SANDBOX              the validator's sandbox, bwrap (default) or gvisor
set -uo pipefail

mode="${1:-up}"
case "$mode" in up|test|doctor) ;; *) echo "usage: $0 up|test|doctor" >&2; exit 2 ;; esac
repo="$(cd "$(dirname "$0")/.." && pwd)"
lookup_path="${ENVHUB_PREREQ_PATH:-$PATH}"
python="${ENVHUB_PREREQ_PYTHON:-/usr/bin/python3}"
stack_dir="${ENVHUB_STACK_DIR:-$repo/.stack-data}"
sandbox_uid="${ENVHUB_VALIDATOR_SANDBOX_UID:-61000}"
sandbox_kind="${ENVHUB_SANDBOX:-bwrap}"
case "$sandbox_kind" in bwrap|gvisor) ;; *) echo "ENVHUB_SANDBOX must be bwrap or gvisor, not $sandbox_kind" >&2; exit 2 ;; esac

packages=()   # missing Debian packages, in the order found
reasons=()    # why each is needed
problems=()   # what no package fixes
warnings=()
oks=()

have() { PATH="$lookup_path" command -v "$1" 2>/dev/null; }
need() { # need PACKAGE REASON
  local p
  for p in "${packages[@]}"; do [ "$p" = "$1" ] && return; done
  packages+=("$1"); reasons+=("$1: $2")
}

check_jdk() {
  local java javac
  if [ -n "${JAVA_HOME:-}" ] && [ -z "${ENVHUB_PREREQ_PATH:-}" ]; then
    java="$JAVA_HOME/bin/java"; javac="$JAVA_HOME/bin/javac"
    [ -x "$java" ] || java=""; [ -x "$javac" ] || javac=""
  else
    java="$(have java)"; javac="$(have javac)"
  fi
  if [ -z "$java" ] || [ -z "$javac" ]; then
    need openjdk-17-jdk-headless "a JDK 17 or newer (java and javac) builds and runs the hub"
    return
  fi
  local version major
  version="$("$java" -version 2>&1 | sed -n 's/.*version "\([^"]*\)".*/\1/p' | head -n 1)"
  major="${version%%.*}"; [ "$major" = "1" ] && major="$(echo "$version" | cut -d. -f2)"
  if [ -z "$major" ] || [ "$major" -lt 17 ] 2>/dev/null; then
    need openjdk-17-jdk-headless "a JDK 17 or newer (found Java ${version:-of unknown version} at $java)"
  else
    oks+=("JDK $version ($java)")
  fi
}

check_sandbox_tools() {
  [ -n "$(have bwrap)" ] || need bubblewrap "the validator's sandbox (bwrap)"
  if [ -z "$(have setpriv)" ] || [ -z "$(have prlimit)" ]; then
    need util-linux "setpriv and prlimit drop sandboxed code to an unprivileged uid with limits"
  fi
  if [ -x "$python" ]; then
    "$python" -I -c 'import venv, ensurepip' >/dev/null 2>&1 || need python3-venv "the validator makes a venv per job ($python -m venv)"
    "$python" -I -c 'import pip' >/dev/null 2>&1 || need python3-pip "the validator installs wheels offline ($python -m pip)"
    oks+=("$("$python" -V 2>&1) at $python")
  else
    need python3 "the validator runs package code with Debian's $python (the sandbox uid cannot read a python under /root)"
    need python3-venv "the validator makes a venv per job ($python -m venv)"
    need python3-pip "the validator installs wheels offline ($python -m pip)"
  fi
}

check_test_tools() {
  [ -n "$(have chromium)" ] || need chromium "the browser tests (WebHubBrowserIT) drive Debian's Chromium"
  [ -n "$(have chromedriver)" ] || need chromium-driver "the browser tests talk to Chromium through chromedriver"
  [ -n "$(have curl)" ] || need curl "scripts and benches call the running hub"
  [ -n "$(have unzip)" ] || need unzip "tests and scripts unpack wheels and distributions"
  [ -n "$(have twine)" ] || need twine "the upload tests publish with the real twine (PyPI's legacy upload API)"
  [ -n "$(have npm)" ] || need npm "the Helm chart test fetches helm from npm (deploy/helm/helm-tool.sh)"
  # pgbouncer lives in /usr/sbin, which a non-root PATH may lack
  [ -n "$(have pgbouncer)" ] || { [ -z "${ENVHUB_PREREQ_PATH:-}" ] && [ -x /usr/sbin/pgbouncer ]; } \
    || need pgbouncer "PgBouncerIT runs hub-backend and bounty-service through a real PgBouncer"
}

# gVisor (runsc) when the validator uses it, and always for the tests; installed is not enough: it must start a sandbox
check_gvisor() {
  if [ "$mode" = up ] && [ "$sandbox_kind" != gvisor ]; then return; fi
  local runsc out
  runsc="$(have runsc)"
  if [ -z "$runsc" ]; then
    need runsc "the gVisor sandbox (ENVHUB_SANDBOX=gvisor; the tests run the sandbox contract on it)"
    return
  fi
  if [ "$(id -u)" != 0 ]; then
    if [ "$sandbox_kind" = gvisor ]; then
      problems+=("ENVHUB_SANDBOX=gvisor needs the validator to run as root (runsc run creates the sandbox's namespaces)")
    fi
    return
  fi
  if out="$(cd / && timeout 60 "$runsc" --rootless --network=none --ignore-cgroups do /usr/bin/true 2>&1)"; then
    oks+=("gVisor $("$runsc" --version 2>/dev/null | head -n 1 | awk '{print $3}'): a sandbox starts (runsc --network=none)")
  else
    problems+=("gVisor (runsc) cannot start a sandbox here: ${out:-exit code $?}
    runsc needs ptrace and namespaces; in a container run it with --security-opt seccomp=unconfined, or use
    ENVHUB_SANDBOX=bwrap.")
  fi
}

# bubblewrap installed is not enough: the kernel (or a container's seccomp/AppArmor profile) must allow user namespaces
check_user_namespace() {
  local bwrap out
  bwrap="$(have bwrap)"
  [ -n "$bwrap" ] || return
  local cmd=("$bwrap" --unshare-all --unshare-user --disable-userns --die-with-parent --new-session
             --ro-bind /usr /usr --symlink usr/lib /lib --symlink usr/lib64 /lib64 --symlink usr/bin /bin
             --proc /proc --dev /dev /usr/bin/true)
  if [ "$(id -u)" = 0 ] && [ -n "$(have setpriv)" ]; then
    # as the validator runs it: root drops to the sandbox uid first, so bwrap needs unprivileged user namespaces
    cmd=("$(have setpriv)" --reuid="$sandbox_uid" --regid="$sandbox_uid" --clear-groups "${cmd[@]}")
  fi
  if out="$(cd / && timeout 20 "${cmd[@]}" 2>&1)"; then
    oks+=("bubblewrap $("$bwrap" --version 2>/dev/null | awk '{print $2}'): a sandbox with its own user namespace starts")
  else
    problems+=("bubblewrap cannot create a sandbox here: ${out:-exit code $?}
    Allow unprivileged user namespaces: sysctl -w kernel.unprivileged_userns_clone=1 (Debian),
    sysctl -w kernel.apparmor_restrict_unprivileged_userns=0 (Ubuntu 24.04+), or in a container run it with
    --security-opt seccomp=unconfined --security-opt apparmor=unconfined (see package-validator/README.md).")
  fi
}

port_of() { # the port of an http://host:port URL
  local rest="${1#*://}"; rest="${rest%%/*}"; echo "${rest##*:}"
}

# a port is fine when it is free or held by this stack's own running component
check_ports() {
  local spec port component pid
  local kc_port s3_port
  kc_port="$(port_of "${ENVHUB_KEYCLOAK_URL:-http://127.0.0.1:8180}")"
  s3_port="$(port_of "${ENVHUB_S3_ENDPOINT:-http://127.0.0.1:9000}")"
  # Keycloak's management interface listens on the next port
  for spec in 8080:hub-frontend 8081:hub-backend 8082:bounty-service 8083:package-validator "$kc_port:keycloak" \
              "$((kc_port + 1)):keycloak" "$s3_port:infra"; do
    port="${spec%%:*}"; component="${spec#*:}"
    timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$port" 2>/dev/null || continue
    pid="$(awk '{print $1}' "$stack_dir/run/$component.pid" 2>/dev/null || true)"
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
      oks+=("port $port: this stack's $component")
      continue
    fi
    if [ -n "$pid" ]; then
      # this stack ran the component and it died: what holds the port may be its leftover (Keycloak's JVM after a
      # kill of kc.sh), which `up` clears; `up` itself refuses a port held by anything else
      oks+=("port $port: busy, $component of this stack died; up clears its leftovers or names the holder")
      continue
    fi
    local holder=""
    command -v ss >/dev/null && holder="$(ss -Hltnp "sport = :$port" 2>/dev/null | grep -o 'users:.*' | head -n 1)"
    local msg="port $port (needed by $component) is in use by another program${holder:+ ($holder)}; stop it"
    msg+=" (another stack? ./envhub-stack down with its ENVHUB_STACK_DIR)"
    if [ "$mode" = up ]; then problems+=("$msg"); else warnings+=("$msg"); fi
  done
}

run_checks() {
  packages=(); reasons=(); problems=(); warnings=(); oks=()
  check_jdk
  check_sandbox_tools
  [ "$mode" != up ] && check_test_tools
  check_user_namespace
  check_gvisor
  check_ports
}

print_missing() {
  local r sudo=""
  echo "envhub-stack: missing prerequisites (Debian packages):" >&2
  for r in "${reasons[@]}"; do echo "  - $r" >&2; done
  [ "$(id -u)" = 0 ] || sudo="sudo "
  if command -v apt-get >/dev/null; then
    echo "Install them with:" >&2
    echo "  ${sudo}apt-get update && ${sudo}apt-get install -y --no-install-recommends ${packages[*]}" >&2
  else
    echo "Install these packages (Debian names; no apt-get here): ${packages[*]}" >&2
  fi
}

run_checks

auto_install="${ENVHUB_AUTO_INSTALL:-true}"
[ -n "${ENVHUB_PREREQ_PATH:-}${ENVHUB_PREREQ_PYTHON:-}" ] && auto_install=false
if [ ${#packages[@]} -gt 0 ] && [ "$mode" != doctor ] && [ "$auto_install" != false ] \
   && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "envhub-stack: installing missing Debian packages: ${packages[*]}"
  for r in "${reasons[@]}"; do echo "  - $r"; done
  export DEBIAN_FRONTEND=noninteractive
  if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${packages[@]}"; }; then
    echo "envhub-stack: apt-get could not install ${packages[*]}" >&2
    exit 1
  fi
  run_checks
fi

if [ "$mode" = doctor ]; then
  for o in "${oks[@]}"; do echo "ok       $o"; done
fi
for w in "${warnings[@]}"; do echo "warning  $w" >&2; done
[ ${#packages[@]} -gt 0 ] && print_missing
for p in "${problems[@]}"; do echo "envhub-stack: $p" >&2; done
[ ${#packages[@]} -eq 0 ] && [ ${#problems[@]} -eq 0 ] || exit 1
[ "$mode" = doctor ] && echo "envhub-stack: every prerequisite is in place"
exit 0
