package io.hongbao.platform.web;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.servers.Server;
import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springdoc.core.customizers.PropertyCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The OpenAPI document at {@code /v3/api-docs} (browsed at {@code /docs}), what API consumers feed to their client
 * generators. Controllers and routes describe what is theirs with springdoc's annotations; {@link ApiOperations},
 * {@link ActuatorOperations} and {@link AnswerSchemas} add what they share. The integration tests check every answer
 * they receive against this document, so it stays true.
 */
@Configuration(proxyBeanMethods = false)
class OpenApiConfiguration {

    static final String DESCRIPTION = """
            Red packets (抢红包) and lottery wheels (抽奖).

            - JSON in and out, UTF-8. Times are ISO-8601 UTC strings (`2026-11-22T10:00:00Z`).
            - **Money is integer cents** (fen): `1000` is ¥10.00, never a float or a string.
            - **User ids** are integers from 1 to 2^53 - 1 (exact in JavaScript); every other id (packet, group, \
            wheel, prize, draw) is an opaque string chosen by the server.
            - **Authentication**: every `/api/**` call carries `Authorization: Bearer <JWT>`, HS256 with the \
            service's secret; `sub` is the caller's user id, `exp` is required, `roles: ["admin"]` grants \
            `/api/v1/admin/**`. The caller is always `sub`, never a field of the body.
            - **Errors**: every non-2xx answer has the body `{"code": "UPPER_SNAKE", "message": "..."}`, and a \
            refused call changes nothing.
            - **Idempotency**: the `POST`s that move money accept an `Idempotency-Key` header (1 to 64 characters). \
            A repeat by the same user with the same key and body returns the first answer and does nothing more; \
            the same key with another body is `422 IDEMPOTENCY_KEY_REUSED`.
            - Grabs reach balances and ledgers asynchronously: the `/me` views may trail a grab's answer, normally \
            by well under a second.
            """;

    @Bean
    OpenAPI hongbaoOpenApi() {
        // A relative server: the document is served by the service it describes, on whatever host and port.
        return new OpenAPI()
                .info(new Info().title("Hongbao API").version("v1").description(DESCRIPTION))
                .addServersItem(new Server().url("/").description("the service that serves this document"));
    }

    /** In this order: the error answers first, so that the schema pass sees every answer. */
    @Bean
    OpenApiCustomizer sharedDocumentation() {
        return api -> {
            ApiOperations.document(api);
            ActuatorOperations.document(api);
            ApiOperations.declareFormRefusals(api);
            AnswerSchemas.document(api);
        };
    }

    @Bean
    PropertyCustomizer nullableReferences() {
        return AnswerSchemas::markNullableReference;
    }
}
