package io.hongbao.platform.security.provider;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;

/** Whether an OpenID Connect issuer is configured ({@code hongbao.security.oidc.issuer}), before the beans exist. */
final class ProviderConfigured implements Condition {

    @Override
    public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
        String issuer = context.getEnvironment().getProperty("hongbao.security.oidc.issuer");
        return issuer != null && !issuer.isBlank();
    }
}
