/**
 * The one entry point of both faces: with no arguments the window on the example cluster, with only
 * existing files or folders the window on them, with a subcommand the command line ({@link
 * org.topoplanner.app.Main}).
 */
package org.topoplanner.app;
