/**
 * Issue 14's hostile inputs: a corpus of damaged, huge and special files made from a seed, run through
 * every subcommand in-process (in CI by {@code HostileInputTest}; the long fuzz run by
 * {@code HostileFuzz}), checking that each answers with located diagnostics and exit 0, 1 or 2.
 */
package org.topoplanner.app.cli.hostile;
