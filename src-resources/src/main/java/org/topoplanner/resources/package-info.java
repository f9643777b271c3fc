/**
 * The data TopoPlanner ships (the example cluster, the node templates) and the code that loads it,
 * for the window (the start-up cluster, New cluster…, the hardware step) and the command line
 * ({@code --example}, {@code templates}, {@code --hardware}) alike.
 */
package org.topoplanner.resources;
