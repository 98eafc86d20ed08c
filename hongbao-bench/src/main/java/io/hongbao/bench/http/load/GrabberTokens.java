package io.hongbao.bench.http.load;

/**
 * The {@code Authorization} header each grabber sends: the service's own HS256 tokens ({@link SignedTokens}) or an
 * OpenID Connect provider's ({@link ProviderSignedTokens}, {@code bench http --also-provider-tokens}).
 */
public interface GrabberTokens {

    /** Once per target, before its first run: whatever signing the users {@code firstUser ..} need beforehand. */
    default void prepare(String target, long firstUser, int users) {}

    /** {@code Bearer} and the token of {@code userId}, the same text every time it is asked. */
    String bearer(long userId);
}
