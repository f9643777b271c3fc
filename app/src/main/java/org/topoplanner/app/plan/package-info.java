/**
 * What the window edits and asks, without any toolkit: the plan as one immutable value, its edits
 * and their undo history, the advice of the chosen policy at a drop target, validation per job, and
 * the project session (file, autosave, recovery). Tested with plain JUnit.
 */
package org.topoplanner.app.plan;
