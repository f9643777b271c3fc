/**
 * The import review's panes: findings as a table over a viewer of the source lines each one points
 * at, the conflicts between sources with the counts a person checks an answer by. Kept apart from
 * {@code dialogs} because they are parts a dialog shows, not dialogs, and carry their own
 * stylesheet.
 */
package org.topoplanner.app.desktop.diagnostics;
