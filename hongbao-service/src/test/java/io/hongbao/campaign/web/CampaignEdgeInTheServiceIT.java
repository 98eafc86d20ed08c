package io.hongbao.campaign.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.hongbao.support.IntegrationTest;
import io.hongbao.support.TestStorage;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The service as built puts the lossy edge's door on its connections ({@link CampaignEdge}): with the instance's rate
 * spent (half a second into debt), grabs arriving on idle connections are answered {@code TRY_AGAIN} there, before the
 * token is looked at (these carry none: admitted, they would be {@code 401}), and counted as over the rate. Whatever
 * the servers: no Redis call is made.
 */
@Tag(TestStorage.SERVER_INDEPENDENT)
class CampaignEdgeInTheServiceIT extends IntegrationTest {

    private static final String GRAB =
            "POST /api/v1/campaigns/no-such/grab HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n";

    @Autowired
    CampaignAdmission admission;

    @LocalServerPort
    int port;

    @Test
    void grabsOverTheRateAreAnsweredTryAgainAtTheConnectionBeforeTheirTokenIsAsked() throws Exception {
        double before = refusedOverTheRate();
        CampaignEdgeIT.Answer admitted = oneGrab();

        List<CampaignEdgeIT.Answer> answers = fiftyGrabsWithTheRateSpent();

        assertThat(admitted.status())
                .as("within the rate: on to the token's check")
                .isEqualTo(401);
        Map<String, String> usual = new TreeMap<>(admitted.headers());
        usual.remove("content-length");
        assertThat(answers).hasSize(50).allSatisfy(answer -> {
            assertThat(answer.status()).isEqualTo(200);
            assertThat(answer.body()).isEqualTo("{\"outcome\":\"TRY_AGAIN\",\"retryAfterMillis\":500}");
            assertThat(answer.headers()).containsEntry("retry-after", "1");
            assertThat(answer.headers())
                    .as("the headers every answer carries, as the 401 has them")
                    .containsAllEntriesOf(usual);
        });
        assertThat(refusedOverTheRate() - before).isGreaterThanOrEqualTo(50);
        // The rate refills within a second and a half: later tests of the shared service find it whole.
        Thread.sleep(1_500);
    }

    private CampaignEdgeIT.Answer oneGrab() throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(GRAB.getBytes(StandardCharsets.US_ASCII));
            return CampaignEdgeIT.Answer.read(socket.getInputStream());
        }
    }

    private List<CampaignEdgeIT.Answer> fiftyGrabsWithTheRateSpent() throws IOException {
        List<Socket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                Socket socket = new Socket("127.0.0.1", port);
                socket.setSoTimeout(10_000);
                sockets.add(socket);
            }
            while (admission.withinTheRate()) {
                // spend the burst
            }
            admission.spend(2_500);
            byte[] grab = GRAB.getBytes(StandardCharsets.US_ASCII);
            for (Socket socket : sockets) {
                OutputStream out = socket.getOutputStream();
                out.write(grab);
                out.flush();
            }
            List<CampaignEdgeIT.Answer> answers = new ArrayList<>();
            for (Socket socket : sockets) {
                answers.add(CampaignEdgeIT.Answer.read(socket.getInputStream()));
            }
            return answers;
        } finally {
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }

    private double refusedOverTheRate() {
        String scrape = prometheusScrape();
        return scrape.lines()
                .filter(line ->
                        line.startsWith("hongbao_campaign_grabs_refused_total{") && line.contains("reason=\"rate\""))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }
}
