// Money is integer cents (fen) in the API; people read and type yuan. Parsing works on the string so that
// "0.29" is 29 cents exactly (0.29 * 100 is 28.999999999999996 in floating point).

const YUAN = /^(\d{1,13})(?:\.(\d{0,2}))?$/;

/** "12.34", "¥1,000", "5." → cents as an integer; null when the text is not an amount of yuan with at most 2 decimals. */
export function parseYuan(text) {
  const clean = String(text ?? '').trim().replace(/^[¥￥]\s*/, '').replace(/,/g, '');
  const m = YUAN.exec(clean);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** 1234 → "¥12.34", -50 → "−¥0.50", 100000 → "¥1,000.00". */
export function yuan(cents) {
  const n = Number(cents);
  const abs = Math.abs(n);
  const whole = Math.floor(abs / 100).toLocaleString('en-US');
  const fen = String(abs % 100).padStart(2, '0');
  return (n < 0 ? '−' : '') + '¥' + whole + '.' + fen;
}
