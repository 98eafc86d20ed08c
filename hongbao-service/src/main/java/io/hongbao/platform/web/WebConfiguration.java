package io.hongbao.platform.web;

import io.hongbao.platform.storage.StorageSettings;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.http.codec.CodecCustomizer;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import tools.jackson.core.StreamReadFeature;
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

    /** Ids and numbers in paths and query strings: plain decimal digits only, one parser for every route. */
    @Bean
    CanonicalNumbers canonicalNumbers() {
        return new CanonicalNumbers();
    }

    /** {@code ?limit=5&limit=6} is 400, not whichever value binding keeps. */
    @Bean
    RepeatedQueryParameters repeatedQueryParameters() {
        return new RepeatedQueryParameters();
    }

    @Bean
    WebAppPages webAppPages() {
        return new WebAppPages();
    }

    /** Readiness DOWN for a while before the port closes on shutdown. */
    @Bean
    Draining draining(ShutdownSettings settings) {
        return new Draining(settings.drainFor());
    }

    @Bean
    ApiExceptionHandler apiExceptionHandler(ApiErrorWriter writer, ClientAborts aborts) {
        return new ApiExceptionHandler(writer, aborts);
    }

    /** Embedded mode listens on loopback only unless server.address says otherwise (docs/api.md, change 21). */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    ServerBinding serverBinding(StorageSettings storage, Environment environment) {
        return new ServerBinding(storage.embeddedMode(), ServerBinding.configured(Binder.get(environment)));
    }

    /** Hang-ups before the answer: counted, logged at DEBUG, never an error (first of the filters). */
    @Bean
    ClientAborts clientAborts(MeterRegistry registry) {
        return new ClientAborts(registry);
    }

    /**
     * Bodies are read only as {@code application/json} in well-formed UTF-8 ({@link StrictJsonDecoder}); ordered after
     * Spring Boot's own Jackson customizer (order 0), whose decoder it replaces.
     */
    @Bean
    @Order(1)
    CodecCustomizer strictJsonBodies(JsonMapper json) {
        return codecs -> codecs.defaultCodecs().jacksonJsonDecoder(new StrictJsonDecoder(json));
    }

    /**
     * Strict JSON for requests that move money: a number is a JSON integer, never {@code 12.5}, {@code "12"} or
     * {@code true}; an unknown field or a field given twice is a mistake worth a 400 rather than something silently
     * ignored or overwritten.
     */
    @Bean
    JsonMapperBuilderCustomizer strictRequests() {
        return builder -> builder
                // {"amount": 1, "amount": 2} is refused, never read as whichever came last (it named the key twice)
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(
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
