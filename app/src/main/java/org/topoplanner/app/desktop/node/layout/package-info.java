/**
 * Where the node view draws one host's inside, lstopo-like: nested boxes measured bottom-up and
 * placed top-down, cores folded into ranges when space is short, NVLink bars routed between GPUs.
 * Free of any toolkit (a rule checks it), so the layout is tested without a window.
 */
package org.topoplanner.app.desktop.node.layout;
