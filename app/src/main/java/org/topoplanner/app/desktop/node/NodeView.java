package org.topoplanner.app.desktop.node;

import java.util.LinkedHashSet;
import java.util.List;
import org.topoplanner.app.desktop.node.layout.NodeBox;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;
import javafx.geometry.Point2D;
import javafx.scene.Cursor;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.controlsfx.control.SegmentedButton;
import org.topoplanner.app.desktop.canvas.GhostState;
import org.topoplanner.app.desktop.canvas.GpuGrab;
import org.topoplanner.app.desktop.canvas.MoveBadge;
import org.topoplanner.app.desktop.canvas.MoveGesture;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.canvas.ShareMoves;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.node.layout.NodeLayout;
import org.topoplanner.model.node.NodeTopology;

/**
 * The node view: one host's inside as lstopo-like nested boxes on a {@link Canvas} (hundreds of
 * boxes, redrawn whole on every change, hit-tested against the layout: cheaper and simpler than
 * a node per core), or as the {@code nvidia-smi topo -m} matrix. GPUs, cores and NICs take the
 * colour of the job holding them. GPUs are selectable (click; shift-click adds or removes). A placed
 * job is grabbed by one of its GPUs and dragged onto other GPUs (see {@link #setOnGpuMove}); a drag
 * ghost shows where a job would land.
 */
public final class NodeView extends BorderPane {
    /** Below this scale the cores of each NUMA node are folded into ranges. */
    static final double FOLD_BELOW = 0.74;
    /** 11 px for the smallest box title (10.5 layout units) the painter draws. */
    static final double READABLE_SCALE = 11 / 10.5;
    private static final double MIN_ZOOM_SCALE = 0.2;
    private static final double MAX_ZOOM_SCALE = 6;
    private static final double MARGIN = 8;
    static final double MAX_SCALE = 1.35;

    /** How far (in pixels, x plus y) a press travels before it is a drag rather than a click. */
    private static final double CLICK_SLOP = 3;
    private final Canvas canvas = new Canvas();
    private final MoveBadge badge = new MoveBadge();
    private final Pane canvasPane = new Pane(canvas, badge);
    /** A move starting or ending redraws: the share leaving is drawn from {@link #movingJob()}. */
    private final MoveGesture<GpuGrab, Integer> move = new MoveGesture<>(canvasPane, badge, g -> redraw());
    private final TopoMatrixView matrix = new TopoMatrixView();
    private final ScrollPane matrixScroll = new ScrollPane(matrix);
    private final Label title = new Label("No host");
    private final Label subtitle = new Label();
    private final NodeLegend legend = new NodeLegend();
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme", Theme.LIGHT);
    private final javafx.beans.property.BooleanProperty colourBlindSafe =
            new javafx.beans.property.SimpleBooleanProperty(this, "colourBlindSafe");
    private final BooleanProperty matrixShown = new SimpleBooleanProperty(this, "matrixShown", false);
    /** The matrix shows another host or palette than the view: filled again when it is next shown. */
    private boolean matrixStale = true;
    private final ObservableSet<Integer> selectedGpus = FXCollections.observableSet(new LinkedHashSet<>());
    private String host = "";
    private NodeTopology topology = NodeTopology.unknown();
    private Occupancy occupancy = Occupancy.empty();
    private NodeLayout layout;
    /**
     * Asked to lay out while in no scene: the window adds the view when its tab is first selected, and the
     * layout, legend and drawing wait for that (issue 15: the start laid out and drew a host nobody saw).
     */
    private boolean layoutStale;
    private NodePainter painter;
    private double scale = 1;
    private double offsetX;
    private double offsetY;
    /** Set once the user zooms or pans; {@code null} shows the default view ({@link #defaultScale}). */
    private double[] manualView;
    private int hoveredGpu = -1;
    private List<Integer> ghostGpus = List.of();
    private GhostState ghostState;
    private double pressX;
    private double pressY;
    private double lastDragX;
    private double lastDragY;
    private boolean dragged;

    private org.topoplanner.model.nvlink.NvlinkDomains nvlinkDomains = org.topoplanner.model.nvlink.NvlinkDomains.none();

    public NodeView() {
        getStyleClass().addAll("node-view", "tp-themed");
        setId("nodeView");
        getStylesheets().setAll(Theme.LIGHT.stylesheets());
        title.getStyleClass().add("view-title");
        ToggleButton topo = new ToggleButton("Topology");
        topo.setId("nodeTopologyToggle");
        ToggleButton mx = new ToggleButton("Matrix");
        mx.setId("nodeMatrixToggle");
        SegmentedButton mode = new SegmentedButton(topo, mx);
        topo.setSelected(true);
        mx.selectedProperty().bindBidirectional(matrixShown);
        topo.selectedProperty().addListener((o, a, on) -> {
            if (!on && !mx.isSelected()) {
                topo.setSelected(true);
            }
        });
        mx.selectedProperty().addListener((o, a, on) -> {
            if (!on && !topo.isSelected()) {
                topo.setSelected(true);
            }
        });
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        javafx.scene.control.Button fit = new javafx.scene.control.Button("Fit");
        fit.setId("nodeFit");
        fit.setOnAction(e -> zoomToFit());
        javafx.scene.control.Button readable = new javafx.scene.control.Button("Readable");
        readable.setId("nodeReadable");
        readable.setOnAction(e -> resetZoom());
        fit.disableProperty().bind(matrixShown);
        readable.disableProperty().bind(matrixShown);
        subtitle.setId("nodeSubtitle");
        HBox bar = new HBox(6, title, subtitle, spacer, fit, readable, mode);
        bar.getStyleClass().add("view-toolbar");
        setTop(bar);
        // a matrix wider than the pane scrolls rather than cutting its headers
        matrixScroll.setFitToWidth(false);
        matrixScroll.setId("nodeMatrixScroll");
        StackPane centre = new StackPane(canvasPane, matrixScroll);
        setCenter(centre);
        setBottom(legend);
        matrixScroll.visibleProperty().bind(matrixShown);
        canvasPane.visibleProperty().bind(matrixShown.not());
        canvasPane.widthProperty().addListener((o, a, b) -> relayout());
        canvasPane.heightProperty().addListener((o, a, b) -> relayout());
        sceneProperty().addListener((o, a, shown) -> {
            // each tooltip is a popup window of its own: made when the view is first in a scene, not at start
            if (shown != null && fit.getTooltip() == null) {
                fit.setTooltip(new javafx.scene.control.Tooltip(
                        "The whole node in view (text may get small); the wheel zooms, a drag pans"));
                readable.setTooltip(new javafx.scene.control.Tooltip(
                        "Back to the default zoom, where every title is at least 11 px (0 or a double-click)"));
            }
            if (shown != null && layoutStale) {
                relayout();
            }
        });
        badge.setId("nodeMoveBadge");
        canvas.setOnMousePressed(this::onPressed);
        canvas.setOnMouseDragged(this::onDragged);
        canvas.setOnMouseReleased(this::onReleased);
        canvas.setOnMouseClicked(this::onClicked);
        canvas.setOnMouseMoved(this::onMoved);
        canvas.setOnMouseExited(e -> setHovered(-1));
        canvas.setOnScroll(e -> {
            if (e.getDeltaY() != 0) {
                zoomAt(Math.pow(1.0015, e.getDeltaY()), e.getX(), e.getY());
                e.consume();
            }
        });
        addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ESCAPE && move.cancel()) {
                e.consume();
            } else if (e.getCode() == KeyCode.PLUS || e.getCode() == KeyCode.EQUALS || e.getCode() == KeyCode.ADD) {
                zoomAt(1.25, canvasPane.getWidth() / 2, canvasPane.getHeight() / 2);
                e.consume();
            } else if (e.getCode() == KeyCode.MINUS || e.getCode() == KeyCode.SUBTRACT) {
                zoomAt(0.8, canvasPane.getWidth() / 2, canvasPane.getHeight() / 2);
                e.consume();
            } else if (e.getCode() == KeyCode.DIGIT0 && !e.isShortcutDown()) {
                resetZoom();
                e.consume();
            }
        });
        selectedGpus.addListener((javafx.collections.SetChangeListener<Integer>) c -> redraw());
        matrixShown.addListener((o, a, b) -> {
            if (b && matrixStale) {
                refreshMatrix();
            }
            refreshLegend();
            redraw();
        });
        colourBlindSafe.addListener((o, a, safe) -> {
            refreshLegend();
            redraw();
        });
        theme.addListener((o, a, t) -> {
            getStylesheets().setAll(t.stylesheets());
            refreshMatrix();
            refreshLegend();
            redraw();
        });
        setPrefSize(1000, 640);
    }

    /** The cluster's multi-node NVLink domains, so a tray's GPUs show the domain they belong to. */
    public void setNvlinkDomains(org.topoplanner.model.nvlink.NvlinkDomains domains) {
        nvlinkDomains = domains == null ? org.topoplanner.model.nvlink.NvlinkDomains.none() : domains;
        subtitle.setText(subtitleText());
        redraw();
    }

    /** The model, and the NVLink domain of a tray of a multi-node NVLink rack. */
    private String subtitleText() {
        String model = topology.model() == null ? "" : "  " + topology.model();
        return model + nvlinkDomains.ofHost(host).map(d -> "  \u00b7  "
                + NvlinkMembershipPainter.caption(d, topology.gpus().size())).orElse("");
    }

    /** Shows a host's inside; the GPU selection, a ghost and a move under way are cleared. */
    public void show(String hostName, NodeTopology t) {
        move.cancel();
        ghostGpus = List.of();
        ghostState = null;
        badge.verdict(null);
        host = hostName == null ? "" : hostName;
        topology = t == null ? NodeTopology.unknown() : t;
        selectedGpus.clear();
        title.setText(host.isEmpty() ? "Node" : host);
        subtitle.setText(subtitleText());
        refreshMatrix();
        manualView = null;
        relayout();
    }

    /**
     * Fills the {@code nvidia-smi topo -m} matrix for the host shown, only while it is shown: it is a grid of
     * a label and a tooltip per device pair, which the window's start and every import (showing the first
     * host) built for a view that is hidden until asked for.
     */
    private void refreshMatrix() {
        matrixStale = !matrixShown.get();
        if (!matrixStale) {
            matrix.show(topology, palette());
        }
    }

    public void setOccupancy(Occupancy o) {
        occupancy = o == null ? Occupancy.empty() : o;
        relayout();
    }

    public Occupancy getOccupancy() {
        return occupancy;
    }

    public String getHost() {
        return host;
    }

    public NodeTopology getTopology() {
        return topology;
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    public void setTheme(Theme t) {
        theme.set(t);
    }

    /** True while the {@code nvidia-smi topo -m} matrix is shown instead of the boxes. */
    public BooleanProperty matrixShownProperty() {
        return matrixShown;
    }

    /** Selected GPU indices; click selects one, shift-click toggles; change it to select from outside. */
    public ObservableSet<Integer> getSelectedGpus() {
        return selectedGpus;
    }

    /** The layout drawn now (folded or not), for tests and inspectors. */
    public NodeLayout getLayout() {
        if (layoutStale) {
            computeLayout();
        }
        return layout;
    }

    /** The GPU index under a point in this view's local coordinates, or -1 (also while the matrix shows). */
    public int gpuAt(double x, double y) {
        if (layout == null || matrixShown.get()) {
            return -1;
        }
        Point2D c = canvas.sceneToLocal(localToScene(x, y));
        return layout.gpuAt((c.getX() - offsetX) / scale, (c.getY() - offsetY) / scale);
    }

    /** Every box under a point in local coordinates, outermost first; empty off the picture or while the matrix shows. */
    public List<NodeBox> boxesAt(double x, double y) {
        if (layout == null || matrixShown.get()) {
            return List.of();
        }
        Point2D c = canvas.sceneToLocal(localToScene(x, y));
        return layout.boxesAt((c.getX() - offsetX) / scale, (c.getY() - offsetY) / scale);
    }

    /**
     * Lets placed jobs be grabbed by a GPU and dragged onto other GPUs: {@code moves} is told which
     * GPU the pointer is over, where the job is dropped and when the move is given up. Without a
     * listener a press on a GPU only selects, as before.
     */
    public void setOnGpuMove(ShareMoves<GpuGrab, Integer> moves) {
        move.setListener(moves);
    }

    /**
     * Draws a drag ghost over GPUs of the host shown, coloured by {@code state}; an empty list or a
     * {@code null} state clears it.
     */
    public void ghost(List<Integer> gpus, GhostState state) {
        boolean none = gpus == null || gpus.isEmpty() || state == null;
        ghostGpus = none ? List.of() : List.copyOf(gpus);
        ghostState = none ? null : state;
        badge.verdict(ghostState);
        redraw();
    }

    public void clearGhost() {
        ghost(List.of(), null);
    }

    /** The GPUs the drag ghost covers now (empty when there is none). */
    public List<Integer> ghostGpus() {
        return ghostGpus;
    }

    /** The job being moved by hand now, or {@code null}. */
    public String movingJob() {
        GpuGrab g = move.moving();
        return g == null ? null : g.job();
    }

    /** Lays out again for the current size (folding cores when the full picture would be too small). */
    private void relayout() {
        if (getScene() == null) {
            layoutStale = true;
            return;
        }
        computeLayout();
        refreshLegend();
        redraw();
    }

    private void computeLayout() {
        layoutStale = false;
        double w = canvasPane.getWidth();
        double h = canvasPane.getHeight();
        NodeLayout full = NodeLayout.compute(topology, false, c -> occupancy.coreJob(host, c));
        NodeLayout chosen = full;
        if (w > 0 && h > 0 && fitScale(full, w, h) < FOLD_BELOW) {
            NodeLayout folded = NodeLayout.compute(topology, true, c -> occupancy.coreJob(host, c));
            if (fitScale(folded, w, h) > fitScale(full, w, h)) {
                chosen = folded;
            }
        }
        layout = chosen;
        painter = new NodePainter(chosen);
    }

    private void refreshLegend() {
        if (matrixShown.get()) {
            legend.updateMatrix(palette());
        } else {
            legend.update(topology, occupancy, host, palette(), layout);
        }
    }

    private static double fitScale(NodeLayout l, double w, double h) {
        return Math.min(MAX_SCALE, Math.min(w / l.width(), h / l.height()));
    }

    /**
     * The scale a host opens at: the whole node when that keeps the painter's box titles (10.5 layout
     * units) at 11 px or more, else {@link #READABLE_SCALE} from the top-left corner, to be panned.
     * A wide node (10 NICs and 8 GPUs in a row) fitted whole draws 5–7 px text nobody can read.
     */
    static double defaultScale(NodeLayout l, double w, double h) {
        return Math.max(fitScale(l, w, h), READABLE_SCALE);
    }

    /** Draws the boxes now. */
    public void redraw() {
        double w = canvasPane.getWidth();
        double h = canvasPane.getHeight();
        if (layout == null || w < 1 || h < 1) {
            return;
        }
        canvas.setWidth(w);
        canvas.setHeight(h);
        Palette p = palette();
        GraphicsContext gc = canvas.getGraphicsContext2D();
        gc.setTransform(1, 0, 0, 1, 0, 0);
        gc.setFill(p.bg());
        gc.fillRect(0, 0, w, h);
        if (manualView != null) {
            scale = manualView[0];
            offsetX = manualView[1];
            offsetY = manualView[2];
        } else {
            scale = defaultScale(layout, w, h);
            offsetX = centredOrMargin(w, layout.width() * scale);
            offsetY = centredOrMargin(h, layout.height() * scale);
        }
        gc.save();
        gc.translate(offsetX, offsetY);
        gc.scale(scale, scale);
        painter.paint(gc, p, host, occupancy, new NodeMarks(selectedGpus, hoveredGpu, ghostGpus, ghostState, movingJob()));
        NvlinkMembershipPainter.paint(gc, p, layout, nvlinkDomains.ofHost(host).orElse(null));
        gc.restore();
    }

    private static double centredOrMargin(double room, double drawn) {
        return drawn <= room ? (room - drawn) / 2 : MARGIN;
    }

    /** The view-local point where a layout point is drawn now (the inverse of the hit tests' mapping). */
    public Point2D layoutToLocal(double lx, double ly) {
        return sceneToLocal(canvas.localToScene(offsetX + lx * scale, offsetY + ly * scale));
    }

    /** Pixels per layout unit now (text of size t is drawn t × this px high). */
    public double getScale() {
        return scale;
    }

    /** Zooms by {@code factor} keeping the canvas point (x, y) where it is, as the wheel does. */
    public void zoomAt(double factor, double x, double y) {
        if (layout == null) {
            return;
        }
        double next = Math.max(MIN_ZOOM_SCALE, Math.min(MAX_ZOOM_SCALE, scale * factor));
        double wx = (x - offsetX) / scale;
        double wy = (y - offsetY) / scale;
        manualView = new double[] {next, x - wx * next, y - wy * next};
        redraw();
    }

    /** Moves the picture by (dx, dy) pixels, keeping some of it in view. */
    public void panBy(double dx, double dy) {
        if (layout == null) {
            return;
        }
        double w = canvasPane.getWidth();
        double h = canvasPane.getHeight();
        double x = clampOffset(offsetX + dx, w, layout.width() * scale);
        double y = clampOffset(offsetY + dy, h, layout.height() * scale);
        manualView = new double[] {scale, x, y};
        redraw();
    }

    private static double clampOffset(double offset, double room, double drawn) {
        double keep = Math.min(drawn, room) / 4;
        return Math.max(keep - drawn, Math.min(room - keep, offset));
    }

    /** The whole node in view, however small its text gets. */
    public void zoomToFit() {
        if (layout == null) {
            return;
        }
        double w = canvasPane.getWidth();
        double h = canvasPane.getHeight();
        double s = Math.min(w / layout.width(), h / layout.height());
        manualView = new double[] {s, centredOrMargin(w, layout.width() * s), centredOrMargin(h, layout.height() * s)};
        redraw();
    }

    /** Back to the readable default ({@link #defaultScale}). */
    public void resetZoom() {
        manualView = null;
        redraw();
    }

    private Palette palette() {
        return theme.get().palette().withColourBlindSafeJobs(colourBlindSafe.get());
    }

    /** Jobs drawn in the colour-blind-safe set (Okabe–Ito) rather than the theme's own colours. */
    public javafx.beans.property.BooleanProperty colourBlindSafeProperty() {
        return colourBlindSafe;
    }

    private int gpuAtCanvas(double cx, double cy) {
        return layout == null ? -1 : layout.gpuAt((cx - offsetX) / scale, (cy - offsetY) / scale);
    }

    private void onPressed(MouseEvent e) {
        // Kept from the parents: a TabPane around the view would take the focus back on this press,
        // and Escape (to give up a move) would go to the tabs.
        requestFocus();
        e.consume();
        pressX = e.getX();
        pressY = e.getY();
        lastDragX = pressX;
        lastDragY = pressY;
        dragged = false;
        int g = gpuAtCanvas(e.getX(), e.getY());
        String job = g < 0 ? null : occupancy.jobOn(host, g);
        move.arm(e.getButton() == MouseButton.PRIMARY && job != null ? new GpuGrab(job, host, g) : null);
    }

    private void onDragged(MouseEvent e) {
        if (Math.abs(e.getX() - pressX) + Math.abs(e.getY() - pressY) > CLICK_SLOP) {
            dragged = true;
        }
        if (move.armed() && dragged) {
            move.dragTo(e.getX(), e.getY(), gpuAtCanvas(e.getX(), e.getY()));
            setHovered(-1);
        } else if (dragged && e.getButton() == MouseButton.PRIMARY) {
            // nothing grabbed: the drag pans, as in the fabric view
            panBy(e.getX() - lastDragX, e.getY() - lastDragY);
        }
        lastDragX = e.getX();
        lastDragY = e.getY();
    }

    private void onReleased(MouseEvent e) {
        move.release(gpuAtCanvas(e.getX(), e.getY()));
    }

    private void onClicked(MouseEvent e) {
        if (dragged) {
            return;
        }
        int g = gpuAtCanvas(e.getX(), e.getY());
        if (e.getClickCount() == 2 && g < 0) {
            resetZoom();
            return;
        }
        if (e.isShiftDown()) {
            if (g >= 0 && !selectedGpus.remove(g)) {
                selectedGpus.add(g);
            }
        } else if (g >= 0) {
            if (!(selectedGpus.size() == 1 && selectedGpus.contains(g))) {
                selectedGpus.clear();
                selectedGpus.add(g);
            }
        } else {
            selectedGpus.clear();
        }
    }

    private void onMoved(MouseEvent e) {
        int g = gpuAtCanvas(e.getX(), e.getY());
        setHovered(g);
        canvasPane.setCursor(move.enabled() && g >= 0 && occupancy.jobOn(host, g) != null ? Cursor.OPEN_HAND : null);
    }

    private void setHovered(int g) {
        if (g != hoveredGpu) {
            hoveredGpu = g;
            redraw();
        }
    }

    Set<Integer> selection() {
        return Set.copyOf(selectedGpus);
    }
}
