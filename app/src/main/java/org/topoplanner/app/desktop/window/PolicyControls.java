package org.topoplanner.app.desktop.window;

import java.util.List;
import java.util.function.Function;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.util.StringConverter;
import org.topoplanner.allocator.catalog.PolicyCatalog;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The toolbar's policy, Slurm release and kubelet Topology Manager policy and scope: four views of the
 * one {@link PolicyChoice} the window holds. Their items are the enums' values, spelled as the command
 * line and the kubelet spell them; a choice set elsewhere (a project opened, an autosave recovered) shows
 * in them, and picking a value changes only that part of the choice (the job's Volcano / Kueue topology,
 * set in {@link JobTopologySettings}, is kept). Each pick is an undoable edit ({@link PlanViewModel#choose}).
 */
final class PolicyControls {
    private final PlanViewModel vm;
    private final ComboBox<PolicyId> policy;
    private final ComboBox<SlurmVersion> slurm;
    private final ComboBox<TopologyManagerPolicy> tm;
    private final ComboBox<TopologyManagerScope> scope;
    /** Set while the controls follow a choice made elsewhere, so that doing so does not choose again. */
    private boolean following;

    PolicyControls(PlanViewModel vm) {
        this.vm = vm;
        policy = combo("policySelector", PolicyCatalog.policies(), PolicyId::id);
        // newest release first
        List<SlurmVersion> releases = new java.util.ArrayList<>(List.of(SlurmVersion.values()));
        java.util.Collections.reverse(releases);
        slurm = combo("slurmVersion", releases, SlurmVersion::label);
        tm = combo("tmPolicy", List.of(TopologyManagerPolicy.values()), TopologyManagerPolicy::flag);
        scope = combo("tmScope", List.of(TopologyManagerScope.values()), TopologyManagerScope::flag);
        follow(vm.choice());
        vm.choiceProperty().addListener((o, was, now) -> follow(now));
        policy.setOnAction(e -> choose());
        slurm.setOnAction(e -> choose());
        tm.setOnAction(e -> choose());
        scope.setOnAction(e -> choose());
    }

    /** The labelled controls, in toolbar order. */
    List<Node> nodes() {
        return List.of(new Label("Policy"), policy, new Label("Slurm"), slurm, new Label("Topology Manager"), tm, scope);
    }

    private void choose() {
        if (following || policy.getValue() == null || slurm.getValue() == null || tm.getValue() == null
                || scope.getValue() == null) {
            return;
        }
        vm.choose(vm.choice().withPolicy(policy.getValue()).withSlurmVersion(slurm.getValue())
                .withTopologyManager(tm.getValue(), scope.getValue()));
    }

    private void follow(PolicyChoice c) {
        // what the policy follows of the settings beside it, as the catalog declares
        policy.setTooltip(new javafx.scene.control.Tooltip(c.honours().summary()));
        following = true;
        try {
            policy.setValue(c.policy());
            slurm.setValue(c.settings().slurmVersion());
            tm.setValue(c.settings().topologyManager());
            scope.setValue(c.settings().topologyScope());
        } finally {
            following = false;
        }
    }

    private static <T> ComboBox<T> combo(String id, List<T> items, Function<T, String> spelling) {
        ComboBox<T> c = new ComboBox<>();
        c.setId(id);
        c.getItems().setAll(items);
        c.setConverter(new StringConverter<>() {
            @Override
            public String toString(T value) {
                return value == null ? "" : spelling.apply(value);
            }

            @Override
            public T fromString(String text) {
                return items.stream().filter(v -> spelling.apply(v).equals(text)).findFirst().orElse(null);
            }
        });
        return c;
    }
}
