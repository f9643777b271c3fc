/**
 * The cluster tree on the left of the window: fabric, switches by tier, hosts, GPUs and NICs as
 * tree items.
 */
package org.topoplanner.app.desktop.tree;
