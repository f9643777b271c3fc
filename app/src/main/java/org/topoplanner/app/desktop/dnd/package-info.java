/**
 * Drag and drop: where a drag starts (the job palette and its ready shapes) and, with the shared
 * canvas work, what a drag carries and what a drop does.
 */
package org.topoplanner.app.desktop.dnd;
