package io.hongbao.bench.annotated;

import java.util.ArrayList;
import java.util.List;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanDefinitionRegistryPostProcessor;
import org.springframework.context.annotation.Profile;
import org.springframework.core.type.MethodMetadata;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.RouterFunction;

/**
 * Removes the red-packet feature's {@link RouterFunction} bean (the grab route) before any bean is created, so the
 * annotated mappings, {@link AnnotatedGrabController} among them, serve the grab path. Fails the start when there is
 * no such bean: a baseline that silently measured the route would be worse than none.
 */
@Component
@Profile(AnnotatedControllerService.PROFILE)
class WithoutGrabRoute implements BeanDefinitionRegistryPostProcessor {

    private static final String FEATURE = "io.hongbao.redpacket.";

    @Override
    public void postProcessBeanDefinitionRegistry(BeanDefinitionRegistry registry) {
        List<String> routes = new ArrayList<>();
        for (String name : registry.getBeanDefinitionNames()) {
            if (isFeatureRoute(registry.getBeanDefinition(name))) {
                routes.add(name);
            }
        }
        if (routes.isEmpty()) {
            throw new IllegalStateException("no RouterFunction bean declared in " + FEATURE + "* to replace");
        }
        routes.forEach(registry::removeBeanDefinition);
    }

    private static boolean isFeatureRoute(BeanDefinition definition) {
        if (!(definition instanceof AnnotatedBeanDefinition annotated)) {
            return false;
        }
        MethodMetadata factory = annotated.getFactoryMethodMetadata();
        return factory != null
                && factory.getDeclaringClassName().startsWith(FEATURE)
                && factory.getReturnTypeName().equals(RouterFunction.class.getName());
    }
}
