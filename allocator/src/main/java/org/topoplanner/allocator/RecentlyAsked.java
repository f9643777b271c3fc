package org.topoplanner.allocator;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The answers a policy keeps between suggestions, at most {@code kept} of them, the least recently asked dropped
 * first: a replay or a what-if asks the same few questions (one request, one shape) on many states, and the answers
 * are dear (sbatch's idle-cluster test, a binding verdict, a planner's candidates), so each cache keeps a bounded few
 * per cluster rather than all it ever saw.
 */
public class RecentlyAsked<K, V> extends LinkedHashMap<K, V> {
    private static final long serialVersionUID = 1L;

    private final int kept;

    public RecentlyAsked(int kept) {
        super(16, 0.75f, true);
        this.kept = kept;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > kept;
    }
}
