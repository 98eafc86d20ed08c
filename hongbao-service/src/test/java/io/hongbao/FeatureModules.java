package io.hongbao;

import java.util.stream.Stream;
import org.springframework.modulith.core.ApplicationModuleDetectionStrategy;
import org.springframework.modulith.core.ApplicationModuleInformation;
import org.springframework.modulith.core.JavaPackage;
import org.springframework.modulith.core.NamedInterfaces;

/**
 * How Spring Modulith reads this code base (chosen by {@code spring.modulith.detection-strategy} in the test
 * {@code config/application.yml}): every package right under {@code io.hongbao} is a module; a feature offers the
 * other modules its {@code model} and {@code application} packages and keeps {@code infrastructure} and {@code web} to
 * itself; {@code platform} is the shared kernel, open to all. A new feature follows these rules without declaring
 * anything.
 *
 * <p>Modulith always offers a module's root package too; {@code ArchitectureTest} closes that (a feature's root holds
 * its wiring and settings).
 */
class FeatureModules implements ApplicationModuleDetectionStrategy {

    static final String SHARED_KERNEL = "platform";

    @Override
    public Stream<JavaPackage> getModuleBasePackages(JavaPackage rootPackage) {
        return rootPackage.getDirectSubPackages().stream();
    }

    @Override
    public NamedInterfaces detectNamedInterfaces(JavaPackage basePackage, ApplicationModuleInformation information) {
        if (basePackage.getLocalName().equals(SHARED_KERNEL)) {
            return NamedInterfaces.forOpen(basePackage);
        }
        return NamedInterfaces.builder(basePackage)
                .matching("model", "application")
                .build();
    }
}
