package org.topoplanner.allocator.validate;

import java.util.List;

/** One family of checks: each finds its own codes and nothing else. */
interface PlacementCheck {
    List<Violation> check(CheckContext c);
}
