/**
 * What the fabric view and the node view both draw with: the themes and their colour tokens, the
 * occupancy snapshot that colours a job alike in both, the ghost verdicts, text painting, and the
 * one gesture that moves a placed job by hand with its badge. It depends on nothing else of the
 * desktop, so neither view borrows from the other.
 */
package org.topoplanner.app.desktop.canvas;
