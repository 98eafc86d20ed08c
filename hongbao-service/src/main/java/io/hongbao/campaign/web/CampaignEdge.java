package io.hongbao.campaign.web;

import io.hongbao.platform.security.UsualResponseHeaders;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.EmptyHttpHeaders;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.ReferenceCountUtil;
import java.net.URI;
import java.util.Map;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import reactor.netty.NettyPipeline;

/**
 * The lossy edge's door (ADR 0104): on each HTTP/1.1 connection, right after Netty's HTTP decoder, a campaign grab over
 * the instance's rate ({@link CampaignAdmission#withinTheRate}) is answered {@code 200 TRY_AGAIN} with constant bytes
 * and goes no further: no Reactor Netty request, no WebFlux exchange, no security, no handler. A refusal then costs
 * what decoding the request and writing the answer cost, the kernel's part included: 41-60 µs of the service's CPU on
 * the measuring machine, against 81-107 µs in a web filter (docs/performance.md, "A refusal's cost"). The answer is the same for every caller, so answering it before the token is checked is
 * harmless; it carries the headers every answer carries.
 *
 * <p>One per connection, so its state is the connection's, touched only by the connection's event loop. It refuses
 * only a request that is the connection's sole one: with an earlier request still unanswered (a pipelining client),
 * writing the refusal now would put it ahead of that answer, so such a request goes on and is admitted. A refused
 * request's body, if any, is released here as it comes: nothing downstream saw its request, so nothing there would.
 */
final class CampaignEdge extends ChannelDuplexHandler {

    private static final String NAME = "hongbao.campaignEdge";

    private final CampaignAdmission admission;
    private final TryAgain tryAgain;

    /** Requests passed on whose answer's last part has not been written yet. */
    private int unanswered;

    /** A refused request's body is still coming: drop it up to its last part. */
    private boolean droppingBody;

    CampaignEdge(CampaignAdmission admission, TryAgain tryAgain) {
        this.admission = admission;
        this.tryAgain = tryAgain;
    }

    /** Puts a new door after the HTTP/1.1 decoder of every connection (HTTP/2 connections have none, and no door). */
    static NettyServerCustomizer onEveryConnection(CampaignAdmission admission, UsualResponseHeaders usual) {
        TryAgainAnswer answer = TryAgainAnswer.after(admission.retryAfter());
        TryAgain plain = TryAgain.of(answer, usual.forPath(CampaignGrabPath.EXAMPLE, false));
        TryAgain secure = TryAgain.of(answer, usual.forPath(CampaignGrabPath.EXAMPLE, true));
        return server -> server.doOnChannelInit((observer, channel, remoteAddress) -> {
            ChannelPipeline pipeline = channel.pipeline();
            if (pipeline.get(NettyPipeline.HttpCodec) != null) {
                TryAgain tryAgain = pipeline.get(SslHandler.class) != null ? secure : plain;
                pipeline.addAfter(NettyPipeline.HttpCodec, NAME, new CampaignEdge(admission, tryAgain));
            }
        });
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message) {
        if (droppingBody && message instanceof HttpContent) {
            droppingBody = !(message instanceof LastHttpContent);
            ReferenceCountUtil.release(message);
            readOn(context);
            return;
        }
        if (message instanceof HttpRequest request) {
            if (unanswered == 0 && isCampaignGrab(request) && !admission.withinTheRate()) {
                refuse(context, request);
                readOn(context);
                return;
            }
            unanswered++;
        }
        context.fireChannelRead(message);
    }

    /**
     * Reactor Netty reads a connection only when it asks to (auto-read off), and it asks once it has answered a request;
     * a request it never saw it never answers, so the door asks in its place, or the connection would stall.
     */
    private static void readOn(ChannelHandlerContext context) {
        if (!context.channel().config().isAutoRead()) {
            context.read();
        }
    }

    @Override
    public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
        // The last part of an answer, but not of an interim one (100 Continue): that request is answered.
        if (message instanceof LastHttpContent && !isInterim(message) && unanswered > 0) {
            unanswered--;
        }
        context.write(message, promise);
    }

    private static boolean isInterim(Object message) {
        return message instanceof HttpResponse response
                && response.status().codeClass() == HttpStatusClass.INFORMATIONAL;
    }

    static boolean isCampaignGrab(HttpRequest request) {
        if (!HttpMethod.POST.equals(request.method()) || request.decoderResult().isFailure()) {
            return false;
        }
        String path = pathOf(request.uri());
        // A percent-encoded path is routed as decoded, so it is asked as decoded; the common path costs no copy.
        if (path.indexOf('%') >= 0) {
            path = QueryStringDecoder.decodeComponent(path);
        }
        return CampaignGrabPath.matches(path);
    }

    /** The request target's path: of the origin form ({@code /path?query}) or the absolute form a client may send. */
    private static String pathOf(String target) {
        if (target.startsWith("/")) {
            int query = target.indexOf('?');
            return query < 0 ? target : target.substring(0, query);
        }
        try {
            String path = URI.create(target).getRawPath();
            return path == null ? "" : path;
        } catch (IllegalArgumentException notAUri) {
            return "";
        }
    }

    private void refuse(ChannelHandlerContext context, HttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        droppingBody = !(request instanceof LastHttpContent);
        ReferenceCountUtil.release(request);
        if (keepAlive) {
            context.writeAndFlush(tryAgain.answer(true), context.voidPromise());
        } else {
            context.writeAndFlush(tryAgain.answer(false)).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** The door's answer, built once: only the response object is new for each refusal, its bytes are shared. */
    record TryAgain(ByteBuf body, HttpHeaders keepAliveHeaders, HttpHeaders closeHeaders) {

        /** The answer's own headers after the ones every answer carries ({@code usual}). */
        static TryAgain of(TryAgainAnswer answer, Map<String, String> usual) {
            ByteBuf body = Unpooled.unreleasableBuffer(
                    Unpooled.wrappedBuffer(answer.body()).asReadOnly());
            HttpHeaders headers = new DefaultHttpHeaders();
            usual.forEach(headers::set);
            headers.set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .set(HttpHeaderNames.CONTENT_LENGTH, answer.body().length)
                    .set(HttpHeaderNames.RETRY_AFTER, answer.retryAfterSeconds());
            HttpHeaders closing = headers.copy().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            return new TryAgain(body, headers, closing);
        }

        /** A response over the shared bytes and headers, which nothing downstream of the door changes. */
        FullHttpResponse answer(boolean keepAlive) {
            return new DefaultFullHttpResponse(
                    HttpVersion.HTTP_1_1,
                    HttpResponseStatus.OK,
                    body.duplicate(),
                    keepAlive ? keepAliveHeaders : closeHeaders,
                    EmptyHttpHeaders.INSTANCE);
        }
    }
}
