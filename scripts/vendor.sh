#!/usr/bin/env bash
# Re-vendor the front-end assets the site loads, from the npm registry (the only place they come from).
# The site never loads anything from a CDN: these files are committed with their licences.
#   KaTeX's CSS and woff2 fonts: the math is typeset at build time (scripts/katex_hook.py, with the KaTeX of
#                package-lock.json, the same version), so no KaTeX JavaScript reaches the browser. The CSS's woff and
#                ttf fallbacks are dropped from it: every browser that shows this site reads woff2, and a link checker
#                finds no missing file.
#   iframe-worker's shim lets Material's search run from file:// (the offline plugin would load it from a CDN)
# Usage: scripts/vendor.sh   (then commit docs/javascripts/vendor/ and its SHA256SUMS)
set -euo pipefail
IFRAME_WORKER=1.0.4
root=$(cd "$(dirname "$0")/.." && pwd)
KATEX=$(cd "$root" && node -p 'require("./package-lock.json").packages["node_modules/katex"].version')
dest="$root/docs/javascripts/vendor"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm pack --silent "katex@$KATEX" "iframe-worker@$IFRAME_WORKER" >/dev/null
mkdir katex iframe-worker
tar xzf "katex-$KATEX.tgz" -C katex
tar xzf "iframe-worker-$IFRAME_WORKER.tgz" -C iframe-worker
rm -rf "$dest/katex" "$dest/iframe-worker"
mkdir -p "$dest/katex/fonts" "$dest/iframe-worker"
sed -E 's/,url\(fonts\/[A-Za-z0-9_-]+\.woff\) format\("woff"\),url\(fonts\/[A-Za-z0-9_-]+\.ttf\) format\("truetype"\)//g' \
  katex/package/dist/katex.min.css > "$dest/katex/katex.min.css"
cp katex/package/dist/fonts/*.woff2 "$dest/katex/fonts/"
cp katex/package/LICENSE "$dest/katex/LICENSE"
cp iframe-worker/package/shim/index.js "$dest/iframe-worker/shim.js"
cp iframe-worker/package/LICENSE "$dest/iframe-worker/LICENSE"
printf 'katex %s\niframe-worker %s\n' "$KATEX" "$IFRAME_WORKER" > "$dest/VERSIONS"
cd "$dest" && find . -type f ! -name SHA256SUMS | LC_ALL=C sort | xargs sha256sum > SHA256SUMS
echo "vendored into $dest"
