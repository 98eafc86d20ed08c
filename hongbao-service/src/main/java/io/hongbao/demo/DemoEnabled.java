package io.hongbao.demo;

import io.hongbao.platform.storage.StorageSettings;
import io.hongbao.platform.web.ServerBinding;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Whether the demo sign-in's route is registered at all ({@link DemoSettings#on}): when it is off, its path does not
 * exist (the contract's 404) and the OpenAPI document does not list it. Read from the settings as bound, before the
 * beans exist.
 */
public final class DemoEnabled implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        return on(Binder.get(context.getEnvironment()));
    }

    static boolean on(Binder binder) {
        DemoSettings demo = binder.bindOrCreate("hongbao.demo", DemoSettings.class);
        boolean embedded = binder.bindOrCreate("hongbao", StorageSettings.class).embeddedMode();
        return demo.on(embedded, ServerBinding.loopbackOnly(embedded, ServerBinding.configured(binder)));
    }
}
