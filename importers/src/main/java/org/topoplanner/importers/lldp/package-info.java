/**
 * Ethernet (RoCE) fabrics from LLDP neighbour data: {@code lldpctl -f json} and {@code -f keyvalue}
 * from hosts and switches (one host each, or many with {@code pdsh}'s {@code host: } prefix) and the
 * switch-side neighbour tables of Cumulus/NVUE, SONiC and Arista EOS, joined by {@link
 * org.topoplanner.importers.lldp.LldpFabricJoin} into one fabric whose cables carry their Ethernet
 * rate in Gbit/s.
 */
package org.topoplanner.importers.lldp;
