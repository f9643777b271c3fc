/**
 * hwloc XML ({@code lstopo --of xml}, any format version): parsed without reading anything but the
 * given text, turned into CPU layout, PCIe tree, GPUs, NICs and NVLink lane counts.
 */
package org.topoplanner.importers.hwloc;
