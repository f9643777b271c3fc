package org.topoplanner.app.cli;

import picocli.CommandLine.Mixin;

/**
 * What every planning command (place, compare, validate, replay) reads before its own options: the cluster
 * ({@code --cluster SRC...} or {@code --example}) and the policy settings ({@code --slurm-version},
 * {@code --tm-policy}, ...), declared once so that the four commands cannot drift apart.
 */
public final class ClusterAndPolicyArgs {
    @Mixin
    ClusterArgs cluster = new ClusterArgs();

    @Mixin
    PolicyArgs settings = new PolicyArgs();
}
