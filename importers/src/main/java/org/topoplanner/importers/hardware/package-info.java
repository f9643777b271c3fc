/**
 * Hardware assignment: which hosts get which inside, from ordered {@code HOSTLIST=SOURCE} rules (a
 * template, a file, a folder) or from the host groups the window's hardware step offers; a source
 * naming a host wins over a set of hosts, which wins over a template.
 */
package org.topoplanner.importers.hardware;
