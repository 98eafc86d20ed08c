package io.hongbao;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The layout rules a newcomer can rely on (docs/design.md, Packages): domain free of frameworks, features apart. */
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
    static final ArchRule domainModelsUseNoFramework = noClasses()
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
    static final ArchRule domainDoesNotReachIntoAdapters = noClasses()
            .that()
            .resideInAnyPackage("..model..", "..application..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("..infrastructure..", "..web..");

    @ArchTest
    static final ArchRule lotteryDoesNotKnowRedPackets = noClasses()
            .that()
            .resideInAPackage("io.hongbao.lottery..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.hongbao.redpacket..");

    @ArchTest
    static final ArchRule redPacketsDoNotKnowTheLottery = noClasses()
            .that()
            .resideInAPackage("io.hongbao.redpacket..")
            .should()
            .dependOnClassesThat()
            .resideInAPackage("io.hongbao.lottery..");

    @ArchTest
    static final ArchRule featuresUseOnlyThePublicFaceOfAccounts = noClasses()
            .that()
            .resideInAnyPackage("io.hongbao.redpacket..", "io.hongbao.lottery..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage("io.hongbao.account.web..")
            .because("other features reach accounts through its model and application, not its HTTP layer");

    @ArchTest
    static final ArchRule platformKnowsNoFeature = noClasses()
            .that()
            .resideInAPackage("io.hongbao.platform..")
            .should()
            .dependOnClassesThat()
            .resideInAnyPackage(
                    "io.hongbao.account..", "io.hongbao.redpacket..", "io.hongbao.lottery..", "io.hongbao.lab..");
}
