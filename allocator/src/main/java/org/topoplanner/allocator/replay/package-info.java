/**
 * Replays a job script in virtual time under one policy and prints what the real-Slurm harness
 * prints, so the emulation is diffed line by line against the real scheduler.
 */
package org.topoplanner.allocator.replay;
