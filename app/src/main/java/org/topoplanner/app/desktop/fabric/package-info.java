/**
 * The fabric view: a canvas drawing tiers of switches, racks of hosts with GPU bars, and cable
 * bundles by speed, with zoom levels of detail, hover cards, search, a minimap and moving a placed
 * job by its GPUs. The layout is computed off the FX thread.
 */
package org.topoplanner.app.desktop.fabric;
