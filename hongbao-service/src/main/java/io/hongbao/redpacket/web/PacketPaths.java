package io.hongbao.redpacket.web;

/** Paths of the red packet routes that other parts of the feature name (its limited routes). */
public final class PacketPaths {

    /** Sending a packet: {@code POST}. */
    public static final String SEND = "/api/v1/packets";

    /** Grabbing a share: {@code POST}; the functional route's own. */
    public static final String GRAB = GrabRoute.PATH;

    private PacketPaths() {}
}
