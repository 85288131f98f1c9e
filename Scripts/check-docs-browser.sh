#!/usr/bin/env bash
# Reads the documentation site as a person would: builds it for a GitHub Pages
# project site (served from /NAME/), serves it on 127.0.0.1, opens in headless
# Chromium the site's root, the package's landing page, every library's page,
# every article and every type page with hand-written topic groups, and takes
# a screenshot of each. Fails on a page that does not render (no heading with
# the page's title once its script has run), shows "not found" or an error,
# has an empty sidebar, or links to a page of the site that does not exist.
#
#   Scripts/check-docs-browser.sh                 # screenshots in .build/docs/screenshots
#   Scripts/check-docs-browser.sh --skip-build    # check the site built last
#
# Needs Chromium; installs Debian's `chromium` package when it is missing
# (apt-get, as root or through sudo). The base path is $DOCS_BASE_PATH, by
# default ListDiffUI. Takes a few minutes after the build (one browser run
# per page, two at a time).
set -euo pipefail
cd "$(dirname "$0")/.."

base=${DOCS_BASE_PATH:-ListDiffUI}
out=.build/docs
shots=$out/screenshots
build=1
[[ ${1:-} == --skip-build ]] && build=0

browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [[ -z $browser ]]; then
  echo "== installing Chromium (Debian's chromium package)"
  sudo=()
  [[ $(id -u) == 0 ]] || sudo=(sudo)
  "${sudo[@]}" apt-get update
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y chromium
  browser=$(command -v chromium)
fi

if ((build)); then Scripts/build-docs.sh --hosting-base-path "$base"; fi

# Serve the site from /$base/ on a free port of 127.0.0.1.
root=$(mktemp -d)
ln -s "$PWD/$out/site" "$root/$base"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server --bind 127.0.0.1 --directory "$root" "$port" >/dev/null 2>&1 &
server=$!
# Two browsers at a time (one per core), each with a profile of its own:
# a profile is locked by the browser using it.
profiles=$(mktemp -d)
mkdir "$profiles/0" "$profiles/1"
results=$(mktemp -d)
trap 'kill $server 2>/dev/null || true; rm -rf "$root" "$profiles" "$results"' EXIT
for _ in $(seq 50); do
  curl -sf "http://127.0.0.1:$port/$base/" >/dev/null 2>&1 && break
  sleep 0.1
done

# The pages: path<TAB>title, from the site's render JSON.
pages=$(python3 - "$out/site" "$out/modules" <<'PY'
import json, os, sys
site, modules = sys.argv[1], [m.strip() for m in open(sys.argv[2]) if m.strip()]
def page(path):
    with open(f"{site}/data{path}.json") as f:
        return json.load(f)
rows = []
for module in modules:
    folder = f"/documentation/{module.lower()}"
    landing = page(folder)
    rows.append((folder, landing["metadata"]["title"]))
    for dirpath, _, files in sorted(os.walk(f"{site}/data{folder}")):
        for name in sorted(files):
            path = os.path.join(dirpath, name)[len(site) + 5:-5]
            data = page(path)
            role = data["metadata"].get("role")
            written = any(not s.get("generated") for s in data.get("topicSections", []))
            if role == "article" or (role == "symbol" and written):
                rows.append((path, data["metadata"]["title"]))
for path, title in rows:
    print(f"{path}\t{title}")
PY
)

rm -rf "$shots"
mkdir -p "$shots"
check() {  # check URL-PATH TITLE SHOT-NAME SLOT (0 or 1: whose profile)
  local url="http://127.0.0.1:$port/$base$1" title=$2 name=$3 profile=$profiles/$4 dom
  # One run of the browser both screenshots the page and prints its DOM
  # once scripts have run: a browser start is most of a page's cost.
  dom=$("$browser" --headless --no-sandbox --disable-gpu --user-data-dir="$profile" --hide-scrollbars \
    --virtual-time-budget=15000 --window-size=1280,1400 --screenshot="$shots/$name.png" --dump-dom "$url" \
    2>/dev/null || true)
  local problem=""
  if [[ ! -s $shots/$name.png ]]; then
    problem="no screenshot"
  elif grep -qiE "page you.re looking for can.t be found|An unknown error occurred" <<< "$dom"; then
    problem="shows \"not found\" or an error"
  elif [[ $name != root && $name != listdiffuiforswift ]] && grep -q "No data available" <<< "$dom"; then
    # The package's page has no children in the sidebar; every library's
    # pages must find theirs (curating a library from the package page, for
    # one, nests the libraries there and empties every sidebar).
    problem="the sidebar shows \"No data available\""
  elif ! TITLE=$title python3 -c '
import html, os, re, sys
dom = sys.stdin.read()
title = os.environ["TITLE"]
headings = [html.unescape(re.sub(r"<[^>]+>", "", h)).strip() for h in re.findall(r"<h1[^>]*>(.*?)</h1>", dom, re.S)]
sys.exit(0 if any(title in h for h in headings) else 1)' <<< "$dom"; then
    problem="no heading \"$title\": the page did not render"
  elif ! broken=$(SITE="$out/site" BASE="/$base" python3 -c '
import html, os, re, sys
dom, site, base = sys.stdin.read(), os.environ["SITE"], os.environ["BASE"]
broken = set()
for href in re.findall(r"href=\"([^\"]+)\"", dom):
    href = html.unescape(href).split("#")[0].rstrip("/")
    if href.startswith(base + "/documentation/"):
        path = href[len(base):].lower()
        if not os.path.exists(f"{site}/data{path}.json"):
            broken.add(href)
print(" ".join(sorted(broken)))
sys.exit(1 if broken else 0)' <<< "$dom"); then
    problem="links to pages the site does not have: $broken"
  fi
  if [[ -n $problem ]]; then
    echo "FAIL $1: $problem"
  else
    echo "ok   $1 ($shots/$name.png)"
  fi
}

echo "== reading the site at http://127.0.0.1:$port/$base/ in $("$browser" --version 2>/dev/null | head -n 1)"
# Pages two at a time, each pair's lines printed in page order.
# (`wait` is given the checks' processes: a bare `wait` would wait for the
# server too, which runs until the end.)
count=0
slot=0
running=()
run() {  # run URL-PATH TITLE SHOT-NAME: in the background, in the free slot
  check "$1" "$2" "$3" "$slot" > "$results/$count" 2>&1 &
  running+=($!)
  count=$((count + 1))
  slot=$((1 - slot))
  if ((slot == 0)); then
    wait "${running[@]}"
    running=()
  fi
}
run / "ListDiffUI for Swift" root
while IFS=$'\t' read -r path title; do
  run "$path" "$title" "$(sed 's|^/documentation/||; s|[/()]|_|g; s|[^A-Za-z0-9_.:-]||g' <<< "$path")"
done <<< "$pages"
if ((${#running[@]} > 0)); then wait "${running[@]}"; fi
for ((i = 0; i < count; i++)); do cat "$results/$i"; done
failures=$(cat "$results"/* | grep -c '^FAIL' || true)
if ((failures > 0)); then
  echo "$failures of $count pages failed" >&2
  exit 1
fi
echo "all $count pages render; screenshots in $shots"
