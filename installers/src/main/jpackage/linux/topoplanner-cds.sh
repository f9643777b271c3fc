#!/bin/sh
# Makes lib/app/topoplanner.jsa, the class-data sharing archive the launcher maps at start
# (topoplanner.cfg: -XX:SharedArchiveFile=$APPDIR/topoplanner.jsa). The linked runtime carries no
# archive of its own, so without this one every start loads, verifies and links some 6,000 classes
# from the jars. The archive names the jars by absolute path, so it is made where the app lives:
# once when the app-image is built and again by the package's postinst under /opt. A stale or
# missing archive is ignored silently (-Xlog:cds=off); the app then starts as it would without.
# usage: lib/app/topoplanner-cds.sh        (from anywhere; the app's folder is found from this file)
set -e
app=$(cd "$(dirname "$0")" && pwd)
java=$app/../runtime/bin/java
list=$app/topoplanner.classlist
# The class path exactly as the launcher passes it: the app.classpath lines of the cfg, in order.
cp=$(sed -n 's|^app\.classpath=\$APPDIR|'"$app"'|p' "$app/topoplanner.cfg" | paste -sd: -)
log=$(mktemp "${TMPDIR:-/tmp}/topoplanner-cds.XXXXXX")
rm -f "$app/topoplanner.jsa"
if "$java" -Xshare:dump -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$app/topoplanner.jsa" \
	-cp "$cp" > "$log" 2>&1; then
	rm -f "$log"
else
	echo "topoplanner: no class-data sharing archive (the JVM said why in $log); the app starts without it" >&2
	rm -f "$app/topoplanner.jsa"
fi
