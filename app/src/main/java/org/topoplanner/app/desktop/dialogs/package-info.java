/**
 * The window's dialogs: New cluster…, the import review, Assign hardware… with its hardware step,
 * Export…, and the two questions that guard work (Save / Discard / Cancel, Recover / Not now /
 * Discard). Each takes its inputs and returns the answer; what to do with it is the window's.
 */
package org.topoplanner.app.desktop.dialogs;
