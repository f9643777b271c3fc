package org.topoplanner.app.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * No package cycles inside a module: every package of a module (with its sub-packages as packages of
 * their own) may depend on others of the module only one way, so each can be read, tested and moved
 * without the rest. Between modules the Maven dependencies already forbid cycles. Run from
 * {@code app}, whose test class path holds every module.
 *
 * <p>{@code org.topoplanner.resources} is one package, so it cannot hold a cycle. {@code org.topoplanner.app}
 * is not checked yet: when this rule was written its {@code desktop} package was being split by other
 * work, and it had one cycle, {@code desktop <-> desktop.diagnostics}: {@code desktop.DiagnosticsDialog}
 * builds {@code diagnostics.ConflictsPane}, {@code DiagnosticsPane}, {@code SourceExcerptReader},
 * {@code SourceExcerptView} and calls {@code ResultSummary.of}, while {@code diagnostics.SourceExcerptView}
 * takes and calls {@code desktop.BackgroundRefresh}. Add {@code "app"} to the list once that is gone.
 */
class PackageCycleRulesTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importAll() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.topoplanner");
    }

    @ParameterizedTest(name = "org.topoplanner.{0} has no package cycles")
    @ValueSource(strings = {"model", "importers", "allocator"})
    void packagesOfAModuleDependOnEachOtherOneWay(String module) {
        slices().matching("org.topoplanner." + module + ".(**)").should().beFreeOfCycles()
                .allowEmptyShould(false).check(classes);
    }
}
