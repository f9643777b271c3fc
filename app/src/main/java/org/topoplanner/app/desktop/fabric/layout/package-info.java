/**
 * Where the fabric view draws everything, in world units: switches in tier rows ordered to cross
 * few cables, hosts in racks below their switches, cable bundles, and the grid indexes that answer
 * hit tests. Free of any toolkit (a rule checks it), so a layout of 16,384 hosts is computed off the
 * FX thread and tested plainly.
 */
package org.topoplanner.app.desktop.fabric.layout;
