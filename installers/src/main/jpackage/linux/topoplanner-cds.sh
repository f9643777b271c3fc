#!/bin/sh
# Makes lib/app/topoplanner.jsa, the class-data sharing archive the launcher maps at start
# (topoplanner.cfg: -XX:SharedArchiveFile=$APPDIR/topoplanner.jsa). The linked runtime carries no
# archive of its own, so without this one every start loads, verifies and links some 6,000 classes
# from the jars. The archive names the jars by absolute path, so it is made where the app lives:
# once when the app-image is built and again by the package's postinst under /opt. A stale or
# missing archive is ignored silently (-Xlog:cds=off); the app then starts as it would without.
# The class list (topoplanner.classlist) is made with the image: see installers/README.md.
# usage: lib/app/topoplanner-cds.sh        (from anywhere; the app's folder is found from this file)
set -e
app=$(cd "$(dirname "$0")" && pwd)
list=$app/topoplanner.classlist
# The runtime is linked without bin/java (--strip-native-commands), and the archive must name the
# class path exactly as the launcher passes it: so the launcher itself dumps, told to by
# _JAVA_OPTIONS, which the JVM reads after the launcher's own options (so -Xshare:dump wins over the
# cfg's -Xshare:auto, and the cfg's -XX:SharedArchiveFile names the file to write).
launcher=$app/../../bin/topoplanner
log=$(mktemp "${TMPDIR:-/tmp}/topoplanner-cds.XXXXXX")
rm -f "$app/topoplanner.jsa"
if _JAVA_OPTIONS="-Xshare:dump -XX:SharedClassListFile=$list -Xlog:cds=warning" "$launcher" > "$log" 2>&1 \
	&& [ -s "$app/topoplanner.jsa" ]; then
	rm -f "$log"
else
	echo "topoplanner: no class-data sharing archive (the JVM said why in $log); the app starts without it" >&2
	rm -f "$app/topoplanner.jsa"
fi
