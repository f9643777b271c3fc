package org.topoplanner.allocator.dra;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.topoplanner.model.dra.AttributeValue;
import org.topoplanner.model.dra.ClaimSpec;
import org.topoplanner.model.dra.DeviceConstraint;
import org.topoplanner.model.dra.DeviceRequest;
import org.topoplanner.model.dra.DraDevice;
import org.topoplanner.model.dra.DraObjects;

/**
 * Emulates the structured-parameters allocator of kube-scheduler's DynamicResources plugin for
 * one claim on one node. Like it, requests are taken in the claim's order and devices in the
 * order the node's slices publish them; each request takes the first devices that match its
 * class's and its own selectors and keep every {@code matchAttribute} constraint, backtracking
 * when a later request cannot be met; a device serves one request of a claim. {@code All} takes
 * every matching device and fails when there is none. A selector that cannot be evaluated on a
 * device (a missing attribute) aborts the allocation, as in Kubernetes.
 */
public final class DraAllocator {
    private final DraObjects objects;

    public DraAllocator(DraObjects objects) {
        this.objects = objects;
    }

    /** The allocation of {@code claim} on {@code node} from all of the node's devices. */
    public DraAllocation allocate(ClaimSpec claim, String node) {
        return allocate(claim, objects.devicesOf(node));
    }

    /** The allocation of {@code claim} from {@code devices} (a node's devices, or some of them). */
    public DraAllocation allocate(ClaimSpec claim, List<DraDevice> devices) {
        try {
            return search(claim, devices);
        } catch (CelSelector.CelError e) {
            return new DraAllocation.Unsatisfiable("a selector is outside the supported CEL subset (column "
                    + e.column() + "): " + e.getMessage());
        }
    }

    private DraAllocation search(ClaimSpec claim, List<DraDevice> devices) {
        List<List<DraDevice>> candidates = new ArrayList<>();
        for (DeviceRequest r : claim.requests()) {
            List<CelSelector> selectors = new ArrayList<>();
            if (r.deviceClassName() != null && !r.deviceClassName().isEmpty()) {
                var cls = objects.deviceClass(r.deviceClassName());
                if (cls.isEmpty()) {
                    return new DraAllocation.Unsatisfiable("request " + r.name() + ": no DeviceClass "
                            + r.deviceClassName());
                }
                cls.get().selectors().forEach(s -> selectors.add(CelSelector.parse(s)));
            }
            r.selectors().forEach(s -> selectors.add(CelSelector.parse(s)));
            List<DraDevice> ok = new ArrayList<>();
            for (DraDevice d : devices) {
                // class selectors first, and the first false one ends the device's evaluation, as in
                // Kubernetes: a GPU class's attribute test never runs on a NIC
                boolean all = true;
                for (CelSelector s : selectors) {
                    if (!all) {
                        break;
                    }
                    try {
                        all = s.matches(d);
                    } catch (CelSelector.CelError e) {
                        return new DraAllocation.Unsatisfiable("request " + r.name() + ": selector \"" + s.source()
                                + "\" fails on device " + d.name() + ": " + e.getMessage());
                    }
                }
                if (all) {
                    ok.add(d);
                }
            }
            int need = r.mode() == DeviceRequest.Mode.ALL ? ok.size() : r.count();
            if (ok.isEmpty() || ok.size() < need) {
                return new DraAllocation.Unsatisfiable("request " + r.name() + ": " + ok.size() + " matching device"
                        + (ok.size() == 1 ? "" : "s") + " on the node, " + (r.mode() == DeviceRequest.Mode.ALL
                        ? "All needs at least one" : need + " needed"));
            }
            candidates.add(ok);
        }
        Search s = new Search(claim, candidates);
        if (s.request(0)) {
            Map<String, List<DraDevice>> out = new LinkedHashMap<>();
            for (int i = 0; i < claim.requests().size(); i++) {
                out.put(claim.requests().get(i).name(), List.copyOf(s.chosen.get(i)));
            }
            return new DraAllocation.Allocated(out);
        }
        return new DraAllocation.Unsatisfiable("no choice of devices keeps the constraints "
                + claim.constraints().stream().map(DeviceConstraint::matchAttribute).toList());
    }

    /** Depth-first over requests then devices, in order: the first solution is the allocator's. */
    private static final class Search {
        private static final int BUDGET = 1_000_000;
        private final ClaimSpec claim;
        private final List<List<DraDevice>> candidates;
        private final List<List<DraDevice>> chosen = new ArrayList<>();
        private final Set<String> used = new HashSet<>();
        private int steps;

        Search(ClaimSpec claim, List<List<DraDevice>> candidates) {
            this.claim = claim;
            this.candidates = candidates;
            candidates.forEach(c -> chosen.add(new ArrayList<>()));
        }

        boolean request(int r) {
            if (r == candidates.size()) {
                return true;
            }
            DeviceRequest req = claim.requests().get(r);
            int need = req.mode() == DeviceRequest.Mode.ALL ? candidates.get(r).size() : req.count();
            return device(r, 0, need);
        }

        private boolean device(int r, int from, int need) {
            if (chosen.get(r).size() == need) {
                return request(r + 1);
            }
            List<DraDevice> list = candidates.get(r);
            for (int i = from; i < list.size() && ++steps < BUDGET; i++) {
                DraDevice d = list.get(i);
                if (used.contains(d.id()) || !keepsConstraints(r, d)) {
                    continue;
                }
                used.add(d.id());
                chosen.get(r).add(d);
                if (device(r, i + 1, need)) {
                    return true;
                }
                chosen.get(r).remove(chosen.get(r).size() - 1);
                used.remove(d.id());
            }
            return false;
        }

        private boolean keepsConstraints(int r, DraDevice d) {
            String request = claim.requests().get(r).name();
            for (DeviceConstraint c : claim.constraints()) {
                if (!c.covers(request)) {
                    continue;
                }
                Optional<AttributeValue> v = d.attribute(c.matchAttribute());
                if (v.isEmpty()) {
                    return false;
                }
                for (int i = 0; i <= r; i++) {
                    if (!c.covers(claim.requests().get(i).name())) {
                        continue;
                    }
                    for (DraDevice other : chosen.get(i)) {
                        if (!v.equals(other.attribute(c.matchAttribute()))) {
                            return false;
                        }
                    }
                }
            }
            return true;
        }
    }
}
