package io.hongbao.demo.web;

import io.hongbao.demo.DemoMode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** docs/api.md, Demo sign-in: whether it is on, asked by the web app before it offers it. */
@RestController
@Tag(name = "Demo", description = "Sign-in without an identity provider, for trying the service on one machine")
class DemoController {

    private final DemoStatus status;

    DemoController(DemoMode mode) {
        this.status = new DemoStatus(mode.enabled());
    }

    @Operation(
            operationId = "demo",
            summary = "Whether the demo sign-in is on",
            description = "No token needed. On by default in embedded mode, off in external mode"
                    + " (`hongbao.demo.enabled`).",
            security = {},
            responses = {
                @ApiResponse(responseCode = "200", description = "whether `POST /demo/token` exists"),
                @ApiResponse(responseCode = "429", description = "RATE_LIMITED: too many calls from this address")
            })
    @GetMapping("/demo")
    DemoStatus status() {
        return status;
    }

    @Schema(description = "Whether the demo sign-in is on")
    record DemoStatus(
            @Schema(requiredMode = Schema.RequiredMode.REQUIRED)
            boolean enabled) {}
}
