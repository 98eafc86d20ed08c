package io.hongbao.platform.web;

import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.type.LogicalType;

/** How the API reads requests and writes errors, and how the web app's files are served. */
@Configuration(proxyBeanMethods = false)
class WebConfiguration {

    /** Every error leaves as the contract's JSON body (the handler is ordered before Spring Boot's own). */
    @Bean
    ApiErrorWriter apiErrorWriter(JsonMapper json) {
        return new ApiErrorWriter(json);
    }

    @Bean
    WebAppResources webAppResources() {
        return new WebAppResources();
    }

    @Bean
    WebAppPages webAppPages() {
        return new WebAppPages();
    }

    @Bean
    ApiExceptionHandler apiExceptionHandler(ApiErrorWriter writer) {
        return new ApiExceptionHandler(writer);
    }

    /**
     * Strict JSON for requests that move money: a number is a JSON integer, never {@code 12.5}, {@code "12"} or
     * {@code true}; an unknown field is a mistake worth a 400 rather than something silently ignored.
     */
    @Bean
    JsonMapperBuilderCustomizer strictRequests() {
        return builder -> builder.enable(
                        DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES,
                        DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES,
                        DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .withCoercionConfig(
                        LogicalType.Integer,
                        config -> config.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.EmptyString, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Float,
                        config -> config.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Boolean,
                        config -> config.setCoercion(CoercionInputShape.String, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail))
                .withCoercionConfig(
                        LogicalType.Textual,
                        config -> config.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                                .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail));
    }
}
