#!/usr/bin/env bash
# builds.sh DIR PKG: run the package's tests under five differently built
# test binaries (plain, -cover, -race, stripped, an -X salt), -count=3 shuffled.
cd "$1" || exit 2
for f in "" "-cover" "-race" "-ldflags=-s -w" "-ldflags=-X=main.salt=binary11e"; do
	args=(test -count=3 -shuffle=on)
	[ -n "$f" ] && args+=("$f")
	printf 'go test %-34s ' "$f"
	go "${args[@]}" "$2" 2>&1 | tail -1
done
