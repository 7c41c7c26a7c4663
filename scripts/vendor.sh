#!/usr/bin/env bash
# Re-vendor the front-end assets the site loads, from the npm registry (the only place they come from).
# The site never loads anything from a CDN: these files are committed with their licences.
#   KaTeX        renders the math of every page (Markdown and notebook pages alike)
#   iframe-worker's shim lets Material's search run from file:// (the offline plugin would load it from a CDN)
# Usage: scripts/vendor.sh   (then commit docs/javascripts/vendor/ and its SHA256SUMS)
set -euo pipefail
KATEX=0.19.1
IFRAME_WORKER=1.0.4
root=$(cd "$(dirname "$0")/.." && pwd)
dest="$root/docs/javascripts/vendor"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "katex@$KATEX" "iframe-worker@$IFRAME_WORKER" >/dev/null
mkdir katex iframe-worker
tar xzf "katex-$KATEX.tgz" -C katex
tar xzf "iframe-worker-$IFRAME_WORKER.tgz" -C iframe-worker
rm -rf "$dest/katex" "$dest/iframe-worker"
mkdir -p "$dest/katex/fonts" "$dest/katex/contrib" "$dest/iframe-worker"
cp katex/package/dist/katex.min.js katex/package/dist/katex.min.css "$dest/katex/"
cp katex/package/dist/contrib/auto-render.min.js "$dest/katex/contrib/"
cp katex/package/dist/fonts/*.woff2 "$dest/katex/fonts/"
cp katex/package/LICENSE "$dest/katex/LICENSE"
cp iframe-worker/package/shim/index.js "$dest/iframe-worker/shim.js"
cp iframe-worker/package/LICENSE "$dest/iframe-worker/LICENSE"
printf 'katex %s\niframe-worker %s\n' "$KATEX" "$IFRAME_WORKER" > "$dest/VERSIONS"
cd "$dest" && find . -type f ! -name SHA256SUMS | LC_ALL=C sort | xargs sha256sum > SHA256SUMS
echo "vendored into $dest"
