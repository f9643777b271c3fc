/**
 * Job scripts and what replaying them reports, as plain values: the importers read the harness's
 * script files into a {@link org.topoplanner.model.replay.JobScript}, the allocator's replay engine
 * turns it into {@link org.topoplanner.model.replay.ReplayEvent}s, and the importers write those as the
 * harness's JSON lines. Living in the model lets both sides share them without knowing each other.
 */
package org.topoplanner.model.replay;
