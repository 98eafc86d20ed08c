package io.hongbao.signin.web;

import io.hongbao.platform.security.provider.ProviderSignIn;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * docs/api.md, The web app: how the page may sign people in with the OpenID Connect provider (ADR 0097), asked by the
 * web app before it offers "Sign in with ...".
 */
@RestController
@Tag(name = "Sign-in", description = "How the web app signs people in")
class SignInController {

    private final ProviderSignIn signIn;

    SignInController(ProviderSignIn signIn) {
        this.signIn = signIn;
    }

    @Operation(
            operationId = "authConfig",
            summary = "The identity provider the web app signs in with",
            description = "No token needed. `provider` is null while no OpenID Connect issuer and client are configured"
                    + " (`hongbao.security.oidc.issuer`, `.client-id`) or the provider has not answered its discovery"
                    + " yet. The web app signs in with the authorization code flow and PKCE (S256) as a public client.",
            security = {},
            responses = {
                @ApiResponse(responseCode = "200", description = "the provider, or null"),
                @ApiResponse(responseCode = "429", description = "RATE_LIMITED: too many calls from this address")
            })
    @GetMapping("/auth/config")
    AuthConfig config() {
        return new AuthConfig(signIn.offer()
                .map(offer -> new Provider(
                        offer.name(),
                        offer.issuer(),
                        offer.clientId(),
                        offer.authorizationEndpoint(),
                        offer.tokenEndpoint(),
                        offer.adminClaim(),
                        offer.adminRole()))
                .orElse(null));
    }

    @Schema(description = "How the web app signs in")
    record AuthConfig(
            @Schema(
                    description = "the OpenID Connect provider, or null for none",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    nullable = true)
            Provider provider) {}

    @Schema(description = "An OpenID Connect provider and the web app's public client there")
    record Provider(
            @Schema(description = "what the page calls it", requiredMode = Schema.RequiredMode.REQUIRED)
            String name,

            @Schema(description = "its issuer, the tokens' iss", requiredMode = Schema.RequiredMode.REQUIRED)
            String issuer,

            @Schema(description = "the public client's id", requiredMode = Schema.RequiredMode.REQUIRED)
            String clientId,

            @Schema(description = "where the browser is sent to sign in", requiredMode = Schema.RequiredMode.REQUIRED)
            String authorizationEndpoint,

            @Schema(
                    description = "where the page exchanges the code for a token",
                    requiredMode = Schema.RequiredMode.REQUIRED)
            String tokenEndpoint,

            @Schema(
                    description = "where the tokens carry the roles, claim names joined by dots (for display: the"
                            + " service decides)",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    example = "realm_access.roles")
            String adminClaim,

            @Schema(description = "the role that makes an admin", requiredMode = Schema.RequiredMode.REQUIRED)
            String adminRole) {}
}
