package io.hongbao.platform.web;

import java.io.IOException;
import java.time.Duration;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.web.reactive.config.ResourceHandlerRegistry;
import org.springframework.web.reactive.config.WebFluxConfigurer;

/**
 * The web app's files (docs/api.md, The web app; ADR 0076), in place of Spring Boot's resource mappings
 * ({@code spring.web.resources.add-mappings: false}), which give every file the same caching:
 *
 * <ul>
 *   <li>{@code /**} from {@code classpath:/static/}: the app's own files change with each release under the same
 *       names, so a browser keeps them but asks each time ({@code Cache-Control: no-cache}) with the
 *       {@code ETag} or {@code Last-Modified} it got, and gets a {@code 304} while they are unchanged;
 *   <li>{@code /webjars/**} from the WebJars on the class path, version-less ({@code /webjars/uplot/dist/...}) through
 *       webjars-locator-lite: a library changes only with a service release that upgrades it, so it is kept a day
 *       without asking (a version-less address outlives an upgrade, hence not a year).
 * </ul>
 *
 * A path no file matches is the contract's JSON {@code 404}. The Swagger UI's files are springdoc's own mapping.
 */
final class WebAppResources implements WebFluxConfigurer {

    static final CacheControl APP_FILES = CacheControl.noCache();
    static final CacheControl LIBRARIES =
            CacheControl.maxAge(Duration.ofDays(1)).cachePublic();

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        registry.addResourceHandler("/webjars/**")
                .addResourceLocations("classpath:/META-INF/resources/webjars/")
                .setCacheControl(LIBRARIES)
                .resourceChain(true);
        registry.addResourceHandler("/**")
                .addResourceLocations("classpath:/static/")
                .setCacheControl(APP_FILES)
                .setEtagGenerator(WebAppResources::etag)
                .resourceChain(true);
    }

    /** Its time and size, as web servers commonly do: a new build of a file changes at least its time. */
    static String etag(Resource resource) {
        try {
            return "W/\"" + Long.toHexString(resource.lastModified()) + "-" + Long.toHexString(resource.contentLength())
                    + "\"";
        } catch (IOException e) {
            return null;
        }
    }
}
