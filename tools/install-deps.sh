#!/usr/bin/env bash
# Installs what a fresh Debian machine of ours lacks to build Tilec.
set -euo pipefail
pkgs=(llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools libfmt-dev catch2 ninja-build cmake
      nlohmann-json3-dev libcli11-dev)
missing=()
for p in "${pkgs[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi
