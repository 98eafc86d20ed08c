package io.hongbao.platform.security;

import java.util.Map;

/**
 * The headers every answer carries (docs/api.md, Response headers), for an answer written where the security chain's
 * header writer does not run: ahead of it, or below WebFlux on the connection itself.
 */
public interface UsualResponseHeaders {

    /**
     * The headers, in a stable order, of an answer to a request for {@code path}.
     *
     * @param secure whether the request came over https (adds {@code Strict-Transport-Security})
     */
    Map<String, String> forPath(String path, boolean secure);
}
