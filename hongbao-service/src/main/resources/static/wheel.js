// Lottery wheels: the list, and one wheel with its prizes and a spinning disc that stops on the segment of what the
// API returned (the server decides the draw; the animation only shows it).
import { t } from './i18n.js';
import { get, post, newKey } from './api.js';
import { h, field, messageBox, time } from './dom.js';
import { busy, list } from './app.js';

const SVG = 'http://www.w3.org/2000/svg';
// Red segments carry white labels, gold ones dark red labels: each pair keeps a contrast of 4.5:1 or more.
const COLORS = ['#d9272e', '#f6c343', '#b81d24', '#ffe08a', '#c62828', '#f2b01e'];
const SPIN_MILLIS = 3000;

export async function wheelsView(root) {
  let wheels = [];
  try { wheels = (await get('/api/v1/wheels')).items ?? []; } catch (e) { if (e.status !== 404) throw e; }
  const id = h('input', { type: 'text', required: true, dataTest: 'wheel-id' });
  root.append(h('section', { class: 'card' }, h('h1', {}, t('wheelsTitle')),
    list(wheels, (w) => h('li', { class: 'line', dataTest: 'wheel-item' },
      h('span', {}, h('a', { href: '#/w/' + w.id }, w.name), h('small', {}, t('drawCost', { n: w.drawCost }))),
      h('span', {}, '›')), 'noWheels')),
  h('form', { class: 'card row', onsubmit: (e) => { e.preventDefault(); location.hash = '#/w/' + id.value.trim(); } },
    field('wheelId', id), h('button', { type: 'submit' }, t('openWheel'))));
}

export async function wheelView(root, claims, id) {
  const [wheel, account] = await Promise.all([get('/api/v1/wheels/' + id), get('/api/v1/me/account')]);
  const segments = [...wheel.prizes.map((p) => ({ key: 'prize:' + p.id, name: p.name })),
    { key: 'consolation', name: wheel.consolation.name }];
  const disc = drawDisc(segments);
  const pointsLeft = h('p', { class: 'points-left', dataTest: 'points-left' }, t('pointsLeft', { n: account.points }));
  const result = h('p', { class: 'draw-result', dataTest: 'draw-result', 'aria-live': 'polite' });
  const box = messageBox('draw-message');
  const prizes = h('tbody');
  const draws = h('div');
  let rotation = 0;

  const refresh = async () => {
    const [fresh, mine] = await Promise.all([get('/api/v1/wheels/' + id), get('/api/v1/me/draws?limit=20')]);
    prizes.replaceChildren(...fresh.prizes.map((p) => h('tr', { dataTest: 'prize-row' },
      h('th', { scope: 'row' }, p.name), h('td', {}, p.stock), h('td', {}, p.released), h('td', {}, p.won))));
    draws.replaceChildren(list(mine.items.filter((d) => d.wheelId === id), (d) => h('li', { class: 'line', dataTest: 'my-draw' },
      h('span', {}, d.prize ? d.prize.name : `${t('consolation')}: ${d.consolation.name}`), h('small', {}, time(d.at))), 'noDraws'));
  };

  const spinTo = (key) => new Promise((resolve) => {
    const i = segments.findIndex((s) => s.key === key);
    const slice = 360 / segments.length;
    // The pointer is at the top; segment i spans [i·slice, (i+1)·slice) clockwise from there.
    const target = 360 - (i + 0.5) * slice;
    rotation += 5 * 360 + ((target - rotation) % 360 + 360) % 360;
    disc.svg.classList.add('spinning');
    disc.svg.style.transform = `rotate(${rotation}deg)`;
    const done = () => { disc.svg.classList.remove('spinning'); disc.svg.dataset.landed = segments[i].name; resolve(); };
    setTimeout(done, SPIN_MILLIS + 100);
  });

  const button = h('button', { type: 'button', class: 'primary big', dataTest: 'draw' }, t('draw'));
  button.addEventListener('click', () => busy(button, async () => {
    result.textContent = '';
    delete disc.svg.dataset.landed;
    const answer = await post(`/api/v1/wheels/${id}/draw`, undefined, { key: newKey() });
    if (answer.status === 'PENDING') { result.textContent = t('drawPending'); return; }
    await spinTo(answer.prize ? 'prize:' + answer.prize.id : 'consolation');
    result.textContent = answer.prize ? t('youWon', { name: answer.prize.name })
      : t('consolationWon', { name: answer.consolation.name, points: answer.consolation.points });
    result.dataset.name = answer.prize ? answer.prize.name : answer.consolation.name;
    pointsLeft.textContent = t('pointsLeft', { n: answer.pointsLeft });
    pointsLeft.dataset.points = answer.pointsLeft;
    await refresh();
  }, box, t('drawing')));

  pointsLeft.dataset.points = account.points;
  root.append(h('section', { class: 'card wheel-card' }, h('h1', {}, wheel.name),
    h('p', { class: 'hint' }, t('drawCost', { n: wheel.drawCost })),
    h('div', { class: 'wheel' }, h('div', { class: 'pointer', 'aria-hidden': 'true' }), disc.svg),
    button, result, pointsLeft, box),
  h('section', { class: 'card' }, h('h2', {}, t('prizes')),
    h('table', { class: 'table' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('prize')),
      h('th', { scope: 'col' }, t('stock')), h('th', { scope: 'col' }, t('released')), h('th', { scope: 'col' }, t('won')))),
    prizes)),
  h('section', { class: 'card' }, h('h2', {}, t('myDraws')), draws));
  await refresh();
  void claims;
}

function drawDisc(segments) {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '-100 -100 200 200');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', segments.map((s) => s.name).join(', '));
  svg.classList.add('disc');
  svg.dataset.test = 'wheel-disc';
  const slice = (2 * Math.PI) / segments.length;
  segments.forEach((s, i) => {
    const a0 = i * slice - Math.PI / 2;
    const a1 = a0 + slice;
    const path = document.createElementNS(SVG, 'path');
    const large = slice > Math.PI ? 1 : 0;
    path.setAttribute('d', segments.length === 1 ? 'M0,-95 A95,95 0 1,1 -0.01,-95 Z'
      : `M0,0 L${95 * Math.cos(a0)},${95 * Math.sin(a0)} A95,95 0 ${large},1 ${95 * Math.cos(a1)},${95 * Math.sin(a1)} Z`);
    path.setAttribute('fill', COLORS[i % COLORS.length]);
    path.setAttribute('stroke', '#fff5d6');
    path.dataset.segment = s.name;
    const label = document.createElementNS(SVG, 'text');
    const mid = (a0 + a1) / 2;
    label.setAttribute('x', String(60 * Math.cos(mid)));
    label.setAttribute('y', String(60 * Math.sin(mid)));
    label.setAttribute('text-anchor', 'middle');
    label.setAttribute('dominant-baseline', 'middle');
    label.setAttribute('transform', `rotate(${(mid * 180) / Math.PI + 90} ${60 * Math.cos(mid)} ${60 * Math.sin(mid)})`);
    label.setAttribute('fill', i % 2 ? '#5a0f12' : '#fffaf0');
    label.textContent = s.name.length > 14 ? s.name.slice(0, 13) + '…' : s.name;
    svg.append(path, label);
  });
  return { svg };
}
