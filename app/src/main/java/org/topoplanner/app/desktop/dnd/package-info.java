/**
 * Drag and drop onto the fabric and node views, as event plumbing: the sealed {@link
 * org.topoplanner.app.desktop.dnd.DragPayload} a drag carries, the handler that asks the plan about
 * the target under the pointer and shows {@link org.topoplanner.app.plan.DropFeedback}, and the one
 * share mover both views' move gestures report to. What is said and decided lives in {@code plan}.
 */
package org.topoplanner.app.desktop.dnd;
