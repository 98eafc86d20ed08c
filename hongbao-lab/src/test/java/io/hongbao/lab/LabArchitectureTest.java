package io.hongbao.lab;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The service's layout rules (its ArchitectureTest), held by the lab's own packages too. */
@AnalyzeClasses(packages = "io.hongbao.lab", importOptions = ImportOption.DoNotIncludeTests.class)
class LabArchitectureTest {

    private static final String[] FRAMEWORKS = {
        "org.springframework..",
        "io.lettuce..",
        "org.redisson..",
        "org.flywaydb..",
        "java.sql..",
        "javax.sql..",
        "reactor..",
        "tools.jackson..",
        "com.fasterxml.."
    };

    @ArchTest
    static final ArchRule modelAndUseCasesUseNoFramework = noClasses()
            .that()
            .resideInAnyPackage("io.hongbao.lab.model..", "io.hongbao.lab.application..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(FRAMEWORKS)
            .because("the lab's model and judging are plain Java, built with new in tests");

    @ArchTest
    static final ArchRule modelAndUseCasesDoNotReachIntoAdapters = noClasses()
            .that()
            .resideInAnyPackage("io.hongbao.lab.model..", "io.hongbao.lab.application..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.hongbao.lab.infrastructure..");

    @ArchTest
    static final ArchRule theLabReachesTheServiceOnlyThroughItsPublicFace = noClasses()
            .that()
            .resideInAPackage("io.hongbao.lab..")
            .should()
            .dependOnClassesThat(resideInAnyPackage("io.hongbao..infrastructure..", "io.hongbao..web..")
                    .and(resideOutsideOfPackage("io.hongbao.lab..")))
            .because("the lab embeds the production path through its use cases, never its adapters");
}
