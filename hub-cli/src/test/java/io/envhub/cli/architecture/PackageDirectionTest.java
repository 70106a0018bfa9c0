package io.envhub.cli.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The CLI's packages point one way: {@code core} (exit codes, the CLI's exception, references) imports no other
 * package of the CLI; {@code config}, {@code http}, {@code auth}, {@code build}, {@code scaffold} and
 * {@code progress} are below {@code context}, which is below the commands, which are below the root command.
 */
class PackageDirectionTest {
    private static JavaClasses cli;

    @BeforeAll
    static void importClasses() {
        cli = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.envhub.cli");
    }

    @Test
    void noCyclesBetweenPackages() {
        slices().matching("io.envhub.cli.(**)").should().beFreeOfCycles().check(cli);
    }

    @Test
    void theRootPackageIsOnlyTheEntryPoint() {
        noClasses().that().resideOutsideOfPackage("io.envhub.cli").should().dependOnClassesThat()
                .resideInAPackage("io.envhub.cli").check(cli);
    }

    @Test
    void coreImportsNothingOfTheCli() {
        noClasses().that().resideInAPackage("io.envhub.cli.core").should().dependOnClassesThat(
                JavaClass.Predicates.resideInAPackage("io.envhub.cli..")
                        .and(DescribedPredicate.not(JavaClass.Predicates.resideInAPackage("io.envhub.cli.core"))))
                .check(cli);
    }

    @Test
    void lowerPackagesDoNotReachUp() {
        noClasses().that().resideInAnyPackage("io.envhub.cli.config..", "io.envhub.cli.http..", "io.envhub.cli.auth..",
                "io.envhub.cli.build..", "io.envhub.cli.scaffold..", "io.envhub.cli.progress..")
                .should().dependOnClassesThat().resideInAnyPackage("io.envhub.cli.context..", "io.envhub.cli.commands..",
                        "io.envhub.cli.bounty..")
                .check(cli);
    }
}
