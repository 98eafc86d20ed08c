package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.TestStorage;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;

/** docs/api.md, The web app: the pages, their files and WebJars, their caching and their content security policy. */
@Tag(TestStorage.SERVER_INDEPENDENT)
class WebAppIT extends IntegrationTest {

    private static final String CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none';"
            + " form-action 'self'";

    @Test
    void theAppIsAtTheRootAndTheDashboardAtOpsWithoutAToken() {
        assertThat(page("/")).contains("<title>Hongbao</title>");
        assertThat(page("/ops")).contains("<title>Hongbao ops</title>");
        assertThat(page("/index.html")).isEqualTo(page("/"));
    }

    @Test
    void theAppsOwnFilesAreRevalidatedAndAnUnchangedOneIs304() {
        String etag = http.get()
                .uri("/")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .valueEquals(HttpHeaders.CACHE_CONTROL, "no-cache")
                .expectHeader()
                .exists(HttpHeaders.LAST_MODIFIED)
                .returnResult(byte[].class)
                .getResponseHeaders()
                .getETag();
        assertThat(etag).startsWith("W/\"");

        http.get()
                .uri("/")
                .header(HttpHeaders.IF_NONE_MATCH, etag)
                .exchange()
                .expectStatus()
                .isNotModified()
                .expectHeader()
                .doesNotExist(HttpHeaders.PRAGMA)
                .expectHeader()
                .valueEquals("Content-Security-Policy", CSP);
    }

    @Test
    void uPlotIsServedVersionLessFromItsWebJarAndKeptADay() {
        byte[] script = http.get()
                .uri("/webjars/uplot/dist/uPlot.iife.min.js")
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentTypeCompatibleWith("text/javascript")
                .expectHeader()
                .valueEquals(HttpHeaders.CACHE_CONTROL, "max-age=86400, public")
                .expectHeader()
                .valueEquals("Content-Security-Policy", CSP)
                .expectBody()
                .returnResult()
                .getResponseBody();

        assertThat(new String(script, StandardCharsets.UTF_8)).contains("uPlot");
    }

    @Test
    void aPathNoFileMatchesIsTheContractsJson404() {
        for (String path : new String[] {"/no-such-page", "/no-such.js", "/webjars/no-such/lib.js", "/ops/x"}) {
            http.get()
                    .uri(path)
                    .exchange()
                    .expectStatus()
                    .isNotFound()
                    .expectHeader()
                    .contentTypeCompatibleWith(MediaType.APPLICATION_JSON)
                    .expectHeader()
                    .valueEquals("Content-Security-Policy", CSP)
                    .expectBody()
                    .jsonPath("$.code")
                    .isEqualTo("NOT_FOUND");
        }
    }

    @Test
    void theSwaggerUiMayApplyInlineStylesButRunsOnlyItsOwnScripts() {
        String location = http.get()
                .uri("/docs")
                .exchange()
                .expectStatus()
                .is3xxRedirection()
                .returnResult(byte[].class)
                .getResponseHeaders()
                .getLocation()
                .toString();
        String docsCsp = CSP.replace("style-src 'self';", "style-src 'self' 'unsafe-inline';");

        String ui = new String(
                http.get()
                        .uri(location)
                        .exchange()
                        .expectStatus()
                        .isOk()
                        .expectHeader()
                        .valueEquals("Content-Security-Policy", docsCsp)
                        .expectBody()
                        .returnResult()
                        .getResponseBody(),
                StandardCharsets.UTF_8);
        assertThat(ui).contains("swagger-initializer.js").doesNotContain("<script>");
    }

    private String page(String path) {
        byte[] body = http.get()
                .uri(path)
                .accept(MediaType.TEXT_HTML)
                .exchange()
                .expectStatus()
                .isOk()
                .expectHeader()
                .contentTypeCompatibleWith(MediaType.TEXT_HTML)
                .expectHeader()
                .valueEquals("Content-Security-Policy", CSP)
                .expectHeader()
                .valueEquals("X-Frame-Options", "DENY")
                .expectBody()
                .returnResult()
                .getResponseBody();
        return new String(body, StandardCharsets.UTF_8);
    }
}
