// Lists the visible text whose colour contrast with its background is below WCAG AA: 4.5:1, or 3:1 for large text
// (24px, or 18.66px bold). The background is the nearest opaque background colour; text over an image or a gradient
// is left out (it cannot be computed from styles), and so are disabled controls (exempt in WCAG).
const channels = (css) => css.match(/[\d.]+/g).map(Number);
const luminance = ([r, g, b]) => {
  const [R, G, B] = [r, g, b].map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
};
const background = (el) => {
  for (let e = el; e; e = e.parentElement) {
    const style = getComputedStyle(e);
    if (style.backgroundImage !== 'none') return null;
    const c = channels(style.backgroundColor);
    if (c.length < 4 || c[3] >= 0.99) return c.slice(0, 3);
  }
  return [255, 255, 255];
};
const low = [];
for (const el of document.querySelectorAll('body *')) {
  const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  if (!hasText || el.closest(':disabled, [hidden], svg') || el.getClientRects().length === 0) continue;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
  const back = background(el);
  if (!back) continue;
  const fore = channels(style.color);
  const alpha = fore.length === 4 ? fore[3] : 1;
  const shown = fore.slice(0, 3).map((v, i) => v * alpha + back[i] * (1 - alpha));
  const [hi, lo] = [luminance(shown), luminance(back)].sort((a, b) => b - a);
  const ratio = (hi + 0.05) / (lo + 0.05);
  const size = parseFloat(style.fontSize);
  const large = size >= 24 || (Number(style.fontWeight) >= 700 && size >= 18.66);
  if (ratio < (large ? 3 : 4.5)) {
    low.push(`${el.tagName.toLowerCase()}${el.dataset.test ? '[' + el.dataset.test + ']' : ''} "${el.textContent.trim().slice(0, 40)}": ${ratio.toFixed(2)}`);
  }
}
return low;
