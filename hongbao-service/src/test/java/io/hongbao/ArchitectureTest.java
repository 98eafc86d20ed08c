package io.hongbao;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.SimpleConditionEvent.violated;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.PackageMatcher;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import java.util.Optional;

/**
 * The rules inside and around the features (docs/design.md, Packages), for every package under {@code io.hongbao}
 * as it is found, not for a list of them. {@link ModularityTest} checks the boundaries between the features with Spring
 * Modulith; these are what it does not check.
 */
@AnalyzeClasses(packages = "io.hongbao", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {

    private static final String[] FRAMEWORKS = {
        "org.springframework..",
        "io.lettuce..",
        "java.sql..",
        "javax.sql..",
        "reactor..",
        "tools.jackson..",
        "com.fasterxml.."
    };

    @ArchTest
    static final ArchRule theModelUsesNoFramework = noClasses()
            .that()
            .resideInAPackage("..model..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(FRAMEWORKS)
            .because("the domain is plain Java, built with new in tests");

    @ArchTest
    static final ArchRule useCasesUseNoFramework = noClasses()
            .that()
            .resideInAPackage("..application..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(FRAMEWORKS)
            .because("use cases talk to ports, never to Spring, Redis or JDBC directly");

    @ArchTest
    static final ArchRule theModelAndUseCasesDoNotReachIntoAdapters = noClasses()
            .that()
            .resideInAnyPackage("..model..", "..application..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("..infrastructure..", "..web..")
            .because("adapters plug into the domain through its ports, so the domain runs and is tested without them");

    @ArchTest
    static final ArchRule aFeaturesWiringAndSettingsAreItsOwn = classes()
            .should(notUseTheRootPackageOfAnotherFeature())
            .because("a feature's root holds its Configuration and Settings; the other features use its model and"
                    + " application, which Spring Modulith checks, but Modulith always lets the root through");

    @ArchTest
    static final ArchRule thePlatformKnowsNoFeature = noClasses()
            .that()
            .resideInAPackage("io.hongbao.platform..")
            .should()
            .dependOnClassesThat(resideInAPackage("io.hongbao..").and(resideOutsideOfPackage("io.hongbao.platform..")))
            .because("every feature uses the platform, so the platform using a feature would tie them all together");

    /**
     * No cycle between platform's parts ({@code db}, {@code web}, {@code redis}, ...), so each can be read, tested and
     * changed from the bottom up.
     */
    @ArchTest
    static final ArchRule platformPartsHaveNoCycles = slices().matching("io.hongbao.platform.(*)..")
            .namingSlices("platform.$1")
            .should()
            .beFreeOfCycles()
            .because("a part of the platform that needs another's type takes it from below or is given it, never both"
                    + " ways round");

    @ArchTest
    static final ArchRule nothingInTheServiceDependsOnTheLab = noClasses()
            .that()
            .resideOutsideOfPackage("io.hongbao.lab..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.hongbao.lab..")
            .because("the lab uses the service to compare grab strategies, never the other way round: the service ships"
                    + " without it");

    private static final PackageMatcher IN_A_TOP_LEVEL_PACKAGE = PackageMatcher.of("io.hongbao.(*)..");
    private static final PackageMatcher A_TOP_LEVEL_PACKAGE_ITSELF = PackageMatcher.of("io.hongbao.(*)");
    private static final String SHARED_KERNEL = "platform";

    private static ArchCondition<JavaClass> notUseTheRootPackageOfAnotherFeature() {
        return new ArchCondition<>("not use the root package of another feature") {
            @Override
            public void check(JavaClass origin, ConditionEvents events) {
                Optional<String> own = topLevelPackage(origin, IN_A_TOP_LEVEL_PACKAGE);
                for (Dependency dependency : origin.getDirectDependenciesFromSelf()) {
                    topLevelPackage(dependency.getTargetClass(), A_TOP_LEVEL_PACKAGE_ITSELF)
                            .filter(target -> !target.equals(SHARED_KERNEL) && !own.equals(Optional.of(target)))
                            .ifPresent(target -> events.add(violated(dependency, dependency.getDescription())));
                }
            }
        };
    }

    private static Optional<String> topLevelPackage(JavaClass type, PackageMatcher matcher) {
        return matcher.match(type.getPackageName()).map(result -> result.getGroup(1));
    }
}
