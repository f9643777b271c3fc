package org.topoplanner.importers.ibnet;

import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;

/** One port line of a dump: local node and port to peer node and port, as printed at {@code line}. */
record IbLink(long aKey, int aPort, long bKey, int bPort, LinkWidth width, LinkSpeed speed, int line, int column) {
}
