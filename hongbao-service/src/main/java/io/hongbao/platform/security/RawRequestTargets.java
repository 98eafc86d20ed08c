package io.hongbao.platform.security;

import io.hongbao.platform.web.ApiErrorWriter;
import io.hongbao.platform.web.ErrorCode;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpRequest;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.core.Ordered;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;
import reactor.core.publisher.Mono;
import reactor.netty.NettyPipeline;

/**
 * A request target (path and query) holding bytes outside printable ASCII: 400 with the contract's error body and the
 * security headers. HTTP says such bytes are sent percent-encoded; Netty passes them through as they came, one
 * character per byte, and Spring's adapter then fails to parse the URI and answers an empty 400 before any filter
 * runs.
 *
 * <p>So each connection's pipeline holds a {@link Marker} right after the HTTP decoder: it percent-encodes those bytes,
 * so that the URI parses, and marks the request with {@link #MARK}, a header it first removes from every request (a
 * client cannot set it). The first web filter refuses a marked request: nothing is read, authenticated or counted.
 */
final class RawRequestTargets implements WebFilter, Ordered {

    /** Set by the {@link Marker} only. */
    static final String MARK = "X-Hongbao-Raw-Request-Target";

    private final ApiErrorWriter errors;
    private final SecurityResponseHeaders headers;

    RawRequestTargets(ApiErrorWriter errors, SecurityResponseHeaders headers) {
        this.errors = errors;
        this.headers = headers;
    }

    /** Puts the {@link Marker} after the HTTP/1.1 decoder of every connection. */
    static NettyServerCustomizer markerAfterTheDecoder() {
        Marker marker = new Marker();
        return server -> server.doOnChannelInit((observer, channel, remoteAddress) -> {
            ChannelPipeline pipeline = channel.pipeline();
            if (pipeline.get(NettyPipeline.HttpCodec) != null) {
                pipeline.addAfter(NettyPipeline.HttpCodec, "hongbao.rawRequestTargets", marker);
            }
        });
    }

    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE;
    }

    /** Constant: the web filter chain asks each filter's name for every request (its checkpoint's description). */
    @Override
    public String toString() {
        return "RawRequestTargets";
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
        if (!exchange.getRequest().getHeaders().containsHeader(MARK)) {
            return chain.filter(exchange);
        }
        return headers.refuse(
                exchange,
                errors,
                HttpStatus.BAD_REQUEST,
                ErrorCode.VALIDATION_FAILED,
                "the request's path or query holds bytes outside printable ASCII: percent-encode them (UTF-8)");
    }

    /** Percent-encodes and marks a request whose target holds a byte outside {@code !}..{@code ~}. */
    @ChannelHandler.Sharable
    static final class Marker extends ChannelInboundHandlerAdapter {

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof HttpRequest request) {
                request.headers().remove(MARK);
                String target = request.uri();
                if (!printableAscii(target)) {
                    request.setUri(percentEncoded(target));
                    request.headers().set(MARK, "1");
                }
            }
            context.fireChannelRead(message);
        }

        static boolean printableAscii(String target) {
            for (int i = 0; i < target.length(); i++) {
                char c = target.charAt(i);
                if (c < '!' || c > '~') {
                    return false;
                }
            }
            return true;
        }

        /** Each character is one byte as received (the decoder reads the request line as ISO-8859-1). */
        static String percentEncoded(String target) {
            StringBuilder encoded = new StringBuilder(target.length() + 16);
            for (int i = 0; i < target.length(); i++) {
                char c = target.charAt(i);
                if (c < '!' || c > '~') {
                    encoded.append('%')
                            .append(Character.forDigit((c >> 4) & 0xF, 16))
                            .append(Character.forDigit(c & 0xF, 16));
                } else {
                    encoded.append(c);
                }
            }
            return encoded.toString();
        }
    }
}
