// The operator dashboard: polls GET /api/v1/admin/ops every second with an admin token and keeps the last five
// minutes of figures for the charts (uPlot, served as a WebJar). Field names follow the ops answer; figures that an
// answer lacks show as "–" rather than breaking the page.
const KEY = 'hongbao.token';
const KEEP_SECONDS = 300;
const $ = (test) => document.querySelector(`[data-test="${test}"]`);
const history = { t: [], grabs: [], draws: [], p50: [], p99: [], backlog: [] };
const charts = {};
let timer = null;

function claims(token) {
  try {
    const part = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(part.padEnd(part.length + (4 - part.length % 4) % 4, '=')));
    return { admin: (json.roles ?? []).includes('admin') };
  } catch {
    return null;
  }
}

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

function table(target, head, rows) {
  target.replaceChildren();
  const tr = el('tr');
  head.forEach((h) => { const th = el('th', h); th.scope = 'col'; tr.append(th); });
  const thead = el('thead');
  thead.append(tr);
  const tbody = el('tbody');
  for (const row of rows) {
    const r = el('tr');
    row.forEach((cell, i) => r.append(i === 0 ? el('th', cell) : el('td', cell, typeof cell === 'number' ? 'n' : '')));
    tbody.append(r);
  }
  target.append(thead, tbody);
}

const num = (x, digits = 1) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '–');
const millis = (x, digits = 2) => (typeof x === 'number' ? num(x, digits) + ' ms' : '–');
const int = (x) => (typeof x === 'number' ? Math.round(x).toLocaleString('en-US') : '–');

function showSignIn(message) {
  clearTimeout(timer);
  $('ops-board').hidden = true;
  $('ops-sign-in').hidden = false;
  $('ops-state').textContent = 'Not connected';
  const error = $('ops-error');
  error.hidden = !message;
  error.textContent = message ?? '';
}

async function poll() {
  const token = sessionStorage.getItem(KEY);
  let answer;
  try {
    answer = await fetch('/api/v1/admin/ops', { headers: { Authorization: 'Bearer ' + token, Accept: 'application/json' } });
  } catch {
    $('ops-state').textContent = 'Service unreachable: retrying';
    timer = setTimeout(poll, 1000);
    return;
  }
  if (answer.status === 401) return showSignIn('401: the token was refused (expired, or not signed by this service). Sign in again.');
  if (answer.status === 403) return showSignIn('403: this token has no admin role. The dashboard needs an admin token.');
  if (!answer.ok) {
    $('ops-state').textContent = `The service answered ${answer.status}: retrying`;
    timer = setTimeout(poll, 1000);
    return;
  }
  render(await answer.json());
  watchCampaign(token);
  timer = setTimeout(poll, 1000);
}

// The campaigns panel: the newest campaign not yet over (the list is read again every 10 s), its shares left per
// sub-pool from GET /api/v1/campaigns/{id}/live, and how fast they go (the fall of sharesLeft per second).
const LIST_EVERY_MILLIS = 10000;
// A rate over a few seconds: a crowd's taps come in bursts, and one poll's change would flicker.
const RATE_WINDOW_MILLIS = 5000;
const campaign = { view: null, listedAt: 0, asking: false, last: null, fullest: [], samples: [] };

async function watchCampaign(token) {
  if (campaign.asking) return;
  campaign.asking = true;
  const headers = { Authorization: 'Bearer ' + token, Accept: 'application/json' };
  try {
    if (Date.now() - campaign.listedAt > LIST_EVERY_MILLIS) {
      const answer = await fetch('/api/v1/campaigns?limit=20', { headers });
      if (answer.ok) choose((await answer.json()).campaigns ?? []);
      campaign.listedAt = Date.now();
    }
    // A service whose campaigns have no rounds has no /live either.
    if (!campaign.view?.rounds) return renderCampaign(null);
    const answer = await fetch(`/api/v1/campaigns/${campaign.view.id}/live`, { headers });
    if (answer.ok) renderCampaign(await answer.json());
  } catch {
    // The next poll tries again; the main figures say whether the service is reachable.
  } finally {
    campaign.asking = false;
  }
}

/** Every instance's campaign answers and the lossy edge's refusals by reason, with the backlog they lead to. */
function renderCampaignAnswers(totals, persister) {
  const refusals = totals.campaignRefusalsPerSecond ?? {};
  const refused = Object.values(refusals).reduce((sum, x) => sum + (typeof x === 'number' ? x : 0), 0);
  $('campaign-refused').textContent = num(refused);
  $('campaign-backlog').textContent = int(persister.backlog);
  table($('campaign-outcomes'), ['Outcome', 'per second'],
    Object.entries(totals.campaignOutcomesPerSecond ?? {}).map(([k, v]) => [k, num(v)]));
  table($('campaign-refusals'), ['Reason', 'per second'], Object.entries(refusals).map(([k, v]) => [k, num(v)]));
}

/** The newest campaign whose last round has not ended; a new one starts its figures afresh. */
function choose(campaigns) {
  const now = Date.now();
  const on = campaigns.find((c) => Date.parse(c.endsAt) > now) ?? null;
  if (on?.id !== campaign.view?.id) Object.assign(campaign, { last: null, fullest: [], samples: [] });
  campaign.view = on;
}

function renderCampaign(live) {
  const c = campaign.view;
  $('campaign-which').textContent = c
    ? `${c.greeting || 'Campaign'} (${c.id}) · round ${(live?.round ?? 0) + 1} of ${c.rounds?.length || 1}`
    : 'No campaign is on.';
  if (!c || !live) {
    ['campaign-rate', 'campaign-left', 'campaign-pools-out'].forEach((test) => { $(test).textContent = '–'; });
    drawPools([]);
    return;
  }
  const now = performance.now();
  if (campaign.last && campaign.last.round !== live.round) Object.assign(campaign, { fullest: [], samples: [] });
  campaign.last = { round: live.round, sharesLeft: live.sharesLeft, at: now };
  $('campaign-rate').textContent = num(takenPerSecond(campaign.last));
  $('campaign-left').textContent = int(live.sharesLeft);
  const pools = live.pools ?? [];
  $('campaign-pools-out').textContent = `${pools.filter((p) => p.sharesLeft === 0).length} of ${pools.length}`;
  drawPools(pools);
}

/** Shares taken per second over the last RATE_WINDOW_MILLIS of samples; null until there are two. */
function takenPerSecond(sample) {
  campaign.samples.push(sample);
  while (campaign.samples[0].at < sample.at - RATE_WINDOW_MILLIS) campaign.samples.shift();
  const first = campaign.samples[0];
  return sample.at > first.at ? (first.sharesLeft - sample.sharesLeft) / ((sample.at - first.at) / 1000) : null;
}

/** One bar per pool, as high as its shares left against the fullest the panel has seen it (or an even split). */
function drawPools(pools) {
  const target = $('campaign-pools');
  const round = campaign.view?.rounds?.[campaign.last?.round ?? 0];
  const even = Math.ceil((round?.shares ?? campaign.view?.shares ?? 1) / Math.max(1, pools.length));
  target.replaceChildren(...pools.map((p, i) => {
    campaign.fullest[i] = Math.max(campaign.fullest[i] ?? even, p.sharesLeft);
    const bar = el('span', null, p.sharesLeft === 0 ? 'out' : '');
    if (p.sharesLeft > 0) bar.style.height = `${Math.max(4, (100 * p.sharesLeft) / campaign.fullest[i])}%`;
    bar.title = `pool ${p.pool}: ${p.sharesLeft} left`;
    return bar;
  }));
  const lefts = pools.map((p) => p.sharesLeft);
  target.setAttribute('aria-label', pools.length
    ? `${pools.length} pools, shares left from ${Math.min(...lefts)} to ${Math.max(...lefts)}` : 'No pools');
}

function render(ops) {
  $('ops-sign-in').hidden = true;
  $('ops-board').hidden = false;
  $('ops-state').textContent = 'Live · ' + new Date(ops.at ?? Date.now()).toLocaleTimeString();
  const totals = ops.totals ?? {};
  const latency = totals.grabLatencyMillis ?? {};
  const instances = ops.instances ?? [];
  const persister = ops.persister ?? {};
  $('grabs-per-second').textContent = num(totals.grabsPerSecond);
  $('draws-per-second').textContent = num(totals.drawsPerSecond);
  $('p50').textContent = millis(latency.p50);
  $('p99').textContent = millis(latency.p99);
  $('instances-up').textContent = instances.length;
  $('backlog').textContent = int(persister.backlog);
  $('max-lag').textContent = millis(persister.maxLagMillis, 0);
  const dead = ops.deadLetters ?? {};
  const deadCount = dead.total ?? dead.count ?? dead.entries ?? 0;
  $('dead-letters').textContent = int(deadCount);
  $('dead-letters').className = deadCount > 0 ? 'bad' : 'ok';
  // The money events' outbox (docs/events.md): "off" without a bus, else rows waiting and the oldest's age.
  const outbox = ops.outbox ?? {};
  $('outbox-backlog').textContent = outbox.on ? int(outbox.backlog) : 'off';
  $('outbox-oldest').textContent = outbox.on ? millis(outbox.oldestAgeMillis, 0) : 'off';
  $('outbox-oldest').className = outbox.on && outbox.oldestAgeMillis > 60000 ? 'bad' : 'ok';
  renderAudit(ops.audit);
  table($('outcomes'), ['Outcome', 'per second'],
    Object.entries(totals.outcomesPerSecond ?? {}).map(([k, v]) => [k, num(v)]));
  table($('shards'), ['Shard', 'Backlog', 'Lag (ms)'],
    (persister.shards ?? []).map((s) => [String(s.shard), s.backlog, s.lagMillis]));
  table($('instances'), ['Instance', 'Host', 'Started', 'Grabs/s'],
    instances.map((i) => [String(i.id ?? '?'), i.host ?? '', i.startedAt ? new Date(i.startedAt).toLocaleString() : '',
      num(i.grabsPerSecond)]));
  renderCampaignAnswers(totals, persister);
  renderRedis(ops.redis ?? {});
  renderDeadLetters(dead);
  remember(ops.at ? Date.parse(ops.at) / 1000 : Date.now() / 1000, totals, latency, persister);
}

function renderAudit(audit) {
  const status = $('audit-status');
  if (!audit || !audit.status || audit.status === 'UNKNOWN') {
    status.textContent = 'audit not run yet';
    status.className = '';
  } else {
    const ok = audit.status === 'UP' || audit.status === 'OK' || audit.ok === true;
    status.textContent = ok ? 'audit ok' : 'audit FAILED';
    status.className = ok ? 'ok' : 'bad';
  }
  $('audit-when').textContent = audit?.at
    ? `${audit.scope ?? ''} audit at ${new Date(audit.at).toLocaleTimeString()}, took ${audit.tookMillis ?? '?'} ms` : '';
  table($('audit-checks'), ['Check', 'Result', 'Detail'],
    (audit?.checks ?? []).map((c) => [c.name, c.ok ? 'ok' : 'FAILED', c.detail ?? '']));
}

function renderRedis(redis) {
  const target = $('redis');
  target.replaceChildren(el('p', 'Mode: ' + (redis.mode ?? '–')));
  if (redis.warning) target.append(el('p', redis.warning, 'warning'));
  const nodes = redis.nodes ?? [];
  if (nodes.length) {
    const keys = [...new Set(nodes.flatMap((n) => Object.keys(n)))];
    const t = el('table');
    table(t, keys, nodes.map((n) => keys.map((k) => (typeof n[k] === 'object' ? JSON.stringify(n[k]) : String(n[k] ?? '')))));
    target.append(t);
  }
}

function renderDeadLetters(dead) {
  const target = $('dead-letter-detail');
  target.replaceChildren();
  const rows = Object.entries(dead).filter(([, v]) => v !== null && typeof v !== 'object');
  if (rows.length) { const t = el('table'); table(t, ['', ''], rows.map(([k, v]) => [k, String(v)])); target.append(t); }
  const oldest = dead.oldest;
  if (oldest) {
    target.append(el('p', `Oldest: shard ${oldest.shard}, entry ${oldest.entryId}, moved ${oldest.movedAt}: ${oldest.reason}`,
      'warning'));
  }
}

function remember(at, totals, latency, persister) {
  history.t.push(at);
  history.grabs.push(totals.grabsPerSecond ?? null);
  history.draws.push(totals.drawsPerSecond ?? null);
  history.p50.push(latency.p50 ?? null);
  history.p99.push(latency.p99 ?? null);
  history.backlog.push(persister.backlog ?? null);
  while (history.t.length && history.t[0] < at - KEEP_SECONDS) Object.values(history).forEach((a) => a.shift());
  draw('rates', [history.t, history.grabs, history.draws], [['grabs/s', '#b81d24'], ['draws/s', '#1a5fd0']]);
  draw('latency', [history.t, history.p50, history.p99], [['p50', '#1d6b36'], ['p99', '#b81d24']]);
  draw('backlog', [history.t, history.backlog], [['backlog', '#7a4d00']]);
}

function draw(name, data, series) {
  if (typeof window.uPlot !== 'function') return;
  const target = $('chart-' + name);
  if (!charts[name]) {
    charts[name] = new window.uPlot({
      width: Math.max(280, target.clientWidth), height: 180,
      series: [{}, ...series.map(([label, stroke]) => ({ label, stroke, width: 2 }))],
      axes: [{}, { size: 60 }],
    }, data, target);
  } else {
    charts[name].setData(data);
  }
}

window.addEventListener('resize', () => {
  for (const [name, chart] of Object.entries(charts)) chart.setSize({ width: Math.max(280, $('chart-' + name).clientWidth), height: 180 });
});

$('ops-token-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const token = $('ops-token').value.trim();
  if (!claims(token)) return showSignIn('That does not look like a token.');
  sessionStorage.setItem(KEY, token);
  poll();
});

$('ops-demo').addEventListener('click', async () => {
  const answer = await fetch('/demo/token', {
    method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ userId: 1, admin: true }) });
  if (!answer.ok) return showSignIn(`The demo sign-in answered ${answer.status}.`);
  sessionStorage.setItem(KEY, (await answer.json()).token);
  poll();
});

async function start() {
  try {
    const demo = await (await fetch('/demo', { headers: { Accept: 'application/json' } })).json();
    $('ops-demo').hidden = !demo.enabled;
  } catch {
    $('ops-demo').hidden = true;
  }
  const token = sessionStorage.getItem(KEY);
  if (token && claims(token)?.admin) poll();
  else showSignIn(token ? 'You are signed in without the admin role: paste an admin token.' : null);
}

start();
