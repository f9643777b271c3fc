/**
 * The JavaFX window. Its packages, from the bottom up: {@code state} (the observable state), {@code
 * canvas} (what both views draw with), {@code fabric} and {@code node} (the two views, their layout
 * toolkit-free), {@code dnd} (where a drag starts, what it carries, what a drop does), {@code tree},
 * {@code inspector}, {@code dialogs} and {@code diagnostics} (the parts around the views), and
 * {@code window}, which puts everything together and on which nothing depends. See docs/architecture.md.
 */
package org.topoplanner.app.desktop;
