/**
 * What every part of the window observes: the {@link
 * org.topoplanner.app.desktop.state.PlanViewModel} (plan, policy, selection, live advice, undo) and
 * {@link org.topoplanner.app.desktop.state.BackgroundRefresh}, how values computed off the FX
 * thread reach it newest-first. Both use only javafx.beans and injected executors, so they are
 * tested without a toolkit.
 */
package org.topoplanner.app.desktop.state;
