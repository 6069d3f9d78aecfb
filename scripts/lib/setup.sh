# Sourced by the scripts in scripts/: brings this machine to what Velvet needs, installing only what is
# missing. Node.js 24 comes from the npm registry into .tools/ (the system Node may be older); ffmpeg and
# Chromium come from Debian's packages when running as root. Nothing else is downloaded.
set -euo pipefail

VELVET_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
NODE_MAJOR=24

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

ensure_node() {
  local major
  major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
  [ "$major" -ge "$NODE_MAJOR" ] && return 0
  local arch
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) say "No Node.js $NODE_MAJOR package for $(uname -m); install Node.js $NODE_MAJOR yourself." && exit 1 ;;
  esac
  local prefix="$VELVET_ROOT/.tools/node"
  local bin="$prefix/node_modules/node-linux-$arch/bin"
  if [ ! -x "$bin/node" ]; then
    say "Installing Node.js $NODE_MAJOR from the npm registry into .tools/ (system Node is $(node --version 2>/dev/null || echo missing))"
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node-linux-$arch@$NODE_MAJOR"
  fi
  export PATH="$bin:$PATH"
}

APT_UPDATED=0
apt_install() {
  if [ "$(id -u)" != 0 ]; then
    say "Missing system packages ($*) and not root: install them with apt-get and run again."
    exit 1
  fi
  if [ "$APT_UPDATED" = 0 ]; then
    say "Updating Debian package lists"
    apt-get update -qq
    APT_UPDATED=1
  fi
  say "Installing Debian packages: $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_ffmpeg() {
  command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || apt_install ffmpeg
}

# The two-node tests put Debian's nginx in front of the app nodes, as docs/deploy.md does.
ensure_nginx() {
  command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || apt_install nginx-light
}

ensure_chromium() {
  local wanted=()
  command -v chromium >/dev/null || wanted+=(chromium)
  # Screenshots of every script the 22 locales use need these fonts.
  [ -d /usr/share/fonts/truetype/noto ] || wanted+=(fonts-noto-core)
  [ -d /usr/share/fonts/opentype/noto ] || wanted+=(fonts-noto-cjk)
  fc-list 2>/dev/null | grep -qi 'Noto Color Emoji' || wanted+=(fonts-noto-color-emoji)
  [ "${#wanted[@]}" = 0 ] || apt_install "${wanted[@]}"
}

ensure_dependencies() {
  cd "$VELVET_ROOT"
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "Installing npm dependencies"
    # Not `npm ci`: the registry here lacks other platforms' optional binaries (e.g. Biome's), which
    # `npm ci` treats as a lock file mismatch; `npm install` installs the locked versions all the same.
    npm install --no-audit --no-fund --loglevel=error
  fi
}
