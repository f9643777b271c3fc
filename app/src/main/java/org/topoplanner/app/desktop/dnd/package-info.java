/**
 * Drag and drop, as event plumbing: where a drag starts (the job palette and its ready shapes), the
 * sealed {@link org.topoplanner.app.desktop.dnd.DragPayload} a drag carries, the handler that asks the plan about
 * the target under the pointer and shows {@link org.topoplanner.app.plan.DropFeedback}, and the one
 * share mover both views' move gestures report to. What is said and decided lives in {@code plan}.
 */
package org.topoplanner.app.desktop.dnd;
