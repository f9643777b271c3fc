/**
 * The inspector on the right of the window: the selection's properties (cluster, switch, host or
 * job), and for a job its placement, metrics, violations and what every policy would do with it,
 * computed off the FX thread.
 */
package org.topoplanner.app.desktop.inspector;
