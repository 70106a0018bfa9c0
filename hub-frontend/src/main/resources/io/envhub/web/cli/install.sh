#!/bin/sh
# Installs the envhub command-line tool from @WEB_URL@ (served by that hub at /cli/install.sh).
#
#   curl -fsSL @WEB_URL@/cli/install.sh | sh                    needs Java 17+ on this machine
#   curl -fsSL @WEB_URL@/cli/install.sh | sh -s -- --with-java  Linux x86-64: the build that brings its own Java
#
# Installs into ${ENVHUB_INSTALL_DIR:-~/.local/share/envhub} and links ${ENVHUB_BIN_DIR:-~/.local/bin}/envhub. The
# installed envhub talks to this hub by default (ENVHUB_URL @HUB_URL@; your own ENVHUB_* variables still win).
# Running it again updates the installation. Nothing outside those two places is touched; no root needed.
set -eu

web='@WEB_URL@'
variant=portable
for arg in "$@"; do
    case $arg in
        --with-java) variant=linux-x86_64 ;;
        --portable) variant=portable ;;
        *) echo "install.sh: unknown option $arg (use --with-java or --portable)" >&2; exit 2 ;;
    esac
done

: "${HOME:?install.sh: HOME is not set}"
prefix=${ENVHUB_INSTALL_DIR:-$HOME/.local/share/envhub}
bindir=${ENVHUB_BIN_DIR:-$HOME/.local/bin}

has_java17() {
    java=
    if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/java" ]; then java=$JAVA_HOME/bin/java
    else java=$(command -v java 2>/dev/null) || return 1; fi
    v=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = //p')
    case $v in ''|1.*|9|1[0-6]) return 1 ;; esac
    return 0
}

if [ "$variant" = portable ] && ! has_java17; then
    if [ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ]; then
        echo "No Java 17+ found: installing the build that brings its own Java runtime." >&2
        variant=linux-x86_64
    else
        echo "install.sh: envhub needs a Java 17 (or newer) runtime and none was found; install one first:" >&2
        echo "  macOS: brew install openjdk@17    Debian/Ubuntu: sudo apt-get install -y openjdk-17-jre-headless" >&2
        exit 1
    fi
fi
if [ "$variant" = portable ]; then file=envhub-cli.tar.gz; else file=envhub-cli-linux-x86_64.tar.gz; fi

fetch() { # fetch URL FILE
    if command -v curl >/dev/null 2>&1; then curl -fsSL -o "$2" "$1"
    elif command -v wget >/dev/null 2>&1; then wget -q -O "$2" "$1"
    else echo "install.sh: needs curl or wget" >&2; return 1; fi
}
sha256_of() {
    if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1" | cut -d' ' -f1
    elif command -v shasum >/dev/null 2>&1; then shasum -a 256 "$1" | cut -d' ' -f1
    else echo "install.sh: needs sha256sum or shasum to check the download" >&2; return 1; fi
}

tmp=$(mktemp -d 2>/dev/null || mktemp -d -t envhub)
trap 'rm -rf "$tmp"' EXIT INT TERM
echo "Downloading $web/cli/$file"
fetch "$web/cli/$file" "$tmp/$file" || { echo "install.sh: could not download $web/cli/$file" >&2; exit 1; }
fetch "$web/cli/$file.sha256" "$tmp/$file.sha256" || { echo "install.sh: could not download $web/cli/$file.sha256" >&2; exit 1; }
expected=$(cut -d' ' -f1 < "$tmp/$file.sha256")
actual=$(sha256_of "$tmp/$file")
if [ "$expected" != "$actual" ]; then
    echo "install.sh: the download's sha256 is $actual, the hub says $expected: not installed (try again)" >&2
    exit 1
fi

mkdir -p "$tmp/unpacked" "$(dirname "$prefix")" "$bindir"
tar -xzf "$tmp/$file" -C "$tmp/unpacked"
cat > "$tmp/unpacked/envhub/hub.env" <<HUBENV
# written by $web/cli/install.sh: the hub this envhub came from (your own variables win)
ENVHUB_INSTALL_SOURCE='$web'
: "\${ENVHUB_URL:=@HUB_URL@}"
: "\${ENVHUB_WEB_URL:=$web}"
: "\${ENVHUB_KEYCLOAK_URL:=@KEYCLOAK_URL@}"
: "\${ENVHUB_BOUNTY_URL:=@BOUNTY_URL@}"
export ENVHUB_URL ENVHUB_WEB_URL ENVHUB_KEYCLOAK_URL ENVHUB_BOUNTY_URL
HUBENV
rm -rf "$prefix.old"
[ -e "$prefix" ] && mv "$prefix" "$prefix.old"
mv "$tmp/unpacked/envhub" "$prefix"
rm -rf "$prefix.old"
ln -sf "$prefix/bin/envhub" "$bindir/envhub"

echo "Installed envhub $(cat "$prefix/VERSION" 2>/dev/null) into $prefix ($variant), linked $bindir/envhub"
case ":${PATH:-}:" in
    *":$bindir:"*) ;;
    *) echo "Add $bindir to your PATH, e.g.: echo 'export PATH=\"$bindir:\$PATH\"' >> ~/.profile" ;;
esac
echo "Next: envhub login   (or: echo \"\$ENVHUB_TOKEN\" | envhub login --token)"
