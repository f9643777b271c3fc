package org.topoplanner.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The allocator reads and writes no file formats (the project style rule: formats live in importers): no JSON or YAML library in its classes.
 * Job scripts are read and replay lines written by {@code importers.replay}; the allocator gets and
 * returns values of the model ({@code model.replay}). Run from {@code app}, whose test class path holds
 * every module.
 */
class AllocatorFormatRulesTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importAll() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.topoplanner");
    }

    @Test
    void theAllocatorUsesNoJackson() {
        noClasses().that().resideInAPackage("org.topoplanner.allocator..")
                .should().dependOnClassesThat().resideInAPackage("com.fasterxml..")
                .allowEmptyShould(false)
                .check(classes);
    }
}
