package org.topoplanner.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dependency rules of docs/architecture.md: {@code app -> importers, allocator -> graph-model};
 * nothing but {@code app} touches JavaFX; importers and allocator do not know each other; the model
 * knows nothing of ours. Run from {@code app}, whose test class path holds every module.
 */
class ModuleDependencyRulesTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importAll() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.topoplanner");
    }

    @Test
    void onlyTheAppTouchesJavafx() {
        ArchRule rule = noClasses().that().resideOutsideOfPackage("org.topoplanner.app..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..")
                .allowEmptyShould(false);
        rule.check(classes);
    }

    @Test
    void theCommandLineDoesNotLoadJavafx() {
        noClasses().that().resideInAnyPackage("org.topoplanner.app.cli..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..")
                .check(classes);
    }

    @Test
    void importersDoNotKnowTheAllocator() {
        noClasses().that().resideInAPackage("org.topoplanner.importers..")
                .should().dependOnClassesThat().resideInAnyPackage("org.topoplanner.allocator..", "org.topoplanner.app..")
                .check(classes);
    }

    @Test
    void allocatorDoesNotKnowTheImporters() {
        noClasses().that().resideInAPackage("org.topoplanner.allocator..")
                .should().dependOnClassesThat().resideInAnyPackage("org.topoplanner.importers..", "org.topoplanner.app..")
                .allowEmptyShould(true)
                .check(classes);
    }

    @Test
    void theModelDependsOnNothingOfOurs() {
        noClasses().that().resideInAPackage("org.topoplanner.model..")
                .should().dependOnClassesThat().resideInAnyPackage("org.topoplanner.importers..",
                        "org.topoplanner.allocator..", "org.topoplanner.app..", "org.topoplanner.resources..")
                .check(classes);
    }

    @Test
    void shippedDataOnlyLoadsTheModel() {
        noClasses().that().resideInAPackage("org.topoplanner.resources..")
                .should().dependOnClassesThat().resideInAnyPackage("org.topoplanner.importers..",
                        "org.topoplanner.allocator..", "org.topoplanner.app..")
                .check(classes);
    }

    @Test
    void noGrabBagClassNames() {
        noClasses().that().resideInAPackage("org.topoplanner..")
                .should().haveSimpleNameEndingWith("Util").orShould().haveSimpleNameEndingWith("Utils")
                .orShould().haveSimpleNameEndingWith("Manager").orShould().haveSimpleNameEndingWith("Helper")
                .check(classes);
    }
}
