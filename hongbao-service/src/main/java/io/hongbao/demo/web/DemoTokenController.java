package io.hongbao.demo.web;

import io.hongbao.demo.DemoEnabled;
import io.hongbao.demo.DemoMode;
import io.hongbao.platform.ids.UserIds;
import io.hongbao.platform.security.TokenIssuer;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.springframework.context.annotation.Conditional;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * docs/api.md, Demo sign-in: a token for any user id, signed with the service's secret. Registered only while the demo
 * is on ({@link DemoEnabled}): otherwise the path does not exist.
 */
@RestController
@Conditional(DemoEnabled.class)
@Tag(name = "Demo")
class DemoTokenController {

    private final TokenIssuer issuer;
    private final DemoMode mode;

    /** The system clock, as for verifying tokens: a token's {@code exp} is real time, never a simulated one. */
    private final Clock clock = Clock.systemUTC();

    DemoTokenController(TokenIssuer issuer, DemoMode mode) {
        this.issuer = issuer;
        this.mode = mode;
    }

    @Operation(
            operationId = "demoToken",
            summary = "A demo token for any user",
            description =
                    "Only while the demo sign-in is on (`GET /demo`); otherwise this path is 404. No token needed."
                            + " The token is valid for `hongbao.demo.token-valid-for` (12 hours).",
            security = {},
            responses = {
                @ApiResponse(responseCode = "200", description = "a bearer token for that user"),
                @ApiResponse(
                        responseCode = "400",
                        description = "VALIDATION_FAILED: malformed JSON, userId missing or not an integer from 1 to"
                                + " 2^53 - 1, admin not a boolean, an unknown field"),
                @ApiResponse(
                        responseCode = "415",
                        description = "UNSUPPORTED_MEDIA_TYPE: the body is not application/json"),
                @ApiResponse(responseCode = "429", description = "RATE_LIMITED: too many calls from this address")
            })
    @PostMapping("/demo/token")
    DemoToken token(@RequestBody DemoTokenRequest body) {
        long userId = body.checkedUserId();
        boolean admin = body.isAdmin();
        Instant expiresAt = clock.instant().plus(mode.tokenValidFor()).truncatedTo(ChronoUnit.SECONDS);
        return new DemoToken(issuer.issue(userId, admin, expiresAt), userId, admin, expiresAt);
    }

    @Schema(description = "A demo token and what it says")
    record DemoToken(
            @Schema(description = "the bearer token (HS256 JWT)", requiredMode = Schema.RequiredMode.REQUIRED)
            String token,

            @Schema(
                    description = "its `sub`",
                    requiredMode = Schema.RequiredMode.REQUIRED,
                    example = "7",
                    minimum = "1",
                    maximum = UserIds.MAX_TEXT)
            long userId,

            @Schema(description = "whether it carries the admin role", requiredMode = Schema.RequiredMode.REQUIRED)
            boolean admin,

            @Schema(description = "its `exp`, in whole seconds", requiredMode = Schema.RequiredMode.REQUIRED)
            Instant expiresAt) {}
}
