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
 * <p>Each module's top package is a package like the others: the registries of {@code importers}
 * ({@code pipeline}) and the policy catalog of {@code allocator} ({@code catalog}) sit in packages of their
 * own above the format and policy packages, which implement the top package's contracts.
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
    @CsvSource({"model, true", "importers, true", "allocator, true", "app, true"})
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
