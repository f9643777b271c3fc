package org.topoplanner.app.desktop.window;

import java.util.List;
import java.util.function.Consumer;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.topoplanner.app.desktop.dnd.DragPayload;
import org.topoplanner.app.desktop.dnd.FabricDropHandler;
import org.topoplanner.app.desktop.fabric.FabricView;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.dnd.JobPalette;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.desktop.inspector.JobInspector;
import org.topoplanner.app.desktop.inspector.SelectionDetails;
import org.topoplanner.app.desktop.node.NodeView;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.desktop.tree.ClusterTreeItems;
import org.topoplanner.app.desktop.tree.TreeEntry;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.model.cluster.Cluster;

/**
 * The main window (README.md, "A short tour of the window"): cluster tree with search and the job
 * palette on the left, the fabric and node views in the centre, the inspector on the right, menu and toolbar on top, status bar with
 * progress below. State lives in the {@link PlanViewModel}; this class only wires views to it.
 */
public final class MainWindow {
    private final PlanViewModel vm;
    private final BorderPane root = new BorderPane();
    private final TreeView<TreeEntry> tree = new TreeView<>();
    private final FabricView fabric = new FabricView();
    private final NodeView node = new NodeView();
    private final TabPane centre = new TabPane();
    private final SelectionDetails details;
    private final Label status = new Label();
    private final Label utilisation = new Label();
    private final ProgressBar progress = new ProgressBar();
    private final Button cancel = new Button("Cancel");
    private Cluster shownCluster;
    /** Set while typing in the search selects its first match, which must not end the search's dimming. */
    private boolean searching;

    MainWindow(PlanViewModel vm) {
        this.vm = vm;
        this.details = new SelectionDetails(vm.plan().cluster());
        tree.setId("clusterTree");
        // several hosts or switches at once, for "Assign hardware…"
        tree.getSelectionModel().setSelectionMode(javafx.scene.control.SelectionMode.MULTIPLE);
        TextField search = new TextField();
        search.setId("treeSearch");
        search.setPromptText("Search switches, hosts, devices");
        // Enter takes the match: the dimming that found it has done its work
        search.setOnAction(e -> fabric.highlight(""));
        search.textProperty().addListener((o, a, text) -> {
            searching = true;
            try {
                selectFirstMatch(text);
            } finally {
                searching = false;
            }
            int hits = fabric.highlight(text == null ? "" : text.strip());
            if (text != null && !text.isBlank()) {
                status.setText(hits + " match" + (hits == 1 ? "" : "es") + " for \u201c" + text.strip() + "\u201d");
            }
        });
        VBox treeBox = new VBox(6, search, tree);
        treeBox.setPadding(new Insets(6));
        VBox.setVgrow(tree, Priority.ALWAYS);
        JobPalette palette = new JobPalette();
        java.util.function.Function<org.topoplanner.model.job.JobRequest, java.util.Optional<String>> partitionNote =
                r -> org.topoplanner.app.plan.PartitionLimitWords.limitsFor(vm.plan().cluster(), r);
        palette.setPartitionNote(partitionNote);
        // another cluster (import, open, hardware) may have other partitions: the typed job's note is read again
        vm.planProperty().addListener((o, a, p) -> {
            if (a == null || p.cluster() != a.cluster()) {
                palette.setPartitionNote(partitionNote);
            }
        });
        ScrollPane paletteScroll = new ScrollPane(palette.node());
        paletteScroll.setFitToWidth(true);
        SplitPane left = new SplitPane(treeBox, paletteScroll);
        left.setOrientation(Orientation.VERTICAL);
        left.setDividerPositions(0.6);

        Tab fabricTab = new Tab("Fabric", fabric);
        fabricTab.setId("fabricTab");
        // The node view joins the scene when its tab is first selected: at start it was styled, laid out and
        // drew the first host behind the fabric, where the first frame does not show it (issue 15).
        Tab nodeTab = new Tab("Node");
        nodeTab.setId("nodeTab");
        nodeTab.selectedProperty().addListener((o, was, selected) -> {
            if (selected && nodeTab.getContent() == null) {
                nodeTab.setContent(node);
            }
        });
        centre.getTabs().setAll(fabricTab, nodeTab);
        centre.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);

        JobInspector jobs = new JobInspector(vm);
        VBox inspector = new VBox(details.node(), jobs.node());
        ScrollPane right = new ScrollPane(inspector);
        right.setFitToWidth(true);
        right.setId("inspector");

        SplitPane main = new SplitPane(left, centre, right);
        main.setDividerPositions(0.2, 0.68);
        root.setCenter(main);
        root.setBottom(statusBar());

        Consumer<String> say = status::setText;
        FabricDropHandler drops = new FabricDropHandler(vm, say);
        drops.install(fabric);
        drops.install(node);
        // Enter on a focused palette chip places its job where the fabric's selection is (the arrows
        // walk it there): the keyboard's drag and drop
        palette.setOnPlace(p -> drops.place(p, keyboardTarget()));
        jobListDrag(jobs);

        tree.getSelectionModel().selectedItemProperty().addListener((o, a, item) -> {
            if (!searching && item != null) {
                // a match picked by hand (not the first match shown while typing): stop dimming the rest
                fabric.highlight("");
            }
            if (item != null && item.getValue().kind() != TreeEntry.Kind.CLUSTER) {
                String name = item.getValue().kind() == TreeEntry.Kind.GPU || item.getValue().kind() == TreeEntry.Kind.NIC
                        ? item.getParent().getValue().name() : item.getValue().name();
                vm.selectionProperty().set(name);
            }
            details.show(item == null ? null : item.getValue());
        });
        fabric.selectionProperty().addListener((o, a, name) -> {
            if (name != null && !searching) {
                fabric.highlight("");
            }
            if (name != null) {
                vm.selectionProperty().set(name);
            }
        });
        vm.selectionProperty().addListener((o, a, name) -> select(name));
        vm.selectedJobProperty().addListener((o, a, job) -> showJob(job));
        vm.planProperty().addListener((o, a, p) -> {
            show(p);
            String job = vm.selectedJobProperty().get();
            var placed = job == null ? null : p.placements().get(job);
            fabric.setSelectedJob(job, placed == null ? List.of() : placed.hostNames());
        });
        show(vm.plan());
    }

    Parent root() {
        return root;
    }

    /**
     * The hosts the selection stands for, in cluster order: the hosts selected in the tree, every host
     * under a selected switch, all of them for the cluster row; else the host or switch selected in the
     * fabric view.
     */
    List<String> selectedHosts() {
        Cluster c = vm.plan().cluster();
        java.util.Set<String> hosts = new java.util.HashSet<>();
        List<String> names = tree.getSelectionModel().getSelectedItems().stream().filter(java.util.Objects::nonNull)
                .map(i -> i.getValue().kind() == TreeEntry.Kind.CLUSTER ? null : i.getValue().kind() == TreeEntry.Kind.GPU
                        || i.getValue().kind() == TreeEntry.Kind.NIC ? i.getParent().getValue().name() : i.getValue().name())
                .toList();
        boolean all = tree.getSelectionModel().getSelectedItems().stream()
                .anyMatch(i -> i != null && i.getValue().kind() == TreeEntry.Kind.CLUSTER);
        if (names.isEmpty() && !all && vm.selectionProperty().get() != null) {
            names = List.of(vm.selectionProperty().get());
        }
        for (String n : names) {
            if (n == null) {
                continue;
            }
            if (c.fabric().switchNamed(n).isPresent()) {
                hosts.addAll(c.fabric().hostsUnder(n));
            } else {
                hosts.add(n);
            }
        }
        return c.hostNames().stream().filter(h -> all || hosts.contains(h)).toList();
    }

    /** "Assign hardware…" in the cluster tree's context menu. */
    void onAssignHardware(Runnable action) {
        javafx.scene.control.MenuItem assign = new javafx.scene.control.MenuItem("Assign hardware\u2026");
        assign.setId("assignHardwareItem");
        assign.setOnAction(e -> action.run());
        tree.setContextMenu(new javafx.scene.control.ContextMenu(assign));
    }

    public FabricView fabricView() {
        return fabric;
    }

    public NodeView nodeView() {
        return node;
    }

    public TabPane centre() {
        return centre;
    }

    Label status() {
        return status;
    }

    /** Jobs in both views drawn in the colour-blind-safe set, or in the theme's own colours. */
    void setColourBlindSafe(boolean safe) {
        fabric.colourBlindSafeProperty().set(safe);
        node.colourBlindSafeProperty().set(safe);
    }

    void setTheme(Theme t) {
        fabric.setTheme(t);
        node.setTheme(t);
        root.getStylesheets().setAll(WindowStyles.of(t));
    }

    /** Shows a task's progress and message in the status bar, with Cancel, until it ends. */
    void progress(javafx.concurrent.Task<?> task) {
        progress.progressProperty().bind(task.progressProperty());
        progress.setVisible(true);
        cancel.setVisible(true);
        cancel.setOnAction(e -> task.cancel());
        status.textProperty().bind(task.messageProperty());
        task.runningProperty().addListener((o, was, running) -> {
            if (!running) {
                progress.progressProperty().unbind();
                status.textProperty().unbind();
                progress.setVisible(false);
                cancel.setVisible(false);
            }
        });
    }

    private HBox statusBar() {
        status.setId("status");
        utilisation.setId("utilisation");
        progress.setVisible(false);
        progress.setPrefWidth(160);
        cancel.setVisible(false);
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        HBox bar = new HBox(10, status, grow, utilisation, progress, cancel);
        bar.setPadding(new Insets(3, 8, 3, 8));
        bar.getStyleClass().add("status-bar");
        return bar;
    }

    private void show(Plan p) {
        if (p.cluster() != shownCluster) {
            shownCluster = p.cluster();
            TreeItem<TreeEntry> all = ClusterTreeItems.build(p.cluster());
            // the details must know the new cluster before the tree's selection shows its root there
            details.setCluster(p.cluster());
            tree.setRoot(all);
            tree.getSelectionModel().clearAndSelect(0);
            fabric.setCluster(p.cluster()).thenRun(fabric::zoomToFit);
            node.setNvlinkDomains(null);
            Cluster cluster = p.cluster();
            afterFirstFrame(() -> nvlinkDomainsInBackground(cluster));
            String first = p.cluster().hostNames().isEmpty() ? null : p.cluster().hostNames().get(0);
            if (first != null) {
                node.show(first, p.cluster().node(first));
            }
        }
        var occupancy = OccupancyOf.plan(p);
        fabric.setOccupancy(occupancy);
        node.setOccupancy(occupancy);
        int gpus = p.cluster().gpuCount();
        int used = p.placements().values().stream().mapToInt(x -> x.gpuCount()).sum();
        double share = gpus == 0 ? 0.0 : 100.0 * used / gpus;
        // a few GPUs of a big fabric are not "0%"
        String percent = used > 0 && share < 1 ? "<1%" : String.format(java.util.Locale.ROOT, "%.0f%%", share);
        int jobs = p.jobs().size();
        utilisation.setText(String.format(java.util.Locale.ROOT, "%d %s \u00b7 %d of %d GPUs used (%s)", jobs,
                jobs == 1 ? "job" : "jobs", used, gpus, percent));
    }

    /**
     * Runs {@code work} on the FX thread once the window has drawn its first frame, or at once when the
     * window is already up (a later import). At launch the example cluster's background warm-up (index,
     * NVLink domains, every policy's tables) otherwise ran on the second core while the FX thread styled,
     * laid out and showed the window: on 2 shared cores it took CPU from the start (issue 15), and nothing
     * the first frame shows needs it.
     */
    private void afterFirstFrame(Runnable work) {
        javafx.scene.Scene scene = root.getScene();
        if (scene != null && scene.getWindow() != null && scene.getWindow().isShowing()) {
            work.run();
            return;
        }
        // no scene yet while the constructor runs: wait for it, then for its first pulse after showing
        root.sceneProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends javafx.scene.Scene> o,
                    javafx.scene.Scene a, javafx.scene.Scene attached) {
                if (attached == null) {
                    return;
                }
                root.sceneProperty().removeListener(this);
                attached.addPostLayoutPulseListener(new Runnable() {
                    @Override
                    public void run() {
                        if (attached.getWindow() == null || !attached.getWindow().isShowing()) {
                            return;
                        }
                        attached.removePostLayoutPulseListener(this);
                        // after this pulse's frame is handed to the renderer, not during its layout
                        javafx.application.Platform.runLater(work);
                    }
                });
            }
        });
    }

    /**
     * Builds the allocator's per-cluster index and the NVLink domains (which need it) in the background,
     * then gives the node view the domains if the cluster is still the one shown, and then lets every policy
     * build its own per-cluster tables ({@link org.topoplanner.app.plan.PolicyWarmUp}). On a 16,384-host fabric
     * the index takes a second or more once: on the FX thread it held up the import's first frame (the
     * fabric layout waits for the same index), and the first drag-over would otherwise pay it there.
     */
    private void nvlinkDomainsInBackground(Cluster cluster) {
        Thread t = new Thread(() -> {
            var domains = org.topoplanner.allocator.NvlinkReach.of(cluster);
            javafx.application.Platform.runLater(() -> {
                if (shownCluster == cluster) {
                    node.setNvlinkDomains(domains);
                }
            });
            if (shownCluster == cluster) {
                // the policies' per-cluster tables, before the first drag or comparison asks for them
                org.topoplanner.app.plan.PolicyWarmUp.prepare(cluster);
            }
        }, "allocator-index");
        t.setDaemon(true);
        t.start();
    }

    /** What the fabric view's selection stands for as a drop target: a switch, a host, else anywhere. */
    private DropTarget keyboardTarget() {
        String name = fabric.selectionProperty().get();
        if (name == null || fabric.getLayout() == null) {
            return DropTarget.ANYWHERE;
        }
        if (fabric.getLayout().switchIndex(name) >= 0) {
            return new DropTarget.OnSwitch(name);
        }
        return fabric.getLayout().hostIndex(name) >= 0 ? new DropTarget.OnHost(name) : DropTarget.ANYWHERE;
    }

    private void select(String name) {
        if (name == null) {
            return;
        }
        var cluster = vm.plan().cluster();
        if (cluster.fabric().node(name).isPresent() && !name.equals(fabric.selectionProperty().get())) {
            fabric.selectionProperty().set(name);
        }
        if (cluster.hostNames().contains(name) && !name.equals(node.getHost())) {
            node.show(name, cluster.node(name));
        }
        TreeItem<TreeEntry> sel = tree.getSelectionModel().getSelectedItem();
        if (sel == null || !sel.getValue().name().equals(name)) {
            TreeItem<TreeEntry> hit = find(tree.getRoot(), name, true);
            if (hit != null) {
                reveal(hit);
            }
        }
    }

    private void showJob(String job) {
        var placed = job == null ? null : vm.plan().placements().get(job);
        fabric.setSelectedJob(job, placed == null ? List.of() : placed.hostNames());
        if (job == null) {
            return;
        }
        // selected in the list: the job comes into view (a job already on screen leaves the view alone)
        fabric.revealJob();
        var p = placed;
        if (p != null && !p.hosts().isEmpty()) {
            String first = p.hosts().get(0).host();
            node.show(first, vm.plan().cluster().node(first));
        }
    }

    /** Dragging a job from the job list moves it by hand. */
    private void jobListDrag(JobInspector jobs) {
        var list = (javafx.scene.control.ListView<?>) jobs.node().lookup("#jobList");
        list.setOnDragDetected(e -> {
            Object job = list.getSelectionModel().getSelectedItem();
            if (job == null) {
                return;
            }
            list.startDragAndDrop(TransferMode.MOVE).setContent(new DragPayload.MoveJob(String.valueOf(job)).content());
            e.consume();
        });
    }

    private void selectFirstMatch(String text) {
        if (text == null || text.isBlank() || tree.getRoot() == null) {
            return;
        }
        TreeItem<TreeEntry> hit = find(tree.getRoot(), text.strip().toLowerCase(java.util.Locale.ROOT), false);
        if (hit != null) {
            reveal(hit);
        }
    }

    private void reveal(TreeItem<TreeEntry> hit) {
        for (TreeItem<TreeEntry> p = hit.getParent(); p != null; p = p.getParent()) {
            p.setExpanded(true);
        }
        tree.getSelectionModel().clearAndSelect(tree.getRow(hit));
        tree.scrollTo(Math.max(0, tree.getRow(hit) - 3));
    }

    private static TreeItem<TreeEntry> find(TreeItem<TreeEntry> item, String needle, boolean exact) {
        String name = item.getValue().name();
        boolean match = exact ? name.equals(needle) : name.toLowerCase(java.util.Locale.ROOT).contains(needle);
        if (match && item.getValue().kind() != TreeEntry.Kind.CLUSTER) {
            return item;
        }
        if (item.getValue().kind() == TreeEntry.Kind.HOST) {
            // below a host are its GPUs and NICs, named alike on every host: no selection or search
            // means one of them, and opening each host's rows to look would build them all
            return null;
        }
        for (TreeItem<TreeEntry> c : item.getChildren()) {
            TreeItem<TreeEntry> hit = find(c, needle, exact);
            if (hit != null) {
                return hit;
            }
        }
        return null;
    }
}
