package org.topoplanner.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.Test;

/**
 * The window and the command line reach the schedulers only through the policy catalog
 * ({@code org.topoplanner.allocator.catalog.PolicyCatalog}, {@code PolicyChoice}, {@code PolicyId} and the
 * allocator's other top-level types, plus {@code validate} and {@code metrics}, which judge and score any
 * placement): a policy's internals ({@code slurm}, {@code k8s}, {@code kueue}, {@code volcano},
 * {@code planner}) can change without the app noticing, and a new policy is one catalog entry.
 */
class SchedulerInternalsRuleTest {
    static final ArchRule APP_USES_THE_CATALOG = noClasses().that().resideInAPackage("org.topoplanner.app..")
            .should().dependOnClassesThat().resideInAnyPackage("org.topoplanner.allocator.slurm..",
                    "org.topoplanner.allocator.k8s..", "org.topoplanner.allocator.kueue..",
                    "org.topoplanner.allocator.volcano..", "org.topoplanner.allocator.planner..")
            .because("the app reaches scheduler internals only through the policy catalog")
            .allowEmptyShould(false);

    @Test
    void appReachesSchedulerInternalsOnlyThroughThePolicyCatalog() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.topoplanner");
        APP_USES_THE_CATALOG.check(classes);
    }
}
