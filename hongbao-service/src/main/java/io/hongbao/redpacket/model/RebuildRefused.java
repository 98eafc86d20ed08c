package io.hongbao.redpacket.model;

/**
 * A packet Redis lost is not rebuilt from the database yet, because some of its events are still on their way there
 * ({@link UnrecordedEvents}): the database's view would count their shares as unclaimed. Nothing was changed; once
 * the persister has caught up, the same rebuild succeeds.
 */
public final class RebuildRefused extends RuntimeException {

    /** Whether {@code failure} is one, or was caused by one (completion wrappers included). */
    public static boolean behind(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof RebuildRefused) {
                return true;
            }
        }
        return false;
    }

    public RebuildRefused(PacketId packet) {
        super("packet " + packet.value() + " has events the database has not recorded yet", null, false, false);
    }
}
