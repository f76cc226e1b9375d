#!/bin/sh
# Venue Kiosk: starts Chromium as the venue's screen (docs/kiosk-device.md).
#
# Install as /usr/local/bin/venue-kiosk. The kiosk server's address comes from KIOSK_URL, else
# from /etc/venue-kiosk.conf (one line: KIOSK_URL=https://kiosk.venue.lan); Chromium opens
# KIOSK_URL/screen. Arguments are passed on to Chromium (scripts/kiosk-device-check.ts adds its
# test-only flags that way). This is the one list of the kiosk's flags: the guide explains them
# and `npm run device:check` starts this file.
set -eu

if [ -z "${KIOSK_URL:-}" ] && [ -r /etc/venue-kiosk.conf ]; then
	. /etc/venue-kiosk.conf
fi
: "${KIOSK_URL:?set KIOSK_URL in /etc/venue-kiosk.conf, e.g. KIOSK_URL=https://kiosk.venue.lan}"

exec "${CHROMIUM:-/usr/bin/chromium}" \
	--kiosk \
	--kiosk-printing \
	--noerrdialogs \
	--no-first-run \
	--no-default-browser-check \
	--hide-crash-restore-bubble \
	--password-store=basic \
	--disable-pinch \
	--overscroll-history-navigation=0 \
	--pull-to-refresh=0 \
	--autoplay-policy=no-user-gesture-required \
	--enable-speech-dispatcher \
	${WAYLAND_DISPLAY:+--ozone-platform=wayland} \
	"$@" \
	"${KIOSK_URL%/}/screen"
