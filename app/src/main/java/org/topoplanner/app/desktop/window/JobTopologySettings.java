package org.topoplanner.app.desktop.window;

import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import org.controlsfx.control.PopOver;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.SchedulerChoices;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.VolcanoMode;

/**
 * The toolbar button that sets the job's Volcano {@code networkTopology} and Kueue PodSet annotation:
 * what the {@code volcano} and {@code kueue-tas} policies follow and what the {@code planner} takes as
 * hard limits. The choices (HyperNode tiers, Kueue levels) are those of the cluster shown when the
 * pop-over opens; the button's text sums up what is set.
 */
final class JobTopologySettings {
    private final PlanViewModel vm;
    private final Button button = new Button();
    private PopOver popOver;

    JobTopologySettings(PlanViewModel vm) {
        this.vm = vm;
        button.setId("jobTopologySettings");
        button.setOnAction(e -> show());
        vm.choiceProperty().addListener((o, a, b) -> updateText());
        updateText();
    }

    Button button() {
        return button;
    }

    private void updateText() {
        TopologyConstraints t = vm.choice().topology();
        String text = t.describe();
        button.setText(text.isEmpty() ? "Volcano / Kueue\u2026" : shorten(t));
        button.setTooltip(new javafx.scene.control.Tooltip(text.isEmpty()
                ? "Volcano networkTopology and Kueue topology annotation of the job (none set)" : text));
    }

    private static String shorten(TopologyConstraints t) {
        StringBuilder b = new StringBuilder();
        if (t.volcanoHighestTier() != null || !t.volcanoHard()) {
            b.append("Volcano ").append(t.volcanoMode().word());
            if (t.volcanoHighestTier() != null) {
                b.append(" \u2264").append(t.volcanoHighestTier());
            }
        }
        if (t.kueueMode() != null) {
            b.append(b.length() > 0 ? ", " : "").append("Kueue ").append(t.kueueMode().word());
            if (t.kueueLevel() != null) {
                String l = t.kueueLevel();
                b.append(' ').append(l.substring(l.lastIndexOf('/') + 1));
            }
        }
        return b + "\u2026";
    }

    private void show() {
        if (popOver != null && popOver.isShowing()) {
            popOver.hide();
            return;
        }
        SchedulerChoices choices = SchedulerChoices.of(vm.plan().cluster());
        TopologyConstraints now = vm.choice().topology();
        ComboBox<VolcanoMode> mode = combo("volcanoMode", SchedulerChoices.volcanoModes(), now.volcanoMode());
        ComboBox<String> tier = combo("volcanoTier", choices.tierChoices(), now.volcanoHighestTier() == null
                ? SchedulerChoices.NO_LIMIT : String.valueOf(now.volcanoHighestTier()));
        ComboBox<KueueMode> kueue = combo("kueueMode", SchedulerChoices.kueueModes(), now.kueueMode() == null
                ? KueueMode.NONE : now.kueueMode());
        ComboBox<String> level = combo("kueueLevel", choices.levels(), now.kueueLevel() == null
                ? choices.defaultLevel() : now.kueueLevel());
        level.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> kueue.getValue() == null || !kueue.getValue().takesLevel(), kueue.valueProperty()));
        Runnable apply = () -> vm.choose(vm.choice().withTopology(
                choices.constraints(mode.getValue(), tier.getValue(), kueue.getValue(), level.getValue())));
        mode.setOnAction(e -> apply.run());
        tier.setOnAction(e -> apply.run());
        kueue.setOnAction(e -> apply.run());
        level.setOnAction(e -> apply.run());
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(6);
        grid.setPadding(new Insets(10));
        grid.getStyleClass().add("job-topology-settings");
        Label volcano = new Label("Volcano networkTopology");
        volcano.getStyleClass().add("section-title");
        grid.add(volcano, 0, 0, 2, 1);
        grid.addRow(1, new Label("mode"), mode);
        grid.addRow(2, new Label("highestTierAllowed"), tier);
        Label kq = new Label("Kueue podset topology (" + choices.topology() + ")");
        kq.getStyleClass().add("section-title");
        grid.add(kq, 0, 3, 2, 1);
        grid.addRow(4, new Label("annotation"), kueue);
        grid.addRow(5, new Label("level"), level);
        Label note = new Label("The planner takes hard mode with a tier, and required,\nas hard limits.");
        note.getStyleClass().add("hint");
        grid.add(note, 0, 6, 2, 1);
        popOver = new PopOver(grid);
        popOver.setArrowLocation(PopOver.ArrowLocation.TOP_CENTER);
        popOver.setDetachable(false);
        popOver.setAutoHide(true);
        popOver.setTitle("Job topology");
        popOver.show(button);
    }

    /** A choice box of {@code items}, shown by their {@code toString} (the enums' spellings). */
    private static <T> ComboBox<T> combo(String id, java.util.List<T> items, T value) {
        ComboBox<T> c = new ComboBox<>();
        c.setId(id);
        c.getItems().setAll(items);
        c.setValue(value);
        return c;
    }
}
