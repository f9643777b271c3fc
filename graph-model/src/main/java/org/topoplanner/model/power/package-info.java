/**
 * Power figures from vendors' data sheets, each with its kind (maximum, typical, estimate) and its source,
 * for the node templates and the switch models a designed fabric's bill of materials counts.
 */
package org.topoplanner.model.power;
