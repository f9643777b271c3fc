package org.topoplanner.app.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * No package cycles inside a module: every package of a module (with its sub-packages as packages of
 * their own) may depend on others of the module only one way, so each can be read, tested and moved
 * without the rest. Between modules the Maven dependencies already forbid cycles. Run from
 * {@code app}, whose test class path holds every module.
 *
 * <p>Not yet checked, each with the cycles that stop it today (the rule fails on them when included):
 * <ul>
 * <li>the top packages of {@code importers} and {@code allocator} (their sub-packages are checked
 *     among themselves). {@code importers}: {@code ClusterImport} (uses {@code inspect}, {@code merge},
 *     {@code slurm}), {@code FormatRegistry} ({@code export}, {@code hwloc}, {@code ibnet}, {@code nvsmi},
 *     {@code project}, {@code slurm}), {@code WriterRegistry} ({@code project}, {@code slurm}) and
 *     {@code ImportOutcome} ({@code inspect.InspectSource}, {@code merge}) reach into the format packages,
 *     which implement the top package's {@code FormatReader} and return its {@code ImportResult}: 14 cycles.
 *     {@code allocator}: {@code PolicyCatalog} constructs the policies of {@code k8s}, {@code kueue},
 *     {@code planner}, {@code slurm} and {@code volcano}, which implement the top package's
 *     {@code PlacementPolicy} over its {@code ClusterState}: 13 cycles. Moving the registries and the
 *     catalog into packages of their own breaks them all.</li>
 * <li>{@code org.topoplanner.app}: its {@code desktop} package was being split by other work when this
 *     rule was written; it had one cycle, {@code desktop <-> desktop.diagnostics}: {@code desktop.DiagnosticsDialog}
 *     builds {@code diagnostics.ConflictsPane}, {@code DiagnosticsPane}, {@code SourceExcerptReader},
 *     {@code SourceExcerptView} and calls {@code ResultSummary.of}, while {@code diagnostics.SourceExcerptView}
 *     takes and calls {@code desktop.BackgroundRefresh}.</li>
 * </ul>
 * {@code org.topoplanner.resources} is one package, so it cannot hold a cycle.
 */
class PackageCycleRulesTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importAll() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.topoplanner");
    }

    @ParameterizedTest(name = "org.topoplanner.{0} has no package cycles (its top package included: {1})")
    @CsvSource({"model, true", "importers, false", "allocator, false"})
    void packagesOfAModuleDependOnEachOtherOneWay(String module, boolean withTopPackage) {
        slices().assignedFrom(packagesOf(module, withTopPackage)).should().beFreeOfCycles()
                .allowEmptyShould(false).check(classes);
    }

    /**
     * Each package of the module is a slice, its top package too when asked ({@code matching("...(**)")}
     * always leaves the top package out, and with it the cycles through a module's entry classes).
     */
    private static SliceAssignment packagesOf(String module, boolean withTopPackage) {
        String top = "org.topoplanner." + module;
        return new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                if (p.equals(top)) {
                    return withTopPackage ? SliceIdentifier.of(top) : SliceIdentifier.ignore();
                }
                return p.startsWith(top + ".") ? SliceIdentifier.of(p) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "the packages of " + top;
            }
        };
    }
}
