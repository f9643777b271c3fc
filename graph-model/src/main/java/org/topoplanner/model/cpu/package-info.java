/**
 * CPU sets (hardware threads as the OS numbers them) and the readers of the CPU list and hwloc mask
 * forms the imported tools print; errors carry the column, so every reader reports them in place.
 */
package org.topoplanner.model.cpu;
