package io.hongbao.platform.redis.acks;

/**
 * A script call ran on a primary, but the {@code WAIT} that followed it did not confirm that enough replicas have it:
 * too few acknowledged within the timeout, the WAIT itself failed, or the connection was lost in between. The call's
 * effects are on the primary and may or may not be on a replica, so its outcome must not be answered as final;
 * callers answer 503 and rely on the operation being idempotent.
 */
public final class ReplicaAckFailed extends RuntimeException {

    public ReplicaAckFailed(String message, Throwable cause) {
        super(message, cause, false, false); // an answer, not a bug: no stack trace
    }

    /** Whether {@code failure} is one, or was caused by one (completion wrappers included). */
    public static boolean behind(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof ReplicaAckFailed) {
                return true;
            }
        }
        return false;
    }
}
