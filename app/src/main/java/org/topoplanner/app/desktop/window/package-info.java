/**
 * The window put together: the application and its launcher, the main window's layout, the
 * controller that wires menus, toolbar and shortcuts to the commands, the project file's commands
 * ({@link org.topoplanner.app.desktop.window.ProjectCommands}), the import flow and the
 * stylesheets. It may use every other desktop package; none uses it.
 */
package org.topoplanner.app.desktop.window;
