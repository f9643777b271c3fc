package org.topoplanner.app.desktop.fabric;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.geometry.Point2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Region;
import javafx.scene.shape.Rectangle;
import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.desktop.canvas.JobGrab;
import org.topoplanner.app.desktop.canvas.MoveBadge;
import org.topoplanner.app.desktop.canvas.MoveGesture;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.canvas.ShareMoves;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.RackBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;
import org.topoplanner.model.cluster.Cluster;

/**
 * The fabric view: switches in tiers above racks of hosts, drawn on a {@link Canvas}, with zoom
 * (wheel, around the pointer), pan (drag the background), level of detail, hover card, selection,
 * search dimming, a minimap, a drag ghost, and placed jobs grabbed by their GPUs and moved by hand
 * (see {@link #setOnJobMove}). Scene-graph nodes are used only for overlays. The mouse and keys are
 * {@link FabricPointer}'s, the hovered item and its card {@link FabricHover}'s, and what lies under a
 * point {@link FabricHits}'.
 *
 * <p>Give it a cluster with {@link #setCluster} (laid out off the FX thread) or a ready
 * {@link FabricLayout} with {@link #setLayout}; give it jobs with {@link #setOccupancy}. All
 * methods are for the FX thread. Coordinates passed to {@link #hostAt}/{@link #switchAt} are in
 * this region's local space.
 */
public final class FabricView extends Region {
    private static final Executor LAYOUT_THREAD = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fabric-layout");
        t.setDaemon(true);
        return t;
    });

    private final Canvas canvas = new Canvas();
    private final MoveBadge badge = new MoveBadge();
    private final MoveGesture<JobGrab, Point2D> move = new MoveGesture<>(this, badge, this::showLeaving);
    private final Minimap minimap = new Minimap();
    /** A ring around the view while it has the keyboard, drawn over the canvas (a border would be under it). */
    private final Region focusRing = new Region();
    private String selectedJob;
    private java.util.BitSet jobHosts = new java.util.BitSet();
    /** Whether the job list, not the tree or a click, made the latest selection (zoom to selection follows it). */
    private boolean jobSelectedLast;
    private final FabricLegend legend = new FabricLegend();
    /** The legend's width when last laid out open. */
    private double openLegendWidth;
    private final FabricHover hover = new FabricHover(this);
    private final ReadOnlyObjectWrapper<FabricLayout> layout = new ReadOnlyObjectWrapper<>(this, "layout");
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme", Theme.LIGHT);
    private final BooleanProperty colourBlindSafe = new SimpleBooleanProperty(this, "colourBlindSafe");
    private final StringProperty selection = new SimpleStringProperty(this, "selection");
    private final ReadOnlyObjectWrapper<Viewport> viewport = new ReadOnlyObjectWrapper<>(this, "viewport");
    private Occupancy occupancy = Occupancy.empty();
    /** What the next frame paints; replaced, never changed, on every change of what the view shows. */
    private FabricFrame frame = FabricFrame.of(Theme.LIGHT.palette(), null);
    private FabricRenderer renderer;
    private boolean redrawPending;
    private boolean fitPending = true;
    private long generation;
    private long lastFrameNanos;
    /** Frames drawn so far (how a benchmark knows the first frame of a new layout was issued). */
    private long framesDrawn;

    public FabricView() {
        getStyleClass().addAll("fabric-view", "tp-themed");
        setId("fabricView");
        setFocusTraversable(true);
        getStylesheets().setAll(Theme.LIGHT.stylesheets());
        focusRing.getStyleClass().add("focus-ring");
        focusRing.setMouseTransparent(true);
        focusRing.visibleProperty().bind(focusedProperty());
        getChildren().addAll(canvas, legend, minimap, badge, focusRing);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(widthProperty());
        clip.heightProperty().bind(heightProperty());
        setClip(clip);
        minimap.setOnJump((wx, wy) -> setViewport(viewport().centredOn(wx, wy)));
        for (Region overlay : List.of(minimap, legend)) {
            // Pointer events on an overlay are its own: bubbling up to the view they would select, pan
            // or grab a job hidden under it, and the card of what was hovered before would stay up.
            overlay.addEventHandler(MouseEvent.ANY, e -> {
                if (e.getEventType() == MouseEvent.MOUSE_ENTERED) {
                    hover.hide();
                }
                e.consume();
            });
        }
        theme.addListener((o, a, t) -> {
            getStylesheets().setAll(t.stylesheets());
            hover.setTheme(t);
            frame = frame.withPalette(t.palette().withColourBlindSafeJobs(colourBlindSafe.get()));
            refreshOverlays();
            requestRedraw();
        });
        colourBlindSafe.addListener((o, a, safe) -> {
            frame = frame.withPalette(frame.palette().withColourBlindSafeJobs(safe));
            refreshOverlays();
            requestRedraw();
        });
        selection.addListener((o, a, name) -> {
            if (name != null) {
                jobSelectedLast = false;
            }
            applySelection(name);
            requestRedraw();
        });
        new FabricPointer(this, hover, move).install();
        setLayout(FabricLayout.compute(new Cluster("empty", new org.topoplanner.model.fabric.FabricBuilder().build(),
                Map.of(), Map.of(), null, null)));
    }

    /** A view laying out {@code cluster} in the background. */
    public FabricView(Cluster cluster) {
        this();
        setCluster(cluster);
    }

    // ---- content -------------------------------------------------------------------------

    /**
     * Lays the cluster out off the FX thread and shows it when done; a later call wins over an
     * earlier one still running. The future completes on the FX thread after the view shows it.
     */
    public CompletableFuture<FabricLayout> setCluster(Cluster cluster) {
        long gen = ++generation;
        CompletableFuture<FabricLayout> shown = new CompletableFuture<>();
        CompletableFuture.supplyAsync(() -> FabricLayout.compute(cluster), LAYOUT_THREAD).whenComplete((l, err) ->
                Platform.runLater(() -> {
                    if (err != null) {
                        shown.completeExceptionally(err);
                    } else if (gen == generation) {
                        setLayout(l);
                        shown.complete(l);
                    } else {
                        shown.cancel(false);
                    }
                }));
        return shown;
    }

    /** Shows a ready layout at once (FX thread), fitted to the view. */
    public void setLayout(FabricLayout l) {
        String keep = selection.get();
        renderer = new FabricRenderer(l);
        layout.set(l);
        // A new layout keeps only the theme and the hover: no search, ghost or move carries over.
        frame = FabricFrame.of(frame.palette(), FabricCounts.of(l, occupancy)).withHover(frame.hover());
        applySelection(keep);
        fitPending = true;
        refreshOverlays();
        requestLayout();
        requestRedraw();
    }

    public FabricLayout getLayout() {
        return layout.get();
    }

    public ReadOnlyObjectProperty<FabricLayout> layoutProperty() {
        return layout.getReadOnlyProperty();
    }

    /** Shows which job holds which GPU. */
    public void setOccupancy(Occupancy o) {
        occupancy = o == null ? Occupancy.empty() : o;
        hover.hide();
        frame = frame.withCounts(FabricCounts.of(layout.get(), occupancy));
        refreshOverlays();
        requestRedraw();
    }

    public Occupancy getOccupancy() {
        return occupancy;
    }

    /** The counts behind the labels (free/total per switch and rack) for the current occupancy. */
    public FabricCounts getCounts() {
        return frame.counts();
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    public void setTheme(Theme t) {
        theme.set(t);
    }

    /** Jobs drawn in the colour-blind-safe set (Okabe–Ito) rather than the theme's own colours. */
    public BooleanProperty colourBlindSafeProperty() {
        return colourBlindSafe;
    }

    /** The colours the next frame is drawn in: the theme's, with the chosen job colours. */
    public Palette palette() {
        return frame.palette();
    }

    // ---- selection, search, ghost -----------------------------------------------------------

    /** The selected switch or host name, or {@code null}; set it to select from outside. */
    public StringProperty selectionProperty() {
        return selection;
    }

    /** The switch, host or rack under the pointer, or {@code null}. */
    public ReadOnlyStringProperty hoveredProperty() {
        return hover.hoveredProperty();
    }

    private void applySelection(String name) {
        FabricLayout l = layout.get();
        frame = frame.withSelection(name == null || l == null ? -1 : l.switchIndex(name),
                name == null || l == null ? -1 : l.hostIndex(name));
    }

    /**
     * Dims everything that does not match {@code query} (see {@link FabricSearch}); blank clears.
     *
     * @return how many switches and hosts match
     */
    public int highlight(String query) {
        FabricLayout l = layout.get();
        if (query == null || query.isBlank()) {
            frame = frame.withHighlight(FabricFrame.Highlight.NONE);
            requestRedraw();
            return 0;
        }
        FabricSearch m = FabricSearch.of(l, occupancy, query);
        frame = frame.withHighlight(new FabricFrame.Highlight(true, m.hosts(), m.switches(), m.perRack()));
        requestRedraw();
        return m.total();
    }

    /** True while a search dims what does not match it. */
    public boolean isHighlighting() {
        return frame.highlight().active();
    }

    /**
     * Draws a drag ghost over {@code hosts}: the GPUs listed per host in {@code gpus} (all GPUs
     * of a host missing from the map), coloured by {@code ghostState}. Unknown names are ignored.
     */
    public void ghost(Set<String> hosts, Map<String, List<Integer>> gpus, GhostState ghostState) {
        if (hosts == null || hosts.isEmpty() || ghostState == null) {
            clearGhost();
            return;
        }
        frame = frame.withGhost(FabricFrame.Ghost.over(layout.get(), hosts, gpus, ghostState));
        badge.verdict(ghostState);
        refreshMarks();
        requestRedraw();
    }

    public void clearGhost() {
        frame = frame.withGhost(FabricFrame.Ghost.NONE);
        badge.verdict(null);
        refreshMarks();
        requestRedraw();
    }

    /**
     * Lets placed jobs be grabbed by their GPUs and dragged: {@code moves} is told where the pointer
     * goes (a local point), where the job is dropped and when the move is given up. Without a listener
     * a press on a job only selects, as before.
     */
    public void setOnJobMove(ShareMoves<JobGrab, Point2D> moves) {
        move.setListener(moves);
    }

    /** The share being moved by hand now, drawn as leaving its host; {@code null} when nothing moves. */
    public JobGrab movingShare() {
        FabricFrame.Leaving l = frame.leaving();
        return l.job() == null ? null : new JobGrab(l.job(), layout.get().hosts().get(l.host()).name());
    }

    private void showLeaving(JobGrab grab) {
        int host = grab == null ? -1 : layout.get().hostIndex(grab.host());
        frame = frame.withLeaving(host < 0 ? FabricFrame.Leaving.NONE : new FabricFrame.Leaving(host, grab.job()));
        requestRedraw();
    }

    // ---- hit testing ------------------------------------------------------------------------

    /** The host drawn at a local point (as a tile or cell), or {@code null}; at rack level no single host is. */
    public String hostAt(double x, double y) {
        int i = hits().hostIndexAt(x, y);
        return i < 0 ? null : layout.get().hosts().get(i).name();
    }

    /** The GPU index of the GPU cell drawn at a local point, or -1 (no host cell there, or cells drawn without GPUs). */
    public int gpuAt(double x, double y) {
        return hits().gpuAt(x, y);
    }

    /**
     * The placed job a press at a local point takes hold of: the one on the GPU drawn there, or on the
     * rest of a host cell the job holding most of that host's GPUs (or, on a host without GPUs, its
     * first job); {@code null} over a free GPU, an empty host or anything else.
     */
    public JobGrab jobAt(double x, double y) {
        return hits().jobAt(x, y);
    }

    /** The switch drawn at a local point, or {@code null}. */
    public String switchAt(double x, double y) {
        int i = hits().switchIndexAt(x, y);
        return i < 0 ? null : layout.get().switches().get(i).name();
    }

    /**
     * The hosts a drop at a local point targets: the host there, else all hosts of the rack
     * there, else all hosts below the switch there; empty over the background.
     */
    public List<String> hostsAt(double x, double y) {
        return hits().hostsAt(x, y);
    }

    /** What is drawn where, at the current zoom and level of detail. */
    FabricHits hits() {
        return new FabricHits(layout.get(), viewport(), levelOfDetail().hosts(), occupancy);
    }

    // ---- zoom and pan -----------------------------------------------------------------------

    /** The current mapping between world and view. */
    public Viewport viewport() {
        Viewport v = viewport.get();
        if (v == null) {
            FabricLayout l = layout.get();
            v = Viewport.fit(Math.max(1, getWidth()), Math.max(1, getHeight()), l.width(), l.height());
            viewport.set(v);
        }
        return v;
    }

    public ReadOnlyObjectProperty<Viewport> viewportProperty() {
        return viewport.getReadOnlyProperty();
    }

    public void setViewport(Viewport v) {
        viewport.set(v);
        legend.zoomedIn(!v.showsAll());
        minimap.showViewport(v);
        minimap.setVisible(!v.showsAll() && getWidth() > Minimap.WIDTH * 2.5);
        requestRedraw();
    }

    /** What the last frame drew (hosts, tiles or rack blocks; labels; merged links). */
    public LevelOfDetail levelOfDetail() {
        return renderer == null ? LevelOfDetail.of(viewport(), 0) : renderer.lastLevelOfDetail();
    }

    public void zoomToFit() {
        setViewport(fitted());
    }

    /** The fit viewport, leaving the legend its own strip on the right. */
    private Viewport fitted() {
        FabricLayout l = layout.get();
        // the open key's width, also while it is folded: at fit it opens again and must not cover the picture
        double reserved = legend.isVisible() && legend.getOpacity() > 0 ? Math.max(openLegendWidth, legend.prefWidth(-1)) + 20 : 0;
        // The row labels pinned on the left take about 70 px.
        return Viewport.fit(Math.max(1, getWidth()), Math.max(1, getHeight()), l.width(), l.height(), 70, reserved);
    }

    /** How near an edge (px) a drag starts moving the view. */
    public static final double EDGE_PAN_BAND = 28;

    /**
     * While something is dragged over the view: within {@link #EDGE_PAN_BAND} of an edge the view
     * moves that way, faster the nearer the edge, so a target off screen can be reached without
     * letting go. The minimap and legend corners count as edges too.
     *
     * @return whether the view moved
     */
    public boolean panNearEdge(double x, double y) {
        double dx = edgeStep(x, getWidth());
        double dy = edgeStep(y, getHeight());
        if (dx == 0 && dy == 0) {
            return false;
        }
        Viewport before = viewport();
        Viewport after = before.panBy(dx, dy);
        if (after.equals(before)) {
            return false;
        }
        setViewport(after);
        return true;
    }

    /** Pixels to move for a pointer at {@code at} in a span of {@code size}: positive near the low edge. */
    private static double edgeStep(double at, double size) {
        if (at < EDGE_PAN_BAND) {
            return 4 + 16 * (EDGE_PAN_BAND - Math.max(0, at)) / EDGE_PAN_BAND;
        }
        if (at > size - EDGE_PAN_BAND) {
            return -(4 + 16 * (at - (size - EDGE_PAN_BAND)) / EDGE_PAN_BAND);
        }
        return 0;
    }

    /** Zooms by {@code factor} around a local point. */
    public void zoomAt(double factor, double x, double y) {
        setViewport(viewport().zoomAt(factor, x, y));
    }

    /**
     * Shows the selection: the job selected last in the job list with all its hosts, else a switch
     * with everything below it, a host with its rack and the switches above it, hosts drawn one by one
     * when the rack fits.
     */
    public void zoomToSelection() {
        FabricLayout l = layout.get();
        double[] b;
        if (jobSelectedLast && jobBounds() != null) {
            b = jobBounds();
        } else if (frame.selectedSwitch() >= 0) {
            b = l.subtreeBounds(frame.selectedSwitch());
        } else if (frame.selectedHost() >= 0) {
            b = rackBounds(l.hosts().get(frame.selectedHost()).rack());
        } else {
            return;
        }
        setViewport(viewport().showing(b[0], b[1], b[2], b[3], Viewport.MAX_SCALE / 2));
    }

    /**
     * Brings the selected switch or host into view when it is off screen (centred, the zoom kept), as
     * the arrow keys walk the fabric; one already in view leaves the view alone.
     */
    public void revealSelection() {
        FabricLayout l = layout.get();
        double[] b;
        if (frame.selectedSwitch() >= 0) {
            SwitchBox s = l.switches().get(frame.selectedSwitch());
            b = new double[] {s.x(), s.y(), s.x() + s.w(), s.y() + s.h()};
        } else if (frame.selectedHost() >= 0) {
            var h = l.hosts().get(frame.selectedHost());
            b = new double[] {h.x(), h.y(), h.x() + h.w(), h.y() + h.h()};
        } else {
            return;
        }
        double[] v = viewport().visibleWorld();
        if (b[0] < v[0] || b[1] < v[1] || b[2] > v[2] || b[3] > v[3]) {
            setViewport(viewport().centredOn((b[0] + b[2]) / 2, (b[1] + b[3]) / 2));
        }
    }

    /** Zooms in on a rack block until its hosts are drawn one by one. */
    void zoomToRack(int rack) {
        double[] b = rackBounds(rack);
        setViewport(viewport().showing(b[0], b[1], b[2], b[3], Viewport.MAX_SCALE / 2));
    }

    private double[] rackBounds(int rack) {
        FabricLayout l = layout.get();
        RackBox r = l.racks().get(rack);
        double[] b = {r.x(), r.y(), r.x() + r.w(), r.y() + r.h()};
        for (int up : r.uplinks()) {
            SwitchBox s = l.switches().get(up);
            b[0] = Math.min(b[0], s.x());
            b[1] = Math.min(b[1], s.y());
            b[2] = Math.max(b[2], s.x() + s.w());
        }
        return b;
    }

    // ---- painting ---------------------------------------------------------------------------

    /** Schedules one redraw for the next pulse; many requests in one pulse draw once. */
    public void requestRedraw() {
        if (!redrawPending) {
            redrawPending = true;
            Platform.runLater(() -> {
                redrawPending = false;
                redraw();
            });
        }
    }

    /** Draws a frame now; returns the nanoseconds spent issuing it. */
    public long redraw() {
        if (renderer == null || canvas.getWidth() < 1 || canvas.getHeight() < 1) {
            return 0;
        }
        long t0 = System.nanoTime();
        renderer.draw(canvas.getGraphicsContext2D(), viewport(), frame);
        lastFrameNanos = System.nanoTime() - t0;
        framesDrawn++;
        return lastFrameNanos;
    }

    /** How many frames this view has drawn into its canvas. */
    public long framesDrawn() {
        return framesDrawn;
    }

    /** Nanoseconds the last frame took to issue (canvas rasterisation happens later, in the pulse). */
    public long lastFrameNanos() {
        return lastFrameNanos;
    }

    private void refreshOverlays() {
        FabricLayout l = layout.get();
        if (l == null || frame.counts() == null) {
            return;
        }
        legend.update(l, occupancy, frame.palette());
        minimap.paint(l, frame.counts(), frame.palette());
        refreshMarks();
    }

    // ---- the selected job -------------------------------------------------------------------

    /**
     * The job selected in the job list (or {@code null}) and the hosts it runs on: marked on the
     * minimap, and what {@link #zoomToSelection} shows until a switch or host is selected again.
     */
    public void setSelectedJob(String job, java.util.Collection<String> hosts) {
        selectedJob = job;
        jobHosts = new java.util.BitSet();
        FabricLayout l = layout.get();
        if (job != null && l != null) {
            for (String h : hosts) {
                int i = l.hostIndex(h);
                if (i >= 0) {
                    jobHosts.set(i);
                }
            }
        }
        jobSelectedLast = job != null && !jobHosts.isEmpty();
        refreshMarks();
    }

    /** The hosts of the selected job as layout indices (empty without one). */
    public java.util.BitSet selectedJobHosts() {
        return (java.util.BitSet) jobHosts.clone();
    }

    /**
     * Brings the selected job into view when part of it is off screen: the whole job, as close as
     * {@link #zoomToSelection} would show it. A job already in view leaves the view alone.
     *
     * @return whether the view moved
     */
    public boolean revealJob() {
        double[] b = jobBounds();
        if (b == null) {
            return false;
        }
        double[] v = viewport().visibleWorld();
        if (b[0] >= v[0] && b[1] >= v[1] && b[2] <= v[2] && b[3] <= v[3]) {
            return false;
        }
        setViewport(viewport().showing(b[0], b[1], b[2], b[3], Viewport.MAX_SCALE / 2));
        return true;
    }

    /** The world box around the selected job's hosts, or {@code null}. */
    private double[] jobBounds() {
        FabricLayout l = layout.get();
        if (l == null || jobHosts.isEmpty()) {
            return null;
        }
        double[] b = {Double.MAX_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, -Double.MAX_VALUE};
        for (int i = jobHosts.nextSetBit(0); i >= 0; i = jobHosts.nextSetBit(i + 1)) {
            var h = l.hosts().get(i);
            b[0] = Math.min(b[0], h.x());
            b[1] = Math.min(b[1], h.y());
            b[2] = Math.max(b[2], h.x() + h.w());
            b[3] = Math.max(b[3], h.y() + h.h());
        }
        return b;
    }

    private void refreshMarks() {
        FabricLayout l = layout.get();
        if (l == null) {
            return;
        }
        FabricFrame.Ghost g = frame.ghost();
        minimap.showMarks(jobHosts, selectedJob == null ? null : frame.palette().jobColour(occupancy, selectedJob),
                g.hosts(), g.state() == null ? null : frame.palette().ghost(g.state()));
    }

    /** Shows or hides the legend (it is on by default). */
    public void setLegendVisible(boolean show) {
        legend.setManaged(show);
        legend.setOpacity(show ? 1 : 0);
        legend.setMouseTransparent(!show);
    }

    @Override
    protected void layoutChildren() {
        double w = getWidth();
        double h = getHeight();
        if (canvas.getWidth() != w || canvas.getHeight() != h) {
            canvas.setWidth(w);
            canvas.setHeight(h);
            FabricLayout l = layout.get();
            Viewport old = viewport.get();
            if (fitPending || old == null) {
                viewport.set(fitted());
            } else {
                viewport.set(old.resized(w, h));
            }
            setViewport(viewport.get());
        } else if (fitPending) {
            setViewport(fitted());
        }
        if (w > 1 && h > 1) {
            fitPending = false;
        }
        focusRing.resizeRelocate(0, 0, w, h);
        legend.autosize();
        if (!legend.isFolded()) {
            openLegendWidth = legend.getWidth();
        }
        legend.relocate(w - legend.getWidth() - 10, 10);
        minimap.relocate(w - Minimap.WIDTH - 10, h - Minimap.HEIGHT - 10);
        redraw();
    }

    @Override
    protected double computePrefWidth(double height) {
        return 900;
    }

    @Override
    protected double computePrefHeight(double width) {
        return 600;
    }

    /** The hover card (for tests and for styling). */
    public HoverCard card() {
        return hover.card();
    }

    /** What the next frame paints (for the hover and the cards). */
    FabricFrame frame() {
        return frame;
    }

    /** The pointer rests on another item (or none); the outline follows in the next frame. */
    void setHover(FabricFrame.Hover h) {
        frame = frame.withHover(h);
        requestRedraw();
    }

    Minimap minimap() {
        return minimap;
    }
}
