package io.hongbao.campaign.web;

/**
 * Whether a request path is a campaign grab's, {@code /api/v1/campaigns/{id}/grab}: the one route the lossy edge
 * admits and times on its own. Plain string checks (the JIT's own for strings), because every request is asked.
 */
final class CampaignGrabPath {

    /** A grab's path, for what depends on the path only as far as the route: the headers every answer carries. */
    static final String EXAMPLE = "/api/v1/campaigns/{id}/grab";

    private static final String PREFIX = "/api/v1/campaigns/";
    private static final String SUFFIX = "/grab";

    private CampaignGrabPath() {}

    /** {@code path} without query; one non-empty segment between the prefix and {@code /grab}. */
    static boolean matches(String path) {
        int idEnd = path.length() - SUFFIX.length();
        return idEnd > PREFIX.length()
                && path.startsWith(PREFIX)
                && path.startsWith(SUFFIX, idEnd)
                && path.indexOf('/', PREFIX.length()) == idEnd;
    }
}
