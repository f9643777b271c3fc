/**
 * The command line (picocli): one class per subcommand, the options they share (cluster sources,
 * hardware rules, policy settings, the job after {@code --}) and their JSON outputs. Output goes to
 * stdout, located diagnostics to stderr; no command prints a stack trace for bad input.
 */
package org.topoplanner.app.cli;
