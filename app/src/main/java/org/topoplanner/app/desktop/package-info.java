/**
 * The JavaFX window. Its packages, from the bottom up: {@code state} (the observable state), {@code
 * fabric} and {@code node} (the two views), {@code tree}, {@code inspector}, {@code dialogs} and
 * {@code diagnostics} (the parts around them), the drag-and-drop classes, and {@code window}, which
 * puts everything together and on which nothing depends. The three drag handlers still here move to
 * {@code dnd} with the shared canvas work. See docs/architecture.md.
 */
package org.topoplanner.app.desktop;
