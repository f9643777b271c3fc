package org.topoplanner.app.desktop.fabric;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.topoplanner.app.desktop.canvas.JobGrab;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.app.desktop.fabric.layout.RackBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;

/**
 * What the fabric view draws at a point of it, for one frame's zoom: the switch box, the host tile or
 * cell, the GPU cell and the job on it, the rack block. Presses, clicks, hovers and drops all ask this,
 * so they agree with each other and with what is drawn. Points are in the view's local space.
 *
 * @param layout    the laid-out fabric
 * @param viewport  the mapping between world and view
 * @param hostCells whether hosts are drawn one by one with names and GPU bars (else as tiles)
 * @param occupancy which job holds which GPU
 */
record FabricHits(FabricLayout layout, Viewport viewport, boolean hostCells, Occupancy occupancy) {

    /** The host drawn at a point (as a tile or cell), or -1; at rack level no single host is. */
    int hostIndexAt(double x, double y) {
        if (viewport.sx() * FabricLayout.HOST_W < LevelOfDetail.TILES_FROM_PX) {
            return -1;
        }
        return layout.hostAt(viewport.toWorldX(x), viewport.toWorldY(y));
    }

    /** The switch whose box (with 2 px of slack) holds a point, the one centred nearest when boxes touch; -1 for none. */
    int switchIndexAt(double x, double y) {
        SwitchGeometry geo = new SwitchGeometry(viewport);
        double wx = viewport.toWorldX(x);
        double wy = viewport.toWorldY(y);
        int[] best = {-1};
        double[] bestD = {Double.MAX_VALUE};
        double slackX = 80 / viewport.sx();
        layout.switchesIn(wx - slackX, wy - geo.maxHeight() / viewport.sy() - 2, wx + slackX, wy + 2, i -> {
            SwitchBox s = layout.switches().get(i);
            double left = geo.left(s);
            double top = geo.top(s);
            double w = geo.width(s);
            if (x >= left - 2 && x <= left + w + 2 && y >= top - 2 && y <= top + geo.height(s) + 2) {
                double d = Math.abs(x - (left + w / 2));
                if (d < bestD[0]) {
                    bestD[0] = d;
                    best[0] = i;
                }
            }
        });
        return best[0];
    }

    /** The rack block or frame at a point, or -1. */
    int rackAt(double x, double y) {
        return layout.rackAt(viewport.toWorldX(x), viewport.toWorldY(y));
    }

    /** The GPU of the GPU cell drawn at a point, or -1; tiles are too small to aim at one GPU, so they have none. */
    int gpuAt(double x, double y) {
        int h = hostCells ? hostIndexAt(x, y) : -1;
        return h < 0 ? -1 : HostBar.of(layout.hosts().get(h), viewport, hostCells).gpuAt(x, y);
    }

    /**
     * The placed job a press at a point takes hold of: the one on the GPU drawn there, or on the rest of
     * a host cell the job holding most of that host's GPUs (or, on a host without GPUs, its first job);
     * {@code null} over a free GPU, an empty host or anything else.
     */
    JobGrab jobAt(double x, double y) {
        int h = hostIndexAt(x, y);
        if (h < 0) {
            return null;
        }
        HostBox hb = layout.hosts().get(h);
        HostBar bar = HostBar.of(hb, viewport, hostCells);
        int g = bar.gpuAt(x, y);
        if (g >= 0) {
            String job = occupancy.jobOn(hb.name(), g);
            return job == null ? null : new JobGrab(job, hb.name());
        }
        Map<String, Integer> held = new HashMap<>();
        String most = null;
        for (int i = 0; i < hb.gpus(); i++) {
            String job = occupancy.jobOn(hb.name(), i);
            if (job != null && held.merge(job, 1, Integer::sum) > held.getOrDefault(most, 0)) {
                most = job;
            }
        }
        if (most == null && !occupancy.jobsOn(hb.name()).isEmpty()) {
            most = occupancy.jobsOn(hb.name()).iterator().next();
        }
        return most == null ? null : new JobGrab(most, hb.name());
    }

    /**
     * The hosts a drop at a point targets: the host there, else all hosts of the rack there, else all
     * hosts below the switch there; empty over the background.
     */
    List<String> hostsAt(double x, double y) {
        int h = hostIndexAt(x, y);
        if (h >= 0) {
            return List.of(layout.hosts().get(h).name());
        }
        int r = rackAt(x, y);
        List<String> out = new ArrayList<>();
        if (r >= 0) {
            addHostsOf(layout.racks().get(r), out);
            return out;
        }
        int s = switchIndexAt(x, y);
        if (s >= 0) {
            BitSet below = layout.racksBelowShared(s);
            for (int k = below.nextSetBit(0); k >= 0; k = below.nextSetBit(k + 1)) {
                addHostsOf(layout.racks().get(k), out);
            }
        }
        return out;
    }

    private void addHostsOf(RackBox rb, List<String> out) {
        for (int i = rb.firstHost(); i < rb.firstHost() + rb.hostCount(); i++) {
            out.add(layout.hosts().get(i).name());
        }
    }
}
