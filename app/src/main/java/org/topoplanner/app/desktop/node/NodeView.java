package org.topoplanner.app.desktop.node;

import java.util.LinkedHashSet;
import java.util.Set;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableSet;
import javafx.geometry.Point2D;
import javafx.scene.canvas.Canvas;
import javafx.scene.canvas.GraphicsContext;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ToggleButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import org.controlsfx.control.SegmentedButton;
import org.topoplanner.app.desktop.fabric.Occupancy;
import org.topoplanner.app.desktop.fabric.Palette;
import org.topoplanner.app.desktop.fabric.Theme;
import org.topoplanner.model.node.NodeTopology;

/**
 * The node view: one host's inside as lstopo-like nested boxes on a {@link Canvas} (hundreds of
 * boxes, redrawn whole on every change, hit-tested against the layout: cheaper and simpler than
 * a node per core), or as the {@code nvidia-smi topo -m} matrix. GPUs, cores and NICs take the
 * colour of the job holding them. GPUs are selectable (click; shift-click adds or removes).
 */
public final class NodeView extends BorderPane {
    /** Below this scale the cores of each NUMA node are folded into ranges. */
    static final double FOLD_BELOW = 0.74;
    static final double MAX_SCALE = 1.35;

    private final Canvas canvas = new Canvas();
    private final Pane canvasPane = new Pane(canvas);
    private final TopoMatrixView matrix = new TopoMatrixView();
    private final ScrollPane matrixScroll = new ScrollPane(matrix);
    private final Label title = new Label("No host");
    private final Label subtitle = new Label();
    private final NodeLegend legend = new NodeLegend();
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme", Theme.LIGHT);
    private final BooleanProperty matrixShown = new SimpleBooleanProperty(this, "matrixShown", false);
    private final ObservableSet<Integer> selectedGpus = FXCollections.observableSet(new LinkedHashSet<>());
    private String host = "";
    private NodeTopology topology = NodeTopology.unknown();
    private Occupancy occupancy = Occupancy.empty();
    private NodeLayout layout;
    private NodePainter painter;
    private double scale = 1;
    private double offsetX;
    private double offsetY;
    private int hoveredGpu = -1;

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
        HBox bar = new HBox(title, subtitle, spacer, mode);
        bar.getStyleClass().add("view-toolbar");
        setTop(bar);
        matrixScroll.setFitToWidth(true);
        matrixScroll.setId("nodeMatrixScroll");
        StackPane centre = new StackPane(canvasPane, matrixScroll);
        setCenter(centre);
        setBottom(legend);
        matrixScroll.visibleProperty().bind(matrixShown);
        canvasPane.visibleProperty().bind(matrixShown.not());
        canvasPane.widthProperty().addListener((o, a, b) -> relayout());
        canvasPane.heightProperty().addListener((o, a, b) -> relayout());
        canvas.setOnMouseClicked(this::onClicked);
        canvas.setOnMouseMoved(this::onMoved);
        canvas.setOnMouseExited(e -> setHovered(-1));
        selectedGpus.addListener((javafx.collections.SetChangeListener<Integer>) c -> redraw());
        matrixShown.addListener((o, a, b) -> {
            refreshLegend();
            redraw();
        });
        theme.addListener((o, a, t) -> {
            getStylesheets().setAll(t.stylesheets());
            matrix.show(topology, t.palette());
            refreshLegend();
            redraw();
        });
        setPrefSize(1000, 640);
    }

    /** Shows a host's inside; the GPU selection is cleared. */
    public void show(String hostName, NodeTopology t) {
        host = hostName == null ? "" : hostName;
        topology = t == null ? NodeTopology.unknown() : t;
        selectedGpus.clear();
        title.setText(host.isEmpty() ? "Node" : host);
        subtitle.setText(topology.model() == null ? "" : "  " + topology.model());
        matrix.show(topology, palette());
        relayout();
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

    /** Lays out again for the current size (folding cores when the full picture would be too small). */
    private void relayout() {
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
        refreshLegend();
        redraw();
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
        scale = fitScale(layout, w, h);
        offsetX = Math.max(0, (w - layout.width() * scale) / 2);
        offsetY = Math.max(0, (h - layout.height() * scale) / 2);
        gc.save();
        gc.translate(offsetX, offsetY);
        gc.scale(scale, scale);
        painter.paint(gc, p, host, occupancy, selectedGpus, hoveredGpu);
        gc.restore();
    }

    private Palette palette() {
        return theme.get().palette();
    }

    private int gpuAtCanvas(double cx, double cy) {
        return layout == null ? -1 : layout.gpuAt((cx - offsetX) / scale, (cy - offsetY) / scale);
    }

    private void onClicked(MouseEvent e) {
        int g = gpuAtCanvas(e.getX(), e.getY());
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
        setHovered(gpuAtCanvas(e.getX(), e.getY()));
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
